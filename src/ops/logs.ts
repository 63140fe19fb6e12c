/** The logs family's write: clearing the device's web log. */
import { clearLogRequest } from '../api/index.js';
import { type KindTable, kinded } from './operation.js';

export const logKinds = { 'logs.clear': { route: 'DELETE /weblog' } } satisfies KindTable;

const operation = kinded(logKinds);

export const logOps = {
  clear: () => operation('logs.clear', clearLogRequest(), (c) => c.logs.clear(), ['log']),
};
