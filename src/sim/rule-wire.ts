/** Rules as the device writes them: in GET /rules/all, and inside rule save-points. */
import { parsePortList } from '../model/index.js';
import { flowCount } from '../tcam/index.js';
import type { SavedRule, SimRule, SimState } from './state.js';
import { formatRate } from './traffic.js';

export interface RuleCounters {
  n_packets: bigint;
  n_bytes: bigint;
  datarate_raw: number;
}

/** A counter reader for one instant (the traffic model caches per-instant work). */
export function ruleCountersFor(state: SimState, now: number): (r: SimRule) => RuleCounters {
  return (r) => state.traffic.ruleCounters(r.cookie, r.match.in_port ? parsePortList(r.match.in_port) : null, r.since, now);
}

export function ruleToWire(state: SimState, r: SimRule, c: RuleCounters): Record<string, unknown> {
  const young = state.now() - r.since < 1000;
  return {
    cookie: r.cookie,
    name: r.name,
    description: r.description,
    // The spec's field list says string, its sample integer: plain mode answers the
    // sample's integer, --quirks the field list's string.
    priority: state.quirks ? String(r.priority) : r.priority,
    match: r.match,
    actions: r.actions.join(','),
    datarate: young && state.quirks ? 'n/a' : formatRate(c.datarate_raw),
    datarate_raw: young && state.quirks ? 'n/a' : c.datarate_raw,
    n_bytes: c.n_bytes.toString(),
    n_packets: c.n_packets.toString(),
    real_flow_ct: flowCount(r.match),
  };
}

/** Inside a save-point: actions as an array; cookie, priority and counters as strings. */
export function savedRuleToWire(state: SimState, r: SavedRule): Record<string, unknown> {
  const duration = Math.max(0, Math.floor((state.now() - r.since) / 1000));
  return {
    cookie: r.cookie.toString(),
    name: r.name,
    description: r.description,
    priority: String(r.priority),
    match: r.match,
    actions: r.actions,
    n_bytes: (r.n_bytes ?? 0n).toString(),
    n_packets: (r.n_packets ?? 0n).toString(),
    duration: `${duration}s`,
    duration_raw: String(duration),
    hard_age: '0',
    table: '0',
    real_flow_ct: flowCount(r.match),
  };
}
