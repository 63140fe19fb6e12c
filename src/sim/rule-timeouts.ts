/**
 * Rules that remove themselves: `match[extra]=hard_timeout=N idle_timeout=N` in the vendor's
 * dialect (model/dialect.ts). A hard timeout removes the rule N seconds after it was written;
 * an idle one N seconds without a matched packet: the forwarding engine's counters for the
 * flows the rule wins (a rule that wins no flow, or whose flows' port is down, is idle).
 * Expiry is checked whenever the rules are read or written (GET /rules/all, /flownumbers,
 * every /rules write, save-point creation) and logged like the device does:
 * `rules: rule 'x' (priority 100) removed: hard_timeout 30 s`.
 */
import { canonicalMatch } from '../model/index.js';
import { engineOf } from './engine.js';
import { rulesKey, type SimRule, type SimState } from './state.js';

/** The rules with a timeout, recomputed only when the state changed. */
const timedOf = new WeakMap<SimState, { version: number; rules: SimRule[] }>();

function timedRules(state: SimState): SimRule[] {
  const hit = timedOf.get(state);
  if (hit && hit.version === state.version) return hit.rules;
  const rules: SimRule[] = [];
  for (const r of state.rules.values()) {
    const t = canonicalMatch(r.match).timeouts;
    if (t.hard || t.idle) rules.push(r);
  }
  timedOf.set(state, { version: state.version, rules });
  return rules;
}

const key = (r: SimRule) => rulesKey(r.priority, r.match);

/** Why the rule is gone at `now`, or null while it stays. */
function expiryOf(state: SimState, r: SimRule, now: number): string | null {
  const { hard, idle } = canonicalMatch(r.match).timeouts;
  const added = r.added ?? r.since;
  if (hard && now - added >= hard * 1000) return `hard_timeout ${hard} s`;
  if (idle && now - added >= idle * 1000) {
    const moved = engineOf(state).movedUntil(r, now);
    if (now - Math.max(moved, added) >= idle * 1000) return `idle_timeout ${idle} s`;
  }
  return null;
}

/** Removes every rule whose timeout has passed, one log line each. */
export function expireRules(state: SimState): void {
  const timed = timedRules(state);
  if (timed.length === 0) return;
  const now = state.counterNow();
  for (const r of timed) {
    const why = expiryOf(state, r, now);
    if (why === null) continue;
    state.rules.delete(key(r));
    state.changed(`rules: rule '${r.name}' (priority ${r.priority}) removed: ${why}`);
  }
}
