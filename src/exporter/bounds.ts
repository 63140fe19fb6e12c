/**
 * How many series one device may give a scrape: a device that reports 100,000 ports (or
 * names thousands of rules) must not make every scrape — and every Prometheus that stores
 * it — grow without end. A device's answers are cut to the limits as soon as they arrive,
 * before they are cached or turned into series, so the memory an answer holds between
 * scrapes is bounded too; what was cut is counted and exported as
 * `pbc_series_dropped{device,kind}` (docs/fleet.md, "Bounds").
 */
import { sanitize } from '../model/sanitize.js';
import type { Environment, PortInfo, PortStats, Rule } from '../model/types.js';

export interface SeriesLimits {
  /** Ports exported per device (also the limit for sensors, fans and PSUs). */
  ports: number;
  /** Rule series (distinct names of --rule-metrics) per device. */
  rules: number;
}

export const DEFAULT_LIMITS: SeriesLimits = { ports: 4096, rules: 16384 };

export type DroppedKind = 'port' | 'rule' | 'sensor' | 'fan' | 'psu';

/** What was left out, per kind (absent: nothing). */
export type Dropped = Partial<Record<DroppedKind, number>>;

export interface RuleSums {
  packets: bigint;
  bytes: bigint;
}

/** The first `limit` ports of distinct (sanitized) names and their counters. */
export function boundPorts(
  info: readonly PortInfo[],
  stats: readonly PortStats[],
  limit: number,
  dropped: Dropped,
): { info: PortInfo[]; stats: PortStats[] } {
  const kept = firstDistinct(info, (p) => sanitize(p.if_name), limit, dropped, 'port');
  const numbers = new Set(kept.map((p) => p.port_no));
  return { info: kept, stats: stats.filter((s) => numbers.has(s.portnum)) };
}

/** The environment with at most `limit` sensors, fans and PSUs of distinct index. */
export function boundEnvironment(env: Environment, limit: number, dropped: Dropped): Environment {
  return {
    temp_sensors: firstDistinct(env.temp_sensors, (t) => String(t.index), limit, dropped, 'sensor'),
    fan: firstDistinct(env.fan, (f) => String(f.index), limit, dropped, 'fan'),
    psu: firstDistinct(env.psu, (p) => String(p.index), limit, dropped, 'psu'),
  };
}

/** The named rules' counters summed per name (two rules of one name add up), at most `limit`. */
export function boundRules(
  rules: readonly Rule[],
  names: ReadonlySet<string>,
  limit: number,
  dropped: Dropped,
): Map<string, RuleSums> {
  const sums = new Map<string, RuleSums>();
  const over = new Set<string>();
  for (const r of rules) {
    if (!names.has(r.name)) continue;
    const s = sums.get(r.name);
    if (s) {
      s.packets += r.n_packets;
      s.bytes += r.n_bytes;
    } else if (sums.size < limit) sums.set(r.name, { packets: r.n_packets, bytes: r.n_bytes });
    else over.add(r.name);
  }
  count(dropped, 'rule', over.size);
  return sums;
}

function firstDistinct<T>(
  items: readonly T[],
  key: (t: T) => string,
  limit: number,
  dropped: Dropped,
  kind: DroppedKind,
): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const t of items) {
    const k = key(t);
    if (seen.has(k)) continue;
    seen.add(k);
    if (kept.length < limit) kept.push(t);
  }
  count(dropped, kind, seen.size - kept.length);
  return kept;
}

function count(dropped: Dropped, kind: DroppedKind, n: number): void {
  if (n > 0) dropped[kind] = (dropped[kind] ?? 0) + n;
}
