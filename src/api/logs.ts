/** The logs family: /weblog. */
import type { WebLog } from '../model/types.js';
import { normalizeWebLog } from './normalize-system.js';
import type { Transport } from './transport.js';

export interface LogsApi {
  get(): Promise<WebLog>;
  clear(): Promise<string>;
}

export function logsApi(t: Transport): LogsApi {
  return {
    async get() {
      return normalizeWebLog(await t.request('GET', '/weblog'));
    },
    clear: () => t.write('DELETE', '/weblog'),
  };
}
