/** The logs family: /weblog. */
import type { WebLog } from '../model/types.js';
import { normalizeWebLog } from './normalize-system.js';
import { type ApiRequest, queryRequest, sendWrite } from './request.js';
import type { Transport } from './transport.js';

/** DELETE /weblog. */
export const clearLogRequest = (): ApiRequest => queryRequest('DELETE', '/weblog');

export interface LogsApi {
  get(): Promise<WebLog>;
  clear(): Promise<string>;
}

export function logsApi(t: Transport): LogsApi {
  return {
    async get() {
      return normalizeWebLog(await t.request('GET', '/weblog'));
    },
    clear: () => sendWrite(t, clearLogRequest()),
  };
}
