/**
 * Traffic no rule matches today, per input port, bounded from what any device gives: the
 * port's measured rx rate and the rules' rates (`datarate_raw`). The device does not count
 * unmatched packets, but a packet received on P is either won by one rule or by none, so
 * - upper bound U(P) = max(0, rx(P) − Σ rates of the rules whose in_port set is exactly {P}):
 *   those rules only get P's traffic; rules naming several ports, or none, may take some of
 *   P's too, so what is left may be less;
 * - lower bound L(P) = max(0, rx(P) − Σ rates of every rule whose in_port set includes P or
 *   that names no in_port): nothing else can take P's traffic. It is 0 when such a rule has
 *   no rate (the device said n/a), or is malformed or unreadable (its ports are not known).
 * Both come from rates measured a moment apart (the port counters' two samples, the rules'
 * poll), so they are as good as those rates are steady. A rule's rate only counts what it
 * wins, so rx also holds what a port drops on receive: that is in U, and in L as "unmatched".
 *
 * The per-port sums only depend on the rule table, so they are computed once per rules array
 * (each poll brings a new one), not on every keystroke of the editor.
 */

import { fieldConstraint, normalMatch } from '../tcam/shadow.js';
import type { LoadPort, RatedRule } from './load.js';

interface PortSums {
  /** Port → Σ rates of rules whose in_port set is exactly {port}. */
  exact: Map<number, number>;
  /** Port → Σ rates of rules naming it among several ports (a single port is in `exact`). */
  among: Map<number, number>;
  /** Σ rates of rules naming no in_port (every port), plus malformed or unreadable ones. */
  everywhere: number;
  /** Ports some rule naming them has no rate: L unknown there. */
  unknown: Set<number>;
  /** A rule that may take any port's traffic has no rate: L unknown everywhere. */
  unknownEverywhere: boolean;
}

const cache = new WeakMap<readonly RatedRule[], PortSums>();

/** The in_port set a match names: the ports, or null for every port (no in_port). */
export function inPortsOf(m: ReturnType<typeof normalMatch>): readonly number[] | null {
  const c = fieldConstraint(m, 'in_port');
  if (typeof c === 'number') return [c];
  return c?.t === 'set' ? c.values : null;
}

function sums(rules: readonly RatedRule[]): PortSums {
  let s = cache.get(rules);
  if (s) return s;
  s = {
    exact: new Map(),
    among: new Map(),
    everywhere: 0,
    unknown: new Set(),
    unknownEverywhere: false,
  };
  for (const r of rules) {
    const rate = r.datarate_raw;
    const m = r.malformed ? null : normalMatch(r.match);
    const ports = m?.valid ? inPortsOf(m) : null;
    if (ports === null) {
      s.everywhere += rate ?? 0;
      if (rate === null) s.unknownEverywhere = true;
      continue;
    }
    const into = ports.length === 1 ? s.exact : s.among;
    for (const p of ports) {
      into.set(p, (into.get(p) ?? 0) + (rate ?? 0));
      if (rate === null) s.unknown.add(p);
    }
  }
  cache.set(rules, s);
  return s;
}

export interface Unmatched {
  port: LoadPort;
  /** bit/s: at least (L) … at most (U) no rule matches today. */
  lo: number;
  hi: number;
}

/** L(P)..U(P) of every port with a measured rx rate (see the module comment). */
export function unmatchedByPort(
  rules: readonly RatedRule[],
  ports: readonly LoadPort[],
): Map<number, Unmatched> {
  const s = sums(rules);
  const out = new Map<number, Unmatched>();
  for (const port of ports) {
    const rx = port.rxBps;
    if (rx === null || rx === undefined) continue;
    const exact = s.exact.get(port.no) ?? 0;
    const hi = Math.max(0, rx - exact);
    const sure = !s.unknownEverywhere && !s.unknown.has(port.no);
    const lo = sure ? Math.max(0, rx - exact - (s.among.get(port.no) ?? 0) - s.everywhere) : 0;
    out.set(port.no, { port, lo: Math.min(lo, hi), hi });
  }
  return out;
}
