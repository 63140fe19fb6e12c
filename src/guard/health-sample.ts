/**
 * The guard's samples of the device: the ports' counters, states and line rates, the rules
 * (counters and rates) and the groups, read at one moment; and the rates between two
 * samples (`viewOf`), which is what the trip logic (health-trip.ts) judges. Rates need two
 * samples: a counter that went down (a reset) gives no rate.
 */
import type { Client } from '../api/index.js';
import { type Group, lineRateBps, portUp, type Rule, ruleKeyText } from '../model/index.js';
import { anyCounterFell, perSecond } from '../store/rates.js';
import type { LoadPort, RatedRule } from '../traffic/index.js';

export interface PortSample {
  no: number;
  name: string;
  up: boolean;
  lineBps: number | null;
  txbytes: bigint;
  txpkts: bigint;
  txdrop: bigint;
}

export interface RuleSample extends RatedRule {
  /** `priority 100 in_port=1`: what identifies it. */
  key: string;
  n_packets: bigint;
}

export interface Sample {
  /** When it was read (ms). */
  at: number;
  ports: PortSample[];
  rules: RuleSample[];
  groups: Group[];
}

/**
 * Reads one sample (four GETs, in parallel). Its time is the middle of the reads: the device
 * counted somewhere between the asking and the answers, and a time taken at either end alone
 * skews every rate by the answers' delay on a loaded machine.
 */
export async function takeSample(client: Client, now = Date.now): Promise<Sample> {
  const asked = now();
  const [info, stats, list, groups] = await Promise.all([
    client.ports.info(),
    client.ports.stats(),
    client.rules.list(),
    client.groups.list(),
  ]);
  const at = Math.round((asked + now()) / 2);
  const byNo = new Map(stats.map((s) => [s.portnum, s]));
  const ports: PortSample[] = [];
  for (const i of info) {
    const s = byNo.get(i.port_no);
    const no = Number(i.port_no);
    if (!s || !Number.isInteger(no)) continue;
    ports.push({
      no,
      name: i.if_name,
      up: portUp(i, undefined),
      lineBps: lineRateBps(i.speed),
      txbytes: s.txbytes,
      txpkts: s.txpkts,
      txdrop: s.txdrop,
    });
  }
  return { at, ports, rules: list.rules.filter((r) => !r.malformed).map(ruleSample), groups };
}

function ruleSample(r: Rule): RuleSample {
  return {
    key: ruleKeyText(r.priority, r.match),
    priority: r.priority,
    match: r.match,
    name: r.name,
    actions: r.actions,
    datarate_raw: r.datarate_raw,
    n_packets: r.n_packets,
  };
}

export interface RuleRate extends RatedRule {
  key: string;
  /** Packets per second matched (null: no earlier sample of it, or a reset). */
  pps: number | null;
}

/** The rates between two samples: what the trip logic judges. */
export interface View {
  at: number;
  ports: LoadPort[];
  rules: RuleRate[];
  groups: ReadonlyMap<number, Group>;
}

const PORT_COUNTERS = ['txbytes', 'txpkts', 'txdrop'] as const;

/**
 * The rates from `prev` to `cur`, by the console's rules (src/store/rates.ts): a counter that
 * fell anywhere (the device restarted between the samples) gives no port rate at all.
 */
export function viewOf(prev: Sample, cur: Sample): View {
  const secs = (cur.at - prev.at) / 1000;
  const oldPorts = new Map(prev.ports.map((p) => [p.no, p]));
  const oldRules = new Map(prev.rules.map((r) => [r.key, r]));
  const reset = anyCounterFell(
    cur.ports.map((p) => [p, oldPorts.get(p.no)] as const),
    PORT_COUNTERS,
  );
  const rate = (now: bigint, before: bigint | undefined, factor = 1) =>
    before === undefined || secs <= 0 ? null : perSecond(now, before, secs, factor);
  return {
    at: cur.at,
    ports: cur.ports.map((p) => {
      const o = reset ? undefined : oldPorts.get(p.no);
      return {
        no: p.no,
        name: p.name,
        up: p.up,
        lineBps: p.lineBps,
        txBps: rate(p.txbytes, o?.txbytes, 8),
        txPps: rate(p.txpkts, o?.txpkts),
        txDropPps: rate(p.txdrop, o?.txdrop),
      };
    }),
    rules: cur.rules.map(({ n_packets, ...r }) => ({
      ...r,
      pps: rate(n_packets, oldRules.get(r.key)?.n_packets),
    })),
    groups: new Map(cur.groups.map((g) => [g.group_id, g])),
  };
}
