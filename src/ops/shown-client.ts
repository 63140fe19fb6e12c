/**
 * The device as the console shows it: a client whose lists (rules, groups, port settings,
 * save-points, users, apps) are answered from the store's data as it is now — what the
 * operator sees on screen when a confirmation opens, the base of its writes (issue 31).
 * A list the store does not hold fresh is read from the device.
 */
import type { Client } from '../api/index.js';
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleStore } from '../store/store.js';

/** Each held resource, and the client method (family, method) that fetches it. */
const HELD: readonly [ResourceKey, string, string][] = [
  ['rules', 'rules', 'list'],
  ['groups', 'groups', 'list'],
  ['config', 'ports', 'config'],
  ['savepoints', 'savepoints', 'list'],
  ['users', 'users', 'list'],
  ['apps', 'apps', 'list'],
  ['running', 'apps', 'running'],
];

export function shownClient(c: Client, store: ConsoleStore): Client {
  const out = { ...c } as unknown as Record<string, Record<string, unknown>>;
  const { resources } = store.getState();
  for (const [key, family, method] of HELD) {
    const r = resources[key];
    if (r.failures !== 0 || r.data === undefined) continue;
    const data = r.data;
    out[family] = { ...out[family], [method]: async () => data };
  }
  return out as unknown as Client;
}
