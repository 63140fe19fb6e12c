/**
 * What a guarded change affects, from the view before it and the first view after it:
 * the rules it added, changed or deleted (a rule using a changed group counts), the rules
 * those may take traffic from — of no higher priority, whose match overlaps one of theirs by
 * the TCAM's one shadowing check (src/tcam/shadow.ts) — and the ports the changed rules send
 * to before and after, plus the tool ports of a `tools:` intents file when one is in use.
 */
import { overlaps } from '../tcam/index.js';
import { deliveries } from '../traffic/index.js';
import type { RuleRate, View } from './health-sample.js';

export interface Watched {
  ports: number[];
  /** Keys of the rules added, changed or deleted. */
  rules: string[];
  /** Keys of the other rules a changed rule may shadow (lower or equal priority, overlapping). */
  shadowed: string[];
  /** The highest priority among the changed rules (-1: no rule changed: every rule is watched). */
  top: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The groups whose definition differs between the two views. */
function changedGroups(base: View, after: View): Set<number> {
  const out = new Set<number>();
  for (const id of new Set([...base.groups.keys(), ...after.groups.keys()]))
    if (!same(base.groups.get(id), after.groups.get(id))) out.add(id);
  return out;
}

/** The changed rules, each with the view it is read in (the old version in `base`). */
function changedRules(base: View, after: View): [RuleRate, View][] {
  const groups = changedGroups(base, after);
  const usesChanged = (r: RuleRate) =>
    r.actions.some((a) => groups.has(Number(/^group:(\d+)$/.exec(a)?.[1] ?? Number.NaN)));
  const beforeByKey = new Map(base.rules.map((r) => [r.key, r]));
  const afterKeys = new Set(after.rules.map((r) => r.key));
  const out: [RuleRate, View][] = [];
  for (const r of after.rules) {
    const b = beforeByKey.get(r.key);
    if (b && same(b.actions, r.actions) && !usesChanged(r)) continue;
    out.push([r, after]);
    if (b) out.push([b, base]);
  }
  for (const b of base.rules) if (!afterKeys.has(b.key) || usesChanged(b)) out.push([b, base]);
  return out;
}

/** The other rules of `views` a changed rule may take traffic from. */
function shadowedBy(changed: RuleRate[], views: View[]): string[] {
  const keys = new Set(changed.map((r) => r.key));
  const out = new Set<string>();
  for (const v of views)
    for (const r of v.rules)
      if (
        !keys.has(r.key) &&
        changed.some((c) => c.priority >= r.priority && overlaps(c.match, r.match))
      )
        out.add(r.key);
  return [...out];
}

export function watchedOf(base: View, after: View, toolPorts: readonly number[] = []): Watched {
  const changed = changedRules(base, after);
  const ports = new Set<number>(toolPorts);
  for (const [r, v] of changed) {
    const up = (n: number) => v.ports.find((p) => p.no === n)?.up ?? false;
    for (const d of deliveries(r.actions, v.groups, up)) ports.add(d.port);
  }
  const rules = changed.map(([r]) => r);
  return {
    ports: [...ports].sort((a, b) => a - b),
    rules: [...new Set(rules.map((r) => r.key))],
    shadowed: shadowedBy(rules, [base, after]),
    top: Math.max(-1, ...rules.map((r) => r.priority)),
  };
}
