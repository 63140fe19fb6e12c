/**
 * Groups and the rules that send to them (`group:N` actions). The device refuses to delete
 * a group while rules use it (DELETE /groups answers 409, see docs/simulator.md): the
 * console and `pbc groups rm` say so the same way and send nothing.
 */
import type { RuleKey } from '../model/index.js';

const GROUP_ACTION = /^group:\s*(\d+)$/;

/** The rules whose actions send to one of `ids`. */
export function rulesUsingGroups<R extends { actions: readonly string[] }>(
  rules: readonly R[],
  ids: ReadonlySet<number>,
): R[] {
  return rules.filter((r) =>
    r.actions.some((a) => ids.has(Number(GROUP_ACTION.exec(a.trim())?.[1] ?? Number.NaN))),
  );
}

/** Group id → the rules whose actions send to it. */
export function groupUsage<R extends { actions: readonly string[] }>(
  rules: readonly R[],
): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const r of rules) {
    for (const a of r.actions) {
      const m = GROUP_ACTION.exec(a.trim());
      if (!m) continue;
      const id = Number(m[1]);
      const list = out.get(id);
      if (list) {
        if (!list.includes(r)) list.push(r);
      } else out.set(id, [r]);
    }
  }
  return out;
}

/** Why the device refuses DELETE /groups for this group, or null when no rule uses it. */
export function groupDeleteRefusal(
  id: number,
  users: readonly (RuleKey & { name: string })[],
): string | null {
  const n = users.length;
  if (n === 0) return null;
  const names = users
    .slice(0, 3)
    .map((r) => `'${r.name || `(no name, priority ${r.priority})`}'`)
    .join(', ');
  return `the device refuses: group ${id} is used by ${n} ${n === 1 ? 'rule' : 'rules'} (${names}${n > 3 ? ` and ${n - 3} more` : ''}) — delete those rules first`;
}
