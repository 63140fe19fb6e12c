/**
 * Tool-port load: which rules (and through which groups) send traffic to which port, how
 * much, and whether a port is asked for more than its line rate. Built only from what any
 * device gives — the rule table with each rule's rate (`datarate_raw`), the groups, the
 * ports' state and speed, and the port counters' rates — so it reads a real device as well
 * as the simulator.
 *
 * Where a rule's traffic goes (`deliveries`), statically, without a packet:
 * - `output:N[,M…]` (or the vendor's bare `N,M`): every port listed gets all of it;
 * - `group:ID`: `all` runs every bucket; `select` gives each live bucket (watch port up or
 *   unset) an equal share — the device picks one by a hash of the packet, so an even split
 *   is the estimate; `ff` the first live bucket gets all of it;
 * - `drop` ends the list: nothing after it is delivered.
 * A rule's demand on a port is its rate times that share (packet size changes on the way
 * out — push_vlan and the like — are left out).
 */
import type { Group, RuleKey } from '../model/index.js';
import { type Via, walkActions } from '../tcam/actions.js';

/** A share of a rule's traffic delivered to one port. */
export interface Delivery {
  port: number;
  /** 0..1 (more when the actions send the port several copies). */
  share: number;
  /** The group it went through, with the bucket(s): null for all buckets of an `all` group. */
  group?: Via;
}

/**
 * Where a rule with these actions sends its traffic, port by port (see the module comment):
 * the one action interpreter (actions.ts), a select group split evenly over its live buckets.
 */
export function deliveries(
  actions: readonly string[],
  groups: ReadonlyMap<number, Group>,
  portUp: (port: number) => boolean,
): Delivery[] {
  const out: Delivery[] = [];
  walkActions(
    actions,
    { groups, portUp, select: (live) => live },
    {
      output: (port, share, _size, via) =>
        out.push({ port, share, ...(via ? { group: via } : {}) }),
    },
  );
  return out;
}

/** Port → share of the traffic (several deliveries to one port add up). */
export function sharesByPort(list: readonly Delivery[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const d of list) m.set(d.port, (m.get(d.port) ?? 0) + d.share);
  return m;
}

/** Line rate in bit/s of a speed (`10G (auto)`, `1000`): src/model's one reading. */
export { lineRateBps } from '../model/index.js';

/** `10G`, `1G`, `100M`: a line rate in words. */
export function lineRateText(bps: number): string {
  return bps >= 1e9 ? `${+(bps / 1e9).toFixed(1)}G` : `${+(bps / 1e6).toFixed(1)}M`;
}

/** What the load model needs of a rule. */
export interface RatedRule extends RuleKey {
  name: string;
  actions: readonly string[];
  /** bit/s; null when the device did not say. */
  datarate_raw: number | null;
}

/** What the load model needs of a port. */
export interface LoadPort {
  no: number;
  name: string;
  /** Link up and not shut down. */
  up: boolean;
  lineBps: number | null;
  /** Measured tx now, bit/s (null until two samples). */
  txBps: number | null;
  /** tx drops per second now (null until two samples). */
  txDropPps: number | null;
  /** tx packets per second now (null until two samples; unknown: any tx drop counts). */
  txPps?: number | null;
  /**
   * Measured rx now, bit/s (null until two samples; absent where not sampled, as in a plan):
   * bounds the traffic no rule matches on this input port (unmatched.ts).
   */
  rxBps?: number | null;
}

/**
 * Tx drops count as "rising" from this share of the packets offered to the port (sent +
 * dropped): a port over its line rate drops far more, while a healthy port's occasional
 * drop (a burst, a buffer) stays below it.
 */
export const TX_DROP_SHARE = 0.001;

/** The port's tx drops are rising: at least TX_DROP_SHARE of what it is offered. */
export function txDropsRising(p: LoadPort): boolean {
  const drops = p.txDropPps ?? 0;
  if (!p.up || drops <= 0) return false;
  const sent = p.txPps ?? null;
  return sent === null || drops >= TX_DROP_SHARE * (sent + drops);
}

export interface Feeder<R extends RatedRule = RatedRule> {
  rule: R;
  /** The rule's rate times its share to this port; null when the rule's rate is unknown. */
  bps: number | null;
  share: number;
  group?: Delivery['group'];
}

export interface PortLoad<R extends RatedRule = RatedRule> {
  port: LoadPort;
  /** Rules that send here, largest first. */
  feeders: Feeder<R>[];
  /** Σ feeders' bit/s (the ones with a known rate). */
  demandBps: number;
  /** demand > line rate, or tx drops rising on a port that is up (`txDropsRising`). */
  oversub: boolean;
  /** Why, in words: `demand 27.2G > 10G`, `tx drops 4.61M/s`. */
  why: string[];
}

/** The load of every port from the rules' rates (linear in rules × their outputs). */
export function portLoads<R extends RatedRule>(
  rules: readonly R[],
  groups: ReadonlyMap<number, Group>,
  ports: readonly LoadPort[],
): Map<number, PortLoad<R>> {
  const byNo = new Map(ports.map((p) => [p.no, p]));
  const portUp = (n: number) => byNo.get(n)?.up ?? false;
  const loads = new Map<number, PortLoad<R>>();
  for (const p of ports)
    loads.set(p.no, { port: p, feeders: [], demandBps: 0, oversub: false, why: [] });
  for (const rule of rules) {
    if (rule.malformed) continue;
    for (const d of deliveries(rule.actions, groups, portUp)) {
      const load = loads.get(d.port);
      if (!load) continue;
      const bps = rule.datarate_raw === null ? null : rule.datarate_raw * d.share;
      load.feeders.push({ rule, bps, share: d.share, ...(d.group ? { group: d.group } : {}) });
      load.demandBps += bps ?? 0;
    }
  }
  for (const load of loads.values()) {
    load.feeders.sort((a, b) => (b.bps ?? -1) - (a.bps ?? -1));
    const { lineBps, txDropPps } = load.port;
    if (lineBps !== null && load.demandBps > lineBps)
      load.why.push(`demand ${si(load.demandBps)} > ${lineRateText(lineBps)}`);
    if (txDropsRising(load.port)) load.why.push(`tx drops ${si(txDropPps ?? 0)}/s`);
    load.oversub = load.why.length > 0;
  }
  return loads;
}

/** 1234567 → `1.23M` (as the console writes rates). */
function si(value: number): string {
  const units = ['', 'k', 'M', 'G', 'T'];
  let v = value;
  let i = 0;
  while (Math.abs(v) >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  const digits = Math.abs(v) >= 100 || i === 0 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toFixed(digits)}${units[i]}`;
}
