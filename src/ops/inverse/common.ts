/**
 * What every family's inverses (undo, src/ops/inverse/<family>.ts) share: the answers (the
 * steps, or why there are none) and the inputs that put a rule, a group or a port back as the
 * journal recorded it.
 */
import { type GroupType, PORT_SETTING_FIELDS } from '../../model/index.js';
import type { Inverse, Invert, Operation } from '../operation.js';
import type { RuleState } from '../rule-state.js';

// biome-ignore lint/suspicious/noExplicitAny: journal states are JSON read back from the file
export type Json = any;

/** A family's inverses, one per kind of its kind table (a kind added without one fails tsc). */
export type InverseTable<K extends string> = Record<K, Invert>;

export const none = (why: string): Inverse => ({ ok: false, why });

export const steps = (ops: Operation[], ...notes: string[]): Inverse =>
  ops.length === 0 ? none('there is nothing to put back') : { ok: true, steps: ops, notes };

/** An inverse that is never possible. */
export const never =
  (why: string): Invert =>
  () =>
    none(why);

export const SECRET_NOTE =
  'pbc never keeps passwords or secrets, so it cannot send the old one back';

export const ruleInput = (r: RuleState) => ({
  priority: r.priority,
  match: { ...r.match },
  actions: [...r.actions],
  name: r.name,
  description: r.description,
  cookie: r.cookie,
});

export const groupInput = (g: Json) => ({
  group_id: Number(g.group_id),
  type: g.type as GroupType,
  ...(g.description ? { description: String(g.description) } : {}),
  buckets: (g.buckets ?? []).map((b: Json) => ({
    watch_port: String(b.watch_port ?? ''),
    actions: Array.isArray(b.actions) ? b.actions.map(String) : String(b.actions).split(','),
  })),
});

/** The settings of `was` for the fields `changed` names (xg_speed: the setting it had next). */
export function portBack(was: Json, changed: Json): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of PORT_SETTING_FIELDS) {
    if (!(f in changed) || was[f] === undefined) continue;
    out[f] = f === 'xg_speed' ? (was.xg_speed?.nextSetting ?? was.xg_speed?.currSetting) : was[f];
  }
  return out;
}
