/**
 * Which save-point the device runs now (issue 29: after activating, nothing said so). Two
 * facts, and what the FLAGS column says of them:
 * - the contents: a save-point whose rules and groups (ports: settings) equal the device's
 *   active ones is what it runs: `active` — whoever activated it, or several if they are equal;
 * - what this console activated: when the device's rules no longer equal it (edited since, here
 *   or by another operator), the contents win — it is not `active` — and the one activated
 *   reads `was active` (what the device runs started from it).
 * Nothing is said before the active rules are read.
 */
import type { Group, PortConfig, PortSavePoint, Rule, RuleSavePoint } from '../../model/index.js';
import { diffGroups, diffPorts, diffRules } from './diff.js';

export type Pane = 'rules' | 'ports';
/** The save-point this console activated last, per pane. */
export type Activated = Partial<Record<Pane, string>>;
export type Running = 'active' | 'was active';

export interface ActiveNow {
  rules: readonly Rule[] | undefined;
  groups: readonly Group[] | undefined;
  config: readonly PortConfig[] | undefined;
}

/** The device's active rules and groups are exactly the save-point's. */
export function runsRules(sp: RuleSavePoint, rules: readonly Rule[], groups: readonly Group[]) {
  const r = diffRules(rules, sp.rules);
  const g = diffGroups(groups, sp.groups);
  return (
    r.added.length + r.removed.length + r.changed.length === 0 &&
    g.added.length + g.removed.length + g.changed.length === 0
  );
}

/** Every port the save-point sets has those settings now (ports it does not name are free). */
export function runsPorts(sp: PortSavePoint, config: readonly PortConfig[]) {
  const d = diffPorts(config, sp.ports);
  return d.changed.length + d.added.length === 0;
}

/** `rules:NAME` / `ports:NAME` → what the FLAGS column says of it (absent: nothing). */
export function runningMarks(
  saved: { rules: readonly RuleSavePoint[]; ports: readonly PortSavePoint[] },
  now: ActiveNow,
  activated: Activated,
): Map<string, Running> {
  const out = new Map<string, Running>();
  const mark = (pane: Pane, name: string, same: boolean) => {
    if (same) out.set(`${pane}:${name}`, 'active');
    else if (activated[pane] === name) out.set(`${pane}:${name}`, 'was active');
  };
  if (now.rules && now.groups)
    for (const sp of saved.rules) mark('rules', sp.name, runsRules(sp, now.rules, now.groups));
  if (now.config) for (const sp of saved.ports) mark('ports', sp.name, runsPorts(sp, now.config));
  return out;
}
