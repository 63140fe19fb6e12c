/** Rules as the device writes them: in GET /rules/all, and inside rule save-points. */
import { engineOf, type RuleCounters } from './engine.js';
import { stringify } from './json.js';
import { ruleFlows } from './rulesets.js';
import type { SavedRule, SimRule, SimState } from './state.js';
import { formatRate } from './traffic.js';

export type { RuleCounters };

/** A counter reader for one instant: what the rule's flows carried since its `since`. */
export function ruleCountersFor(state: SimState, now: number): (r: SimRule) => RuleCounters {
  const engine = engineOf(state);
  return (r) => engine.ruleCounters(r, now);
}

/** Everything but the counters, serialized once per rule and state version. */
const heads = new WeakMap<SimRule, { version: number; head: string }>();

/** Tables up to this long are written at once; longer ones RULES_SLICE rules per turn. */
export const RULES_AT_ONCE = 4096;
const RULES_SLICE = 1024;

/**
 * GET /rules/all as UTF-8 JSON. Each rule's text but its counters is kept per state version,
 * so a list of thousands of rules costs little more than its counters. A big table (65,536
 * rules take ~0.4 s) is written and encoded RULES_SLICE rules per turn of the event loop, so
 * that a console running in the same process (the drills, `pbc --demo`) keeps answering keys
 * meanwhile. The rules and the counter instant are taken when the request arrives; a write
 * that lands while the answer is being written may show in its later part.
 */
export async function rulesAllJsonInSlices(state: SimState, usedFlows: number): Promise<Buffer> {
  const rules = [...state.rules.values()];
  const text = ruleText(state, state.counterNow());
  const slices: Buffer[] = [Buffer.from('{"rules":[')];
  const size = rules.length <= RULES_AT_ONCE ? RULES_AT_ONCE : RULES_SLICE;
  for (let start = 0; start < rules.length; start += size) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const parts = rules.slice(start, start + size).map(text);
    slices.push(Buffer.from(`${start > 0 ? ',' : ''}${parts.join(',')}`));
  }
  slices.push(Buffer.from(`],"used_flows":${usedFlows}}`));
  return Buffer.concat(slices);
}

/** One rule's JSON with its counters at `now`. */
function ruleText(state: SimState, now: number): (r: SimRule) => string {
  const counters = ruleCountersFor(state, now);
  return (r) => {
    let h = heads.get(r);
    if (!h || h.version !== state.version) {
      h = { version: state.version, head: ruleHead(state, r) };
      heads.set(r, h);
    }
    const c = counters(r);
    // With --quirks a rule younger than a second has no rate yet.
    const young = state.quirks && now - r.since < 1000;
    return `${h.head},"datarate":${young ? '"n/a"' : JSON.stringify(formatRate(c.datarate_raw))},"datarate_raw":${young ? '"n/a"' : c.datarate_raw},"n_bytes":"${c.n_bytes}","n_packets":"${c.n_packets}","real_flow_ct":${ruleFlows(r.match)}}`;
  };
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
