/** The logs family's write: clearing the device's web log. */
import { clearLogRequest } from '../api/index.js';
import { operation } from './operation.js';

export const logOps = {
  clear: () => operation('logs.clear', clearLogRequest(), (c) => c.logs.clear(), ['log']),
};
