/** The apps family: /apps, /apps/running, /apps/action. */
import type { App, AppInstance } from '../model/types.js';
import { normalizeApps, normalizeRunning } from './normalize-system.js';
import type { Transport } from './transport.js';

export interface AppsApi {
  list(): Promise<App[]>;
  running(): Promise<AppInstance[]>;
  /** POST /apps: starts an instance with app-specific parameters. */
  start(name: string, userDescription: string, params?: Record<string, string>): Promise<string>;
  /** PUT /apps: changes an instance's description and parameters. */
  modify(pid: number, userDescription: string, params?: Record<string, string>): Promise<string>;
  /** DELETE /apps. */
  stop(pid: number): Promise<string>;
  /** POST /apps/action: runs one of the app's custom actions. */
  action(pid: number, actionName: string): Promise<string>;
}

export function appsApi(t: Transport): AppsApi {
  return {
    async list() {
      return normalizeApps(await t.request('GET', '/apps'));
    },
    async running() {
      return normalizeRunning(await t.request('GET', '/apps/running'));
    },
    // The fixed fields come last so an app parameter cannot shadow them.
    start: (name, userDescription, params = {}) =>
      t.write('POST', '/apps', { query: { ...params, name, user_description: userDescription } }),
    modify: (pid, userDescription, params = {}) =>
      t.write('PUT', '/apps', { query: { ...params, pid, user_description: userDescription } }),
    stop: (pid) => t.write('DELETE', '/apps', { query: { pid } }),
    action: (pid, actionName) =>
      t.write('POST', '/apps/action', { query: { pid, action_name: actionName } }),
  };
}
