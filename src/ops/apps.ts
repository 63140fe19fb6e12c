/** The apps family's writes: start, modify and stop an instance; run its custom actions. */
import {
  appActionRequest,
  appModifyRequest,
  appStartRequest,
  appStopRequest,
} from '../api/index.js';
import type { ResourceKey } from '../store/resources.js';
import { operation } from './operation.js';

const APPS: readonly ResourceKey[] = ['apps', 'running'];

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
