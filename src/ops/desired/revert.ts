/**
 * What `pbc apply --revert-after` takes before the first write, so one armed revert sets
 * back the whole apply: the before state of what the apply changes outside the rules — the
 * port settings, group hash and boot save-point the file sets to something else than the
 * device has (what it already has is not written back: a port setting written is a link
 * that may flap) — as requests, then a rule
 * save-point `pbc-revert-<id>` for the rules and groups (always: a plan's group POST or
 * prune touches rules the file does not name). Reverting sends the requests, then
 * activates and deletes the save-point.
 */
import type { Client, PortConfigChanges } from '../../api/index.js';
import { GROUP_HASH_FIELDS, PORT_SETTING_FIELDS } from '../../model/index.js';
import { deviceOps } from '../device.js';
import type { Operation } from '../operation.js';
import { portOps } from '../ports.js';
import type { RevertPlan } from '../revert/recipe.js';
import { savepointOps } from '../savepoints.js';
import type { DesiredConfig } from './types.js';

const PORT_FIELDS = PORT_SETTING_FIELDS;

/** The file's value and the device's, alike (case and number-vs-text aside). */
const same = (want: unknown, is: unknown) =>
  String(want).toLowerCase() === String(is).toLowerCase();

/** The operations that set back what `config` owns outside the rules and groups. */
export async function beforeRequests(client: Client, config: DesiredConfig): Promise<Operation[]> {
  const out: Operation[] = [];
  if (config.ports) {
    const now = new Map((await client.ports.config()).map((p) => [p.if_name, p]));
    for (const [name, want] of Object.entries(config.ports)) {
      const p = now.get(name);
      if (!p) continue;
      const back: PortConfigChanges = {};
      for (const k of PORT_FIELDS) {
        if (want[k] === undefined) continue;
        const v = k === 'xg_speed' ? p.xg_speed?.nextSetting : p[k];
        // only what the apply may change: a port set to what it has is not written back
        if (v !== undefined && !same(want[k], v)) (back as Record<string, unknown>)[k] = v;
      }
      if (Object.keys(back).length > 0) out.push(portOps.setConfig(name, back));
    }
  }
  if (config.group_hash) {
    const hash = await client.device.groupHash();
    const want = config.group_hash;
    if (GROUP_HASH_FIELDS.some((k) => want[k] !== undefined && want[k] !== hash[k]))
      out.push(deviceOps.setGroupHash(hash));
  }
  if (config.boot_savepoint !== undefined) {
    const boot = (await client.savepoints.list()).rules.find((sp) => sp.boot);
    if (boot && boot.name !== config.boot_savepoint) out.push(savepointOps.setDefault(boot.name));
  }
  return out;
}

/** The revert of an apply; `load` reads the file (again) when the revert is armed. */
export function desiredRevertPlan(load: () => Promise<DesiredConfig>): RevertPlan {
  return {
    kind: 'several',
    parts: [
      { kind: 'requests', capture: async (c) => beforeRequests(c, await load()) },
      { kind: 'savepoint', of: 'rules' },
    ],
  };
}
