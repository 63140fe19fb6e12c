/** Rules as the device writes them: in GET /rules/all, and inside rule save-points. */
import { parsePortList } from '../model/index.js';
import { stringify } from './json.js';
import { ruleFlows } from './rulesets.js';
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

/**
 * GET /rules/all as JSON text. Everything but the counters is serialized once per rule and
 * state version, so a list of thousands of rules costs little more than its counters.
 */
const heads = new WeakMap<SimRule, { version: number; head: string }>();

export function rulesAllJson(state: SimState, rules: Iterable<SimRule>, usedFlows: number): string {
  const now = state.counterNow();
  const counters = ruleCountersFor(state, now);
  const parts: string[] = [];
  for (const r of rules) {
    let h = heads.get(r);
    if (!h || h.version !== state.version) {
      h = { version: state.version, head: ruleHead(state, r) };
      heads.set(r, h);
    }
    const c = counters(r);
    // With --quirks a rule younger than a second has no rate yet.
    const young = state.quirks && now - r.since < 1000;
    parts.push(
      `${h.head},"datarate":${young ? '"n/a"' : JSON.stringify(formatRate(c.datarate_raw))},"datarate_raw":${young ? '"n/a"' : c.datarate_raw},"n_bytes":"${c.n_bytes}","n_packets":"${c.n_packets}","real_flow_ct":${ruleFlows(r.match)}}`,
    );
  }
  return `{"rules":[${parts.join(',')}],"used_flows":${usedFlows}}`;
}

/** A rule's JSON up to its counters: the object's text without its closing brace. */
function ruleHead(state: SimState, r: SimRule): string {
  const text = stringify({
    cookie: r.cookie,
    name: r.name,
    description: r.description,
    // The spec's field list says string, its sample integer: plain mode answers the
    // sample's integer, --quirks the field list's string.
    priority: state.quirks ? String(r.priority) : r.priority,
    match: r.match,
    actions: r.actions.join(','),
  });
  return text.slice(0, -1);
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
    real_flow_ct: ruleFlows(r.match),
  };
}
