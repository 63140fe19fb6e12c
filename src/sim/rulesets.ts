/**
 * The active rule set as a whole: TCAM accounting, validation against the device's ports
 * and groups, and replacing it from a save-point (all or nothing).
 */
import type { Group, Match, StorageMode } from '../model/index.js';
import {
  capacity,
  errorsOf,
  flowCount,
  type RuleContext,
  validateActions,
  validateMatch,
} from '../tcam/index.js';
import { badRequest, conflict } from './errors.js';
import { portMap } from './ports.js';
import { rulesKey, type SimRule, type SimState, type StoredRuleSavePoint } from './state.js';

export function ruleContext(
  state: SimState,
  groups: ReadonlyMap<number, Group> = state.groups,
): RuleContext {
  return {
    storageMode: state.settings.storageMode.current,
    ports: portMap(state),
    groups: new Set(groups.keys()),
  };
}

/** A rule's match never changes (it is its identity), so its cost is computed once. */
const flowsOfMatch = new WeakMap<Match, number>();

export function ruleFlows(match: Match): number {
  let n = flowsOfMatch.get(match);
  if (n === undefined) {
    n = flowCount(match);
    flowsOfMatch.set(match, n);
  }
  return n;
}

export function usedFlows(
  state: SimState,
  rules: Iterable<SimRule> = state.rules.values(),
): number {
  let n = 0;
  for (const r of rules) n += ruleFlows(r.match);
  return n;
}

/** Throws 400 naming the first problem of a rule's match and actions. */
export function assertValidRule(match: Match, actions: string[], ctx: RuleContext): void {
  const errors = errorsOf([...validateMatch(match, ctx), ...validateActions(actions, ctx)]);
  if (errors.length > 0) throw badRequest(errors.map((e) => e.message).join('; '));
}

/** Throws 409 when adding `extra` entries would exceed what the TCAM accepts. */
export function assertFits(used: number, extra: number, mode: StorageMode): void {
  const cap = capacity(mode);
  if (used + extra > cap.hardLimit)
    throw conflict(
      `TCAM full: the rule set needs ${used + extra} flows but ${mode} mode holds at most ${cap.maximum} (+2 %: ${cap.hardLimit}); ${used} in use`,
    );
}

/** Why the active rules cannot stay under `mode`, or null when they can. */
export function storageModeProblem(state: SimState, mode: StorageMode): string | null {
  const ctx = { ...ruleContext(state), storageMode: mode };
  for (const r of state.rules.values()) {
    const errs = errorsOf(validateMatch(r.match, ctx));
    if (errs.length > 0)
      return `rule '${r.name}' (priority ${r.priority}) cannot stay in ${mode} mode: ${errs[0]!.message}`;
  }
  const used = usedFlows(state);
  const cap = capacity(mode);
  if (used > cap.hardLimit)
    return `the active rules use ${used} flows; ${mode} mode holds at most ${cap.maximum} (+2 %: ${cap.hardLimit})`;
  return null;
}

/**
 * Replaces the active rules and groups with a save-point's, or throws (state unchanged)
 * when one of them does not fit the current ports, groups, storage mode or TCAM.
 */
export function loadRuleSet(state: SimState, sp: StoredRuleSavePoint): void {
  const groups = new Map(sp.groups.map((g) => [g.group_id, structuredClone(g)]));
  const ctx = ruleContext(state, groups);
  for (const g of groups.values()) {
    for (const b of g.buckets) {
      const errors = errorsOf(validateActions(b.actions, ctx));
      if (errors.length > 0)
        throw conflict(
          `save-point '${sp.name}' cannot be applied: group ${g.group_id}: ${errors[0]!.message}`,
        );
    }
  }
  const rules = new Map<string, SimRule>();
  const now = state.now();
  for (const r of sp.rules) {
    const errors = errorsOf([...validateMatch(r.match, ctx), ...validateActions(r.actions, ctx)]);
    if (errors.length > 0)
      throw conflict(
        `save-point '${sp.name}' cannot be applied: rule '${r.name}': ${errors[0]!.message}`,
      );
    rules.set(rulesKey(r.priority, r.match), {
      cookie: r.cookie,
      name: r.name,
      description: r.description,
      priority: r.priority,
      match: { ...r.match },
      actions: [...r.actions],
      since: now,
    });
  }
  try {
    assertFits(0, usedFlows(state, rules.values()), state.settings.storageMode.current);
  } catch (e) {
    throw conflict(`save-point '${sp.name}' cannot be applied: ${(e as Error).message}`);
  }
  state.rules = rules;
  state.groups = groups;
}

/** The read-only factory save-point: taps the first ports towards the monitoring tools. */
export function factoryRuleSavePoint(state: SimState, name: string): StoredRuleSavePoint {
  const now = state.now();
  const rule = (
    priority: number,
    match: Match,
    actions: string[],
    n: string,
    d: string,
  ): SimRule => ({
    cookie: state.newCookie(),
    name: n,
    description: d,
    priority,
    match,
    actions,
    since: now,
  });
  return {
    name,
    description: 'Factory default: tap ports 1-2 to the tool port, web traffic to the analyzer',
    readonly: true,
    groups: [],
    rules: [
      rule(
        1000,
        { in_port: '1' },
        ['output:9'],
        'tap-1',
        'Copy everything from port 1 to the tool port',
      ),
      rule(
        1000,
        { in_port: '2' },
        ['output:9'],
        'tap-2',
        'Copy everything from port 2 to the tool port',
      ),
      rule(
        2000,
        { in_port: '3', tcp: '', tcp_dst: '443' },
        ['output:10'],
        'https-3',
        'HTTPS from port 3 to the analyzer',
      ),
      rule(
        100,
        { in_port: '4', udp: '', udp_dst: '1000-1999' },
        ['output:10'],
        'udp-range',
        'A port range: 7 TCAM flows',
      ),
    ],
  };
}
