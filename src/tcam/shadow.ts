/**
 * Rule shadowing. A packet is matched by the single highest-priority rule whose match
 * covers it, so a rule is unreachable when a rule of higher or equal priority matches
 * every packet it matches (equal priorities have no defined order on OpenFlow devices, so
 * a covering rule at the same priority may win too).
 *
 * Matches are normalized once (cached per match object) into per-field constraints over
 * canonical fields; `covers` and `overlaps` then compare constraints. Shorthands expand to
 * what they imply (`tcp` → dl_type 0x0800 and nw_proto 6), aliases fold onto their
 * canonical field, and a constraint that admits every value (`tcp_dst=0-65535`, `/0`)
 * counts as no constraint.
 */

import { rememberBounded } from '../model/bounded.js';
import { canonicalMatch } from '../model/dialect.js';
import type { Match, RuleKey } from '../model/types.js';
import {
  parseInPorts,
  parseIntStrict,
  parseIpv4Prefix,
  parseIpv6Prefix,
  parseL4Range,
  parseValueMask16,
} from '../model/values.js';
import { MATCH_FIELD_BY_NAME, OFPVID_PRESENT, SHORTHANDS } from '../model/vocabulary.js';
import { memoByMatch } from './match-memo.js';

/**
 * A set of values one field admits. An exact value is the number itself (most constraints
 * are: ethertype, protocol, a port), so it costs no object of its own.
 */
export type Constraint =
  | number
  | { readonly t: 'set'; readonly values: readonly number[] }
  | { readonly t: 'range'; readonly lo: number; readonly hi: number }
  | { readonly t: 'bits'; readonly value: bigint; readonly mask: bigint };

/**
 * A match's normal form, compact: a 65,536-rule table keeps one per rule while the rule
 * editor is open (docs/performance.md, "The rule editor within the target").
 */
export interface NormalMatch {
  /** One bit per canonical field constrained (CANONICAL's order); an absent field is a wildcard. */
  readonly keys: number;
  /** One constraint per bit of `keys`, lowest bit first. */
  readonly cons: readonly Constraint[];
  /** False when a value does not parse or two fields contradict: such a match is skipped. */
  readonly valid: boolean;
}

const CANONICAL = [
  'in_port',
  'dl_src',
  'dl_dst',
  'dl_type',
  'dl_vlan',
  'dl_vlan_pcp',
  'vlan_tci',
  'nw_src',
  'nw_dst',
  'nw_proto',
  'nw_tos',
  'tp_src',
  'tp_dst',
  'icmp_type',
  'icmp_code',
  'ipv6_src',
  'ipv6_dst',
  'mpls_label',
] as const;
/** Canonical field → its bit's index in `keys`. */
const INDEX = new Map<string, number>(CANONICAL.map((f, i) => [f, i]));

/** The constraint a normal form puts on a canonical field (undefined: any value). */
export function fieldConstraint(n: NormalMatch, field: string): Constraint | undefined {
  const i = INDEX.get(field);
  const bit = i === undefined ? 0 : 1 << i;
  if ((n.keys & bit) === 0) return undefined;
  return n.cons[popcount(n.keys & (bit - 1))];
}

/** Canonical field → constraint, in CANONICAL's order. */
export function fieldEntries(n: NormalMatch): Array<[string, Constraint]> {
  const out: Array<[string, Constraint]> = [];
  let j = 0;
  for (let i = 0; i < CANONICAL.length; i++)
    if (n.keys & (1 << i)) out.push([CANONICAL[i]!, n.cons[j++]!]);
  return out;
}

function popcount(x: number): number {
  let n = 0;
  for (let v = x; v !== 0; v &= v - 1) n++;
  return n;
}

/** Shared copies of small values: in_port sets repeat across thousands of rules. */
const shared = new Map<string, Constraint>();
const SHARED_MAX = 4_096;
const share = (key: string, make: () => Constraint): Constraint =>
  rememberBounded(shared, SHARED_MAX, key, make);

/** Where each match field name lands (L4 ports of any protocol share tp_*: nw_proto tells them apart). */
const L4: Record<string, string> = {
  tcp_src: 'tp_src',
  udp_src: 'tp_src',
  sctp_src: 'tp_src',
  tp_src: 'tp_src',
  tcp_dst: 'tp_dst',
  udp_dst: 'tp_dst',
  sctp_dst: 'tp_dst',
  tp_dst: 'tp_dst',
};

const exact = (n: number): Constraint => n;
const range = (lo: number, hi: number): Constraint => (lo === hi ? lo : { t: 'range', lo, hi });

/** Prefix masks, one bigint per (width, length), made once (at most 33 + 129 of them). */
const masks = new Map<number, bigint>();
function prefixMask(prefix: number, width: number): bigint {
  return rememberBounded(masks, 1_024, width * 256 + prefix, () => {
    const all = (1n << BigInt(width)) - 1n;
    return (all << BigInt(width - prefix)) & all;
  });
}

function prefixBits(addr: bigint, prefix: number, width: number): Constraint | null {
  if (prefix === 0) return null;
  const mask = prefixMask(prefix, width);
  return { t: 'bits', value: addr & mask, mask };
}

function macBits(text: string): Constraint | null | undefined {
  const [addr, mask] = text.split('/');
  const hex = (s: string) =>
    /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(s) ? BigInt(`0x${s.replaceAll(':', '')}`) : null;
  const a = addr === undefined ? null : hex(addr);
  const m = mask === undefined ? (1n << 48n) - 1n : hex(mask);
  if (a === null || m === null) return undefined;
  return m === 0n ? null : { t: 'bits', value: a & m, mask: m };
}

/** One field's constraint: a Constraint, null for "any value", undefined when it does not parse. */
function constraintOf(name: string, value: string): [string, Constraint | null] | undefined {
  const spec = MATCH_FIELD_BY_NAME.get(name);
  if (!spec) return undefined;
  const canonical = L4[name] ?? spec.aliasOf ?? name;
  switch (spec.kind) {
    case 'ports': {
      const ports = parseInPorts(value);
      if (!ports) return undefined;
      const values = [...new Set(ports)].sort((a, b) => a - b);
      return [
        canonical,
        values.length === 1 ? values[0]! : share(`s${values}`, () => ({ t: 'set', values })),
      ];
    }
    case 'mac': {
      const c = macBits(value);
      return c === undefined ? undefined : [canonical, c];
    }
    case 'ipv4': {
      const p = parseIpv4Prefix(value);
      return p ? [canonical, prefixBits(BigInt(p[0]), p[1], 32)] : undefined;
    }
    case 'ipv6': {
      const p = parseIpv6Prefix(value);
      return p ? [canonical, prefixBits(p[0], p[1], 128)] : undefined;
    }
    case 'l4port': {
      const r = parseL4Range(value);
      if (!r) return undefined;
      return [canonical, r[0] === 0 && r[1] === 65535 ? null : range(r[0], r[1])];
    }
    case 'vlan_tci': {
      const t = parseValueMask16(value);
      if (!t) return undefined;
      const [v, m] = t;
      return [canonical, m === 0 ? null : { t: 'bits', value: BigInt(v & m), mask: BigInt(m) }];
    }
    case 'vlan': {
      const n = parseIntStrict(value);
      if (n === null || n > 0x1fff) return undefined;
      // vlan_vid may carry OpenFlow's 0x1000 "present" bit; dl_vlan never does.
      return [canonical, exact(n >= OFPVID_PRESENT ? n - OFPVID_PRESENT : n)];
    }
    case 'flag':
      return value === '' ? [name, null] : undefined;
    default: {
      const n = parseIntStrict(value);
      return n === null ? undefined : [canonical, exact(n)];
    }
  }
}

function sameConstraint(a: Constraint, b: Constraint): boolean {
  return contains(a, b) && contains(b, a);
}

class Normal implements NormalMatch {
  constructor(
    readonly keys: number,
    readonly cons: readonly Constraint[],
    readonly valid: boolean,
  ) {}
}

/** The normal form of a match (uncached; see `normalize`). */
export function normalizeMatch(written: Match): NormalMatch {
  const byBit: Array<Constraint | undefined> = [];
  let keys = 0;
  // The vendor's dialect is compared in its OpenFlow form (protocol=tcp ≡ tcp).
  const canonical = canonicalMatch(written);
  const match = canonical.match;
  let valid = canonical.issues.length === 0;
  const put = (field: string, c: Constraint) => {
    const i = INDEX.get(field)!; // constraintOf names canonical fields only
    const prev = byBit[i];
    if (prev !== undefined && !sameConstraint(prev, c)) valid = false; // e.g. tcp with nw_proto=17
    byBit[i] = c;
    keys |= 1 << i;
  };
  for (const [name, value] of Object.entries(match)) {
    const sh = SHORTHANDS[name];
    if (sh) {
      if (value !== '') valid = false;
      put('dl_type', exact(sh.dlType));
      if (sh.nwProto !== undefined) put('nw_proto', exact(sh.nwProto));
      continue;
    }
    const c = constraintOf(name, String(value));
    if (c === undefined) {
      valid = false;
      continue;
    }
    if (c[1] !== null) put(c[0], c[1]);
  }
  // sized once: an array grown by push keeps ~17 slots for 4 constraints (+120 B a rule)
  const cons = new Array<Constraint>(popcount(keys));
  let j = 0;
  for (const c of byBit) if (c !== undefined) cons[j++] = c;
  return new Normal(keys, cons, valid);
}

/** `normalizeMatch`, remembered per match object and per match text. */
const normalize = memoByMatch(normalizeMatch);

/** The remembered normal form of a match, for callers comparing one match with many. */
export const normalMatch = (m: Match): NormalMatch => normalize(m);

// (no allocation below: these run for every rule at every keystroke of the rule editor)

/** The lowest and highest value a number or a range admits (NaN for a set or bits). */
const lowOf = (c: Constraint): number =>
  typeof c === 'number' ? c : c.t === 'range' ? c.lo : Number.NaN;
const highOf = (c: Constraint): number =>
  typeof c === 'number' ? c : c.t === 'range' ? c.hi : Number.NaN;
const setOf = (c: Constraint): readonly number[] | undefined =>
  typeof c === 'object' && c.t === 'set' ? c.values : undefined;

function someIn(values: readonly number[], lo: number, hi: number): boolean {
  for (const v of values) if (lo <= v && v <= hi) return true;
  return false;
}

/** Every value `b` admits, `a` admits too. */
function contains(a: Constraint, b: Constraint): boolean {
  if (a === b) return true;
  // a one-value range is a number, and a set holds two values or more: a number contains only itself
  if (typeof a === 'number') return false;
  switch (a.t) {
    case 'range':
      return a.lo <= lowOf(b) && highOf(b) <= a.hi; // NaN for a set or bits: false
    case 'set': {
      if (typeof b === 'number') return a.values.includes(b);
      if (b.t !== 'set') return false;
      for (const v of b.values) if (!a.values.includes(v)) return false;
      return true;
    }
    case 'bits':
      return (
        typeof b === 'object' &&
        b.t === 'bits' &&
        (a.mask & ~b.mask) === 0n &&
        ((a.value ^ b.value) & a.mask) === 0n
      );
  }
}

/** Some value is admitted by both. */
function intersects(a: Constraint, b: Constraint): boolean {
  if (a === b) return true;
  const sa = setOf(a);
  const sb = setOf(b);
  if (sa !== undefined && sb !== undefined) {
    for (const v of sa) if (sb.includes(v)) return true;
    return false;
  }
  if (sa !== undefined) return Number.isNaN(lowOf(b)) || someIn(sa, lowOf(b), highOf(b));
  if (sb !== undefined) return Number.isNaN(lowOf(a)) || someIn(sb, lowOf(a), highOf(a));
  if (typeof a === 'object' && a.t === 'bits')
    return (
      typeof b !== 'object' || b.t !== 'bits' || ((a.value ^ b.value) & a.mask & b.mask) === 0n
    );
  if (typeof b === 'object' && b.t === 'bits') return true;
  return Math.max(lowOf(a), lowOf(b)) <= Math.min(highOf(a), highOf(b));
}

function normal(m: Match | NormalMatch): NormalMatch {
  return m instanceof Normal ? m : normalize(m as Match);
}

/** Walks the fields both forms constrain, lowest bit first; stops when `each` says false. */
function everyShared(
  na: NormalMatch,
  nb: NormalMatch,
  each: (ca: Constraint, cb: Constraint) => boolean,
): boolean {
  const both = na.keys & nb.keys;
  let ia = 0;
  let ib = 0;
  for (let bits = na.keys | nb.keys; bits !== 0; bits &= bits - 1) {
    const bit = bits & -bits;
    if (both & bit) {
      if (!each(na.cons[ia]!, nb.cons[ib]!)) return false;
    }
    if (na.keys & bit) ia++;
    if (nb.keys & bit) ib++;
  }
  return true;
}

function coversNormal(na: NormalMatch, nb: NormalMatch): boolean {
  if (!na.valid || !nb.valid || (na.keys & ~nb.keys) !== 0) return false;
  return everyShared(na, nb, contains);
}

function overlapsNormal(na: NormalMatch, nb: NormalMatch): boolean {
  if (!na.valid || !nb.valid) return false;
  return everyShared(na, nb, intersects);
}

/** a's match set ⊇ b's: every field a constrains, b constrains at least as tightly. */
export function covers(a: Match | NormalMatch, b: Match | NormalMatch): boolean {
  return coversNormal(normal(a), normal(b));
}

/** Some packet matches both. */
export function overlaps(a: Match | NormalMatch, b: Match | NormalMatch): boolean {
  return overlapsNormal(normal(a), normal(b));
}

/** Same identity on the device: same priority and the same match map, values as strings; never a malformed rule. */
export function sameKey(a: RuleKey, b: RuleKey): boolean {
  if (a.priority !== b.priority || a.malformed || b.malformed) return false;
  const ka = Object.keys(a.match);
  if (ka.length !== Object.keys(b.match).length) return false;
  return ka.every((k) => Object.hasOwn(b.match, k) && String(b.match[k]) === String(a.match[k]));
}

export interface ShadowReport<R extends RuleKey> {
  /** Higher- or equal-priority rules that cover this rule: it never matches a packet. */
  shadowedBy: R[];
  /** Lower- or equal-priority rules this rule covers: they would never match again. */
  shadows: R[];
  /** Higher- or equal-priority rules that take part (not all) of this rule's packets. */
  partial: R[];
  /** An existing rule with the same match and priority: writing this one changes that one. */
  sameKey?: R;
}

/**
 * How `rule` relates to `rules`. `exclude` (compared by identity) is left out, e.g. the
 * rule being edited. Linear in the number of rules; matches are normalized once each.
 */
export function shadowsOf<R extends RuleKey>(
  rule: RuleKey,
  rules: readonly R[],
  exclude?: RuleKey,
): ShadowReport<R> {
  const report: ShadowReport<R> = { shadowedBy: [], shadows: [], partial: [] };
  if (rule.malformed) return report;
  const me = normalize(rule.match);
  if (!me.valid) return report;
  const norms = prepared(rules);
  const p = rule.priority;
  for (let i = 0; i < rules.length; i++) {
    const other = rules[i]!;
    if (other === exclude || other.malformed) continue;
    if (other.priority === p && sameKey(rule, other)) {
      report.sameKey = other;
      continue;
    }
    const them = norms[i]!;
    if (!them.valid) continue;
    if (other.priority >= p) {
      if (coversNormal(them, me)) report.shadowedBy.push(other);
      else if (overlapsNormal(them, me)) report.partial.push(other);
    }
    if (other.priority <= p && coversNormal(me, them)) report.shadows.push(other);
  }
  return report;
}

/** The normal forms of a rule list, made once per list (a poll result). */
const lists = new WeakMap<readonly RuleKey[], NormalMatch[]>();

function prepared(rules: readonly RuleKey[]): NormalMatch[] {
  let norms = lists.get(rules);
  if (norms === undefined) {
    norms = rules.map((r) => normalize(r.match));
    lists.set(rules, norms);
  }
  return norms;
}
