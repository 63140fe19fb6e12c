/** The apps family's writes: start, modify and stop an instance; run its custom actions. */
import {
  appActionRequest,
  appModifyRequest,
  appStartRequest,
  appStopRequest,
} from '../api/index.js';
import type { ResourceKey } from '../store/resources.js';
import { type KindTable, kinded, type StateReader } from './operation.js';

const APPS: readonly ResourceKey[] = ['apps', 'running'];

/** The running instances, as undo starts them again. */
const running: StateReader = async (c) =>
  (await c.apps.running()).map((a) => ({
    pid: a.pid,
    name: a.name,
    user_description: a.user_description,
    params: a.params,
  }));

const appAt: StateReader = async (c, r, phase) => {
  const pid = Number(((r.query ?? r.json ?? {}) as Record<string, unknown>).pid);
  const list = (await running(c, r, phase)) as { pid: number }[];
  return list.find((a) => a.pid === pid) ?? null;
};

export const appKinds = {
  'apps.start': { route: 'POST /apps', read: running },
  'apps.modify': { route: 'PUT /apps', read: appAt },
  'apps.stop': { route: 'DELETE /apps', read: appAt },
  'apps.action': { route: 'POST /apps/action' },
} satisfies KindTable;

const operation = kinded(appKinds);

export const appOps = {
  start: (name: string, description: string, params: Record<string, string> = {}) =>
    operation(
      'apps.start',
      appStartRequest(name, description, params),
      (c) => c.apps.start(name, description, params),
      APPS,
    ),
  modify: (pid: number, description: string, params: Record<string, string> = {}) =>
    operation(
      'apps.modify',
      appModifyRequest(pid, description, params),
      (c) => c.apps.modify(pid, description, params),
      APPS,
    ),
  stop: (pid: number) => operation('apps.stop', appStopRequest(pid), (c) => c.apps.stop(pid), APPS),
  action: (pid: number, actionName: string) =>
    operation(
      'apps.action',
      appActionRequest(pid, actionName),
      (c) => c.apps.action(pid, actionName),
      APPS,
    ),
};
