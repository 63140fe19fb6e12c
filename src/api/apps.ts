/** The apps family: /apps, /apps/running, /apps/action. */
import type { App, AppInstance } from '../model/types.js';
import { normalizeApps, normalizeRunning } from './normalize-system.js';
import { type ApiRequest, queryRequest, sendWrite } from './request.js';
import type { Transport } from './transport.js';

// The fixed fields come last so an app parameter cannot shadow them.
/** POST /apps: start an instance of `name`. */
export const appStartRequest = (
  name: string,
  userDescription: string,
  params: Record<string, string> = {},
): ApiRequest =>
  queryRequest('POST', '/apps', { ...params, name, user_description: userDescription });

/** PUT /apps: change an instance's description and parameters. */
export const appModifyRequest = (
  pid: number,
  userDescription: string,
  params: Record<string, string> = {},
): ApiRequest =>
  queryRequest('PUT', '/apps', { ...params, pid, user_description: userDescription });

/** DELETE /apps: stop an instance. */
export const appStopRequest = (pid: number): ApiRequest => queryRequest('DELETE', '/apps', { pid });

/** POST /apps/action: run one of an instance's custom actions. */
export const appActionRequest = (pid: number, actionName: string): ApiRequest =>
  queryRequest('POST', '/apps/action', { pid, action_name: actionName });

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
    start: (name, userDescription, params) =>
      sendWrite(t, appStartRequest(name, userDescription, params)),
    modify: (pid, userDescription, params) =>
      sendWrite(t, appModifyRequest(pid, userDescription, params)),
    stop: (pid) => sendWrite(t, appStopRequest(pid)),
    action: (pid, actionName) => sendWrite(t, appActionRequest(pid, actionName)),
  };
}
