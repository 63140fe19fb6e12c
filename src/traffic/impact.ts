/**
 * The traffic impact of a rule change, from today's rule rates: which traffic the new or
 * changed rule takes over, where a deleted rule's traffic falls, and what that does to each
 * output port's tx against its line rate.
 *
 * A packet goes to the single highest-priority rule that matches it, and a rule's measured
 * rate is exactly the traffic it wins today. So a new rule at priority p takes, from each
 * lower-priority rule L it overlaps (shadow.ts's `covers`/`overlaps`):
 * - all of L's rate when it covers L (a lower bound of what it takes);
 * - up to L's rate when it only overlaps L (the upper bound; an equal priority counts as a
 *   partial overlap: the device's order among equals is undefined).
 * Traffic no rule matches today is not measured by the device, but it is bounded per input
 * port P from P's rx rate (unmatched.ts: at least L(P), at most U(P)). A new rule whose
 * in_port set includes P (no in_port: every port) may take 0..U(P) of it, and at least L(P)
 * when its match has no field but in_port (all of P's unmatched traffic matches it). No rule
 * matches that traffic today, so no rule above the new one can take it first. It moves from
 * nowhere to the new rule's outputs. Where P's rx is not measured, nothing is said about it.
 * And a rule naming input ports takes from the rules below it no more than those ports
 * receive (rx-ceiling.ts): what it takes, and each move of it, is capped at their rx.
 *
 * A deleted rule's traffic falls to the rules below it that overlap it, best first: each
 * partial one takes 0..all of it, the first one that covers it takes the rest; what no rule
 * below matches is dropped (no rule matches it).
 *
 * Each traffic move is a rule's rate r split over destinations k with fractions f_k in
 * [lo_k, hi_k] (Σ f_k = 1); a port P's change is Σ f_k·r·w_k(P) − r·w_src(P), w being a
 * rule's share to P (load.ts `deliveries`). Its exact range is a small linear program
 * solved greedily; the ranges of separate moves add up.
 */
import type { Group, RuleKey } from '../model/index.js';
import { usesGroups } from '../tcam/groups.js';
import { covers, normalMatch, overlaps } from '../tcam/shadow.js';
import { deliveries, type LoadPort, lineRateText, type RatedRule, sharesByPort } from './load.js';
import { capped, rxCeiling } from './rx-ceiling.js';
import { inPortsOf, type Unmatched, unmatchedByPort } from './unmatched.js';

export type ImpactChange<R extends RatedRule> =
  /** A new rule (POST). */
  | { kind: 'add'; rule: NewRule }
  /** Same match and priority: only the actions change (PUT). */
  | { kind: 'modify'; target: R; rule: NewRule }
  /** Match or priority changed: the old rule goes, the new one comes. */
  | { kind: 'replace'; target: R; rule: NewRule }
  | { kind: 'delete'; target: R };

export interface NewRule extends RuleKey {
  name?: string;
  actions: readonly string[];
}

export interface ImpactContext<R extends RatedRule> {
  rules: readonly R[];
  groups: ReadonlyMap<number, Group>;
  ports: readonly LoadPort[];
}

/** Where some traffic ends up: a rule (null: the new rule), or dropped when `rule` is undefined. */
export interface Destination<R> {
  rule: R | null | undefined;
  /** bit/s range. */
  lo: number;
  hi: number;
}

export interface PortImpact {
  port: LoadPort;
  /** tx today (bit/s), null when not measured yet. */
  today: number | null;
  /** The change's range, bit/s (may be negative). */
  deltaLo: number;
  deltaHi: number;
  /** today + delta, when today is known. */
  lo: number | null;
  hi: number | null;
  /** The top of the range exceeds the port's line rate. */
  over: boolean;
}

export interface Impact<R extends RatedRule> {
  /** Rules whose whole traffic the new rule takes (its lower bound). */
  full: R[];
  /** Rules it takes part of (up to their rate: the upper bound). */
  partial: R[];
  /** Traffic taken over, bit/s: lo = Σ full, hi = lo + Σ partial. */
  takenLo: number;
  takenHi: number;
  /** Traffic no rule matches today that the new rule may take, per input port (rx measured). */
  unmatched: Unmatched[];
  /** bit/s: Σ unmatched lo / hi. */
  unmatchedLo: number;
  unmatchedHi: number;
  /** delete / replace: where the old rule's traffic goes. */
  falls: Destination<R>[];
  /** The old rule's own rate (modify, replace, delete). */
  ownBps: number;
  /** Ports whose tx would change, largest possible increase first. */
  ports: PortImpact[];
  /** Some rule involved has no rate (the device said n/a). */
  unknownRates: boolean;
}

interface Move {
  rate: number;
  src: Map<number, number>;
  dests: Array<{ lo: number; hi: number; w: Map<number, number> }>;
}

const rateOf = (r: RatedRule) => r.datarate_raw ?? 0;

/** min and max of Σ f_k·a_k with f_k in [lo_k, hi_k] and Σ f_k = 1 (greedy on a). */
function extremes(terms: Array<{ a: number; lo: number; hi: number }>): [number, number] {
  const base = terms.reduce((s, t) => s + t.lo * t.a, 0);
  const free = 1 - terms.reduce((s, t) => s + t.lo, 0);
  const fill = (sorted: typeof terms) => {
    let left = free;
    let sum = base;
    for (const t of sorted) {
      if (left <= 0) break;
      const take = Math.min(left, t.hi - t.lo);
      sum += take * t.a;
      left -= take;
    }
    return sum;
  };
  const asc = [...terms].sort((x, y) => x.a - y.a);
  return [fill(asc), fill([...asc].reverse())];
}

/** Fractions of a rule's traffic over candidates, best first: partials 0..1, the first cover the rest. */
function fallOver<T>(
  candidates: Array<{ to: T; covers: boolean }>,
): Array<{ to: T | undefined; lo: number; hi: number }> {
  const out: Array<{ to: T | undefined; lo: number; hi: number }> = [];
  let certain = true;
  for (const c of candidates) {
    if (c.covers) {
      out.push({ to: c.to, lo: certain ? 1 : 0, hi: 1 });
      return out;
    }
    out.push({ to: c.to, lo: 0, hi: 1 });
    certain = false;
  }
  out.push({ to: undefined, lo: certain ? 1 : 0, hi: 1 }); // dropped: no rule matches
  return out;
}

export function ruleImpact<R extends RatedRule>(
  change: ImpactChange<R>,
  ctx: ImpactContext<R>,
): Impact<R> {
  const byNo = new Map(ctx.ports.map((p) => [p.no, p]));
  const portUp = (n: number) => byNo.get(n)?.up ?? false;
  // per call: rules share a few action lists, so each is followed through the groups once
  const seen = new Map<string, Map<number, number>>();
  const weights = (actions: readonly string[]) => {
    const key = actions.join('\n');
    let w = seen.get(key);
    if (w === undefined) {
      w = sharesByPort(deliveries(actions, ctx.groups, portUp));
      seen.set(key, w);
    }
    return w;
  };
  const impact: Impact<R> = {
    full: [],
    partial: [],
    takenLo: 0,
    takenHi: 0,
    unmatched: [],
    unmatchedLo: 0,
    unmatchedHi: 0,
    falls: [],
    ownBps: 0,
    ports: [],
    unknownRates: false,
  };
  const moves: Move[] = [];
  const none = new Map<number, number>();
  const target = change.kind === 'add' ? undefined : change.target;
  const rule = change.kind === 'delete' ? undefined : change.rule;
  const wNew = rule ? weights(rule.actions) : none;
  const others = target ? ctx.rules.filter((r) => r !== target) : ctx.rules;

  if (target) {
    impact.ownBps = rateOf(target);
    if (target.datarate_raw === null) impact.unknownRates = true;
  }
  if (change.kind === 'modify' && target) {
    moves.push({
      rate: rateOf(target),
      src: weights(target.actions),
      dests: [{ lo: 1, hi: 1, w: wNew }],
    });
    impact.falls.push({ rule: null, lo: rateOf(target), hi: rateOf(target) });
  }
  if ((change.kind === 'delete' || change.kind === 'replace') && target && !target.malformed) {
    // the old rule's packets: no rule above it matched them; they fall to the ones below
    const below: Array<{ to: R | null; covers: boolean; priority: number }> = [];
    if (rule && overlaps(rule.match, target.match))
      below.push({ to: null, covers: covers(rule.match, target.match), priority: rule.priority });
    for (const o of others)
      if (!o.malformed && o.priority <= target.priority && overlaps(o.match, target.match))
        below.push({ to: o, covers: covers(o.match, target.match), priority: o.priority });
    below.sort((a, b) => b.priority - a.priority);
    const split = fallOver(below);
    const r = rateOf(target);
    moves.push({
      rate: r,
      src: weights(target.actions),
      dests: split.map((s) => ({
        lo: s.lo,
        hi: s.hi,
        w: s.to === undefined ? none : s.to === null ? wNew : weights(s.to.actions),
      })),
    });
    impact.falls = split.map((s) => ({ rule: s.to, lo: s.lo * r, hi: s.hi * r }));
  }
  if (rule && change.kind !== 'modify' && !rule.malformed) {
    // what the new rule takes from the rules below it (equal priority: maybe). Moves with the
    // same outputs and the same certainty add up exactly (a port's range is linear in the
    // rate), so they are gathered into one per action list: a few moves, not thousands.
    const gathered = new Map<string, Move>();
    const mine = normalMatch(rule.match);
    // it takes no more than its input ports receive (rx-ceiling.ts)
    const ceiling = rxCeiling(mine, ctx.ports);
    for (const o of others) {
      if (o.malformed || o.priority > rule.priority) continue;
      const theirs = normalMatch(o.match);
      if (!overlaps(mine, theirs)) continue;
      const full = o.priority < rule.priority && covers(mine, theirs);
      (full ? impact.full : impact.partial).push(o);
      if (o.datarate_raw === null) impact.unknownRates = true;
      const r = rateOf(o);
      if (full) impact.takenLo += r;
      impact.takenHi += r;
      if (r === 0) continue;
      const key = `${full ? 'all' : 'part'}\n${o.actions.join('\n')}`;
      const move = gathered.get(key);
      if (move) move.rate += r;
      else {
        const src = weights(o.actions);
        gathered.set(key, {
          rate: r,
          src,
          dests: [
            { lo: full ? 1 : 0, hi: 1, w: wNew },
            { lo: 0, hi: full ? 0 : 1, w: src },
          ],
        });
      }
    }
    impact.takenHi = capped(impact.takenHi, ceiling);
    impact.takenLo = Math.min(impact.takenLo, impact.takenHi);
    for (const m of gathered.values()) m.rate = capped(m.rate, ceiling);
    moves.push(...gathered.values());
    moves.push(...unmatchedMoves(impact, mine, wNew, ctx));
  }

  impact.ports = portRanges(moves, byNo);
  return impact;
}

/**
 * What the new rule takes of the traffic no rule matches today: a move from nowhere to its
 * outputs. Every input port's share goes the same way, so the ports' L..U add up into one move.
 */
function unmatchedMoves<R extends RatedRule>(
  impact: Impact<R>,
  mine: ReturnType<typeof normalMatch>,
  wNew: Map<number, number>,
  ctx: ImpactContext<R>,
): Move[] {
  if (!mine.valid) return [];
  const ports = inPortsOf(mine);
  const onlyInPort = mine.cons.length === (ports === null ? 0 : 1);
  const bounds = unmatchedByPort(ctx.rules, ctx.ports);
  for (const no of ports ?? bounds.keys()) {
    const u = bounds.get(no);
    if (!u || u.hi < 1) continue;
    const lo = onlyInPort ? u.lo : 0;
    impact.unmatched.push({ port: u.port, lo, hi: u.hi });
    impact.unmatchedLo += lo;
    impact.unmatchedHi += u.hi;
  }
  impact.unmatched.sort((a, b) => b.hi - a.hi);
  const { unmatchedLo: lo, unmatchedHi: hi } = impact;
  if (hi < 1) return [];
  const nowhere = new Map<number, number>();
  return [
    {
      rate: hi,
      src: nowhere,
      dests: [
        { lo: lo / hi, hi: 1, w: wNew },
        { lo: 0, hi: 1 - lo / hi, w: nowhere },
      ],
    },
  ];
}

/** Each port's range: Σ over moves (see the module comment); the ports that change, worst first. */
function portRanges(moves: readonly Move[], byNo: ReadonlyMap<number, LoadPort>): PortImpact[] {
  const ports: PortImpact[] = [];
  // each port's range: Σ over moves
  const lo = new Map<number, number>();
  const hi = new Map<number, number>();
  for (const m of moves) {
    const touched = new Set<number>(m.src.keys());
    for (const d of m.dests) for (const p of d.w.keys()) touched.add(p);
    for (const p of touched) {
      const terms = m.dests.map((d) => ({ a: m.rate * (d.w.get(p) ?? 0), lo: d.lo, hi: d.hi }));
      const [a, b] = extremes(terms);
      const out = m.rate * (m.src.get(p) ?? 0);
      lo.set(p, (lo.get(p) ?? 0) + a - out);
      hi.set(p, (hi.get(p) ?? 0) + b - out);
    }
  }
  for (const [no, dLo] of lo) {
    const dHi = hi.get(no) ?? 0;
    if (Math.abs(dLo) < 1 && Math.abs(dHi) < 1) continue;
    const port = byNo.get(no) ?? {
      no,
      name: `port ${no}`,
      up: false,
      lineBps: null,
      txBps: null,
      txDropPps: null,
    };
    const today = port.txBps;
    const pLo = today === null ? null : Math.max(0, today + dLo);
    const pHi = today === null ? null : Math.max(0, today + dHi);
    const over = port.lineBps !== null && pHi !== null && pHi > port.lineBps;
    ports.push({ port, today, deltaLo: dLo, deltaHi: dHi, lo: pLo, hi: pHi, over });
  }
  ports.sort((a, b) => Number(b.over) - Number(a.over) || b.deltaHi - a.deltaHi);
  return ports;
}

/**
 * The impact of changing a group in place (PUT): the traffic of every rule that sends to it
 * moves from the group's old buckets to its new ones. `rules` are the rules using it.
 */
export function groupImpact<R extends RatedRule>(
  group: Group,
  ctx: ImpactContext<R>,
): { rules: R[]; ownBps: number; ports: PortImpact[]; unknownRates: boolean } {
  const byNo = new Map(ctx.ports.map((p) => [p.no, p]));
  const portUp = (n: number) => byNo.get(n)?.up ?? false;
  const after = new Map(ctx.groups);
  after.set(group.group_id, group);
  const ids = new Set([group.group_id]);
  const rules = ctx.rules.filter((r) => !r.malformed && usesGroups(r.actions, ids));
  const moves: Move[] = rules.map((r) => ({
    rate: rateOf(r),
    src: sharesByPort(deliveries(r.actions, ctx.groups, portUp)),
    dests: [{ lo: 1, hi: 1, w: sharesByPort(deliveries(r.actions, after, portUp)) }],
  }));
  return {
    rules,
    ownBps: rules.reduce((n, r) => n + rateOf(r), 0),
    ports: portRanges(moves, byNo),
    unknownRates: rules.some((r) => r.datarate_raw === null),
  };
}

/** `6.1` in the unit of `unit` (1e9 → Gbit/s figures). */
function inUnit(bps: number, unit: number): string {
  const v = bps / unit;
  return v >= 100 ? v.toFixed(0) : v.toFixed(1);
}

/** The unit a port's figures are written in: Gbit/s past a 1G line rate or from 1 Gbit/s figures, else Mbit/s. */
function unitOf(p: PortImpact): [number, string] {
  const line = p.port.lineBps ?? 0;
  const top = Math.max(
    line > 1e9 ? line : 0,
    p.today ?? 0,
    p.hi ?? 0,
    Math.abs(p.deltaLo),
    Math.abs(p.deltaHi),
  );
  return top >= 1e9 ? [1e9, 'Gbit/s'] : [1e6, 'Mbit/s'];
}

/** `eth-0-9: 6.1 → 11.8–12.4 Gbit/s of 10G: oversubscribed` (today's tx unknown: `+5.7–6.3`). */
export function portImpactText(p: PortImpact): string {
  const [unit, word] = unitOf(p);
  const range = (a: number, b: number) =>
    inUnit(a, unit) === inUnit(b, unit) ? inUnit(a, unit) : `${inUnit(a, unit)}–${inUnit(b, unit)}`;
  // The change alone: a gain (+lo–hi), a loss (−least–most) or either (−most…+most).
  const delta = (lo: number, hi: number) =>
    lo >= 0
      ? `+${range(lo, hi)}`
      : hi <= 0
        ? `−${range(-hi, -lo)}`
        : `−${inUnit(-lo, unit)}…+${inUnit(hi, unit)}`;
  const change =
    p.today === null || p.lo === null || p.hi === null
      ? delta(p.deltaLo, p.deltaHi)
      : `${inUnit(p.today, unit)} → ${range(p.lo, p.hi)}`;
  const line = p.port.lineBps === null ? '' : ` of ${lineRateText(p.port.lineBps)}`;
  return `${p.port.name}: ${change} ${word}${line}${p.over ? ': oversubscribed' : ''}`;
}
