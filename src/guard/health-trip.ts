/**
 * When a guarded change's guard trips (pure: two views of rates in, a trip or nothing out).
 * `base` is the pre-change view (two samples before the change was sent), `now` a view of
 * two samples both taken after it — never the first sample after the change, whose rates
 * straddle it. Each guard judges only what the change affects:
 *
 * - `oversub`: a watched port (on the changed rules' outputs, before or after) is past its
 *   line rate by the traffic model (load.ts: demand above line rate, or tx drops rising)
 *   and was not before;
 * - `drops`: a watched port drops more tx packets per second than before, by more than the
 *   floor;
 * - `quiet`: a rule that carried traffic before carries none now (a changed rule, or one
 *   the changed rules may shadow: of no higher priority and overlapping, health-watched.ts),
 *   or a watched port's tx fell by more than the spec's share.
 */
import { formatSi } from '../store/rates.js';
import { type LoadPort, lineRateText, portLoads } from '../traffic/index.js';
import type { View } from './health-sample.js';
import type { GuardKind, HealthSpec } from './health-spec.js';
import type { Watched } from './health-watched.js';

export { type Watched, watchedOf } from './health-watched.js';

export interface Trip {
  kind: GuardKind;
  /** `eth-0-16 oversubscribed 12.3G of 10G, drops 1.2M/s`. */
  what: string;
  port?: string;
  rule?: string;
}

/** A rule "carried traffic" at this many packets per second or more. */
export const QUIET_MIN_PPS = 10;
/** A port's fall in tx counts only from this rate (bit/s) on. */
export const QUIET_MIN_BPS = 1e6;

const rate = (bps: number) => formatSi(bps);

function oversub(w: Watched, base: View, now: View): Trip | undefined {
  const before = portLoads(base.rules, base.groups, base.ports);
  const after = portLoads(now.rules, now.groups, now.ports);
  for (const no of w.ports) {
    const l = after.get(no);
    if (!l?.oversub || before.get(no)?.oversub) continue;
    const p = l.port;
    const offered = Math.max(l.demandBps, offeredBps(p));
    const line = p.lineBps === null ? 'its line rate' : lineRateText(p.lineBps);
    const drops = p.txDropPps ? `, drops ${rate(p.txDropPps)}/s` : '';
    return {
      kind: 'oversub',
      port: p.name,
      what: `${p.name} oversubscribed ${rate(offered)} of ${line}${drops}`,
    };
  }
  return undefined;
}

/** What the port was offered: tx plus the dropped packets at the sent packets' mean size. */
function offeredBps(p: LoadPort): number {
  const tx = p.txBps ?? 0;
  const pps = p.txPps ?? 0;
  return pps > 0 ? tx * (1 + (p.txDropPps ?? 0) / pps) : tx;
}

function drops(spec: HealthSpec, w: Watched, base: View, now: View): Trip | undefined {
  for (const no of w.ports) {
    const p = now.ports.find((x) => x.no === no);
    const was = base.ports.find((x) => x.no === no)?.txDropPps ?? 0;
    const d = p?.txDropPps ?? 0;
    if (!p || d - was <= spec.dropFloorPps) continue;
    return {
      kind: 'drops',
      port: p.name,
      what: `${p.name} drops ${rate(d)}/s, ${rate(was)}/s before (floor ${rate(spec.dropFloorPps)}/s)`,
    };
  }
  return undefined;
}

function quiet(spec: HealthSpec, w: Watched, base: View, now: View): Trip | undefined {
  const before = new Map(base.rules.map((r) => [r.key, r]));
  for (const r of now.rules) {
    const b = before.get(r.key);
    if (!b || (b.pps ?? 0) < QUIET_MIN_PPS || r.pps !== 0) continue;
    if (w.top >= 0 && !w.rules.includes(r.key) && !w.shadowed.includes(r.key)) continue;
    const name = r.name ? `rule '${r.name}' ` : 'rule ';
    return {
      kind: 'quiet',
      rule: r.key,
      what: `${name}${r.key} carried ${rate(b.pps ?? 0)} pkt/s before, none now`,
    };
  }
  for (const no of w.ports) {
    const was = base.ports.find((x) => x.no === no);
    const p = now.ports.find((x) => x.no === no);
    const b = was?.txBps ?? 0;
    if (!p || p.txBps === null || b < QUIET_MIN_BPS || p.txBps >= b * (1 - spec.quietFall))
      continue;
    const fell = Math.round((1 - p.txBps / b) * 100);
    return {
      kind: 'quiet',
      port: p.name,
      what: `${p.name} tx fell ${fell}% (${rate(b)} → ${rate(p.txBps)})`,
    };
  }
  return undefined;
}

/** The first guard of `spec` that trips on `now` (both samples after the change), if any. */
export function tripOf(spec: HealthSpec, w: Watched, base: View, now: View): Trip | undefined {
  for (const kind of ['oversub', 'drops', 'quiet'] as const) {
    if (!spec.kinds.includes(kind)) continue;
    const t =
      kind === 'oversub'
        ? oversub(w, base, now)
        : kind === 'drops'
          ? drops(spec, w, base, now)
          : quiet(spec, w, base, now);
    if (t) return t;
  }
  return undefined;
}

/** `reverted: eth-0-16 oversubscribed 12.3G of 10G, drops 1.2M/s (guard 'oversub')`. */
export const tripText = (t: Trip) => `reverted: ${t.what} (guard '${t.kind}')`;
