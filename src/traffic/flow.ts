/**
 * What a rule's match means for traffic: whether one flow (a stream of identical packets)
 * matches a match, in either dialect (the vendor's `protocol`/`vlan` fields are read through
 * `canonicalMatch`). A match is the conjunction of its fields:
 *
 * - `in_port`: the flow's port is one of the listed ports or ranges (`5`, `1,2,5`, `5-10`);
 * - `dl_src`/`dl_dst`: MAC, optional `/mask`;
 * - `dl_vlan`/`vlan_vid`: a tagged flow with that VLAN ID (`vlan_vid` may carry the 0x1000
 *   present bit); `dl_vlan_pcp`: a tagged flow with that priority; `vlan_tci` value/mask
 *   against the flow's TCI (untagged: 0, tagged: 0x1000 | pcp << 13 | vid) — which is how the
 *   vendor's `vlan=match` (any tagged, or one VLAN ID/priority) and `vlan=neg_match`
 *   (untagged only) read;
 * - `dl_type`/`eth_type` decimal or hex; the shorthands (`tcp`, `udp6`, `arp` …, and the
 *   vendor's `protocol=`) the ethertype and IP protocol they imply;
 * - `nw_src`/`nw_dst`: a flow with an IPv4 address (IPv4 or ARP) inside the prefix or mask;
 *   `ipv6_src`/`ipv6_dst`: a flow with an IPv6 address inside the prefix;
 * - `nw_proto`/`ip_proto`, `nw_tos` (an IP flow without one has ToS 0), `icmp_type`,
 *   `icmp_code`, `mpls_label`: equal;
 * - `tcp_`/`udp_`/`sctp_` `src`/`dst`: a flow of that IP protocol whose L4 port is the port
 *   or inside the range `lo-hi`; `tp_src`/`tp_dst`: any flow with an L4 port in range.
 *
 * A field the flow lacks (tp_dst on ARP, nw_src on an L2 flow) does not match. A field that
 * is unknown, a value that does not parse and a vendor field the dialect refuses never match
 * (the device would have refused the rule; a rule that cannot be read forwards nothing).
 *
 * `mismatch` names the first field that does not match, in the order of `MATCH_ORDER`, by the
 * name the rule wrote it with (a vendor `protocol=tcp` is reported as `protocol`, its
 * `vlan`/`vlan_id`/`vlan_priority` as `vlan`). Flows are read once and remembered per object:
 * treat a Flow as immutable.
 */

import { rememberBounded } from '../model/bounded.js';
import { canonicalMatch } from '../model/dialect.js';
import type { Match } from '../model/types.js';
import {
  parseInPorts,
  parseIntStrict,
  parseIpv4Prefix,
  parseIpv6Prefix,
  parseL4Range,
  parseValueMask16,
} from '../model/values.js';
import { MATCH_FIELD_BY_NAME, OFPVID_PRESENT, SHORTHANDS } from '../model/vocabulary.js';
import { memoByMatch } from '../tcam/match-memo.js';
import { type Flow, macParts, type PackedFlow, pack } from './flow-pack.js';

export { type Flow, type PackedFlow, pack, packFlow } from './flow-pack.js';

/** The order `mismatch` tries fields in (canonical names; aliases and shorthands sit with theirs). */
export const MATCH_ORDER = [
  'in_port',
  'dl_src',
  'dl_dst',
  'dl_vlan',
  'dl_vlan_pcp',
  'vlan_tci',
  'dl_type',
  'nw_proto',
  'nw_src',
  'nw_dst',
  'ipv6_src',
  'ipv6_dst',
  'nw_tos',
  'tp_src',
  'tp_dst',
  'icmp_type',
  'icmp_code',
  'mpls_label',
] as const;

type Test = (p: PackedFlow) => boolean;

export interface FieldCheck {
  /** The field as the rule wrote it. */
  readonly field: string;
  readonly order: number;
  readonly test: Test;
}

export interface CompiledMatch {
  /** In MATCH_ORDER. */
  readonly checks: readonly FieldCheck[];
  /** The ports the match admits; null = every port. */
  readonly ports: readonly number[] | null;
  /** The one ethertype the match requires, or null. */
  readonly dlType: number | null;
  /**
   * The one (IP protocol, L4 destination port) the match requires, as `l4KeyOf` a flow, or -1
   * (none: no protocol, or no single destination port). Derived from `needs`; a flow of another
   * key cannot match.
   */
  readonly l4Key: number;
  /** Conditions the checks imply, as numbers (a quick reject before the tests). */
  readonly needs: MatchNeeds;
}

/**
 * Necessary conditions of a match as plain numbers, for a scan over many rules (trace) to
 * reject most of them without calling a test: a flow that fails one fails the match; one that
 * passes them all must still pass the checks. -1 (or null) = no such condition.
 */
export interface MatchNeeds {
  /** The IP protocol required (tcp, udp, sctp, icmp … or nw_proto). */
  proto: number;
  /** The L4 destination / source port range required, inclusive (lo -1: none). */
  tpDstLo: number;
  tpDstHi: number;
  tpSrcLo: number;
  tpSrcHi: number;
  /** IPv4 source / destination prefix: the address masked must be `want` (null: none). */
  v4src: { mask: number; want: number } | null;
  v4dst: { mask: number; want: number } | null;
  /** The VLAN ID a tagged flow must carry (dl_vlan, vlan_id). */
  vid: number;
}

/** A flow's (IP protocol, L4 destination port) for CompiledMatch.l4Key; -1 without an L4 port. */
export const l4KeyOf = (p: PackedFlow): number =>
  p.tpDst >= 0 && p.proto >= 0 ? p.proto * 0x10000 + p.tpDst : -1;

const ORDER = new Map<string, number>(MATCH_ORDER.map((f, i) => [f, i]));
const L4_PROTO: Record<string, number> = { tcp: 6, udp: 17, sctp: 132 };
const never: Test = () => false;

function orderOf(field: string): number {
  if (SHORTHANDS[field] || field === 'protocol') return ORDER.get('dl_type')!;
  if (field === 'vlan' || field === 'vlan_id' || field === 'vlan_priority')
    return ORDER.get('vlan_tci')!;
  const l4 = /^(?:tcp|udp|sctp|tp)_(src|dst)$/.exec(field);
  if (l4) return ORDER.get(`tp_${l4[1]}`)!;
  const spec = MATCH_FIELD_BY_NAME.get(field);
  return ORDER.get(spec?.aliasOf ?? field) ?? MATCH_ORDER.length;
}

function macTest(value: string, src: boolean): Test {
  const [addr, mask, extra] = value.split('/');
  if (extra !== undefined || addr === undefined) return never;
  const [ah, al] = macParts(addr);
  const [mh, ml] = mask === undefined ? [0xffff, 0xffffffff] : macParts(mask);
  if (ah < 0 || mh < 0) return never;
  const vh = ah & mh;
  const vl = (al & ml) >>> 0;
  return src
    ? (p) => p.srcHi >= 0 && (p.srcHi & mh) === vh && (p.srcLo & ml) >>> 0 === vl
    : (p) => p.dstHi >= 0 && (p.dstHi & mh) === vh && (p.dstLo & ml) >>> 0 === vl;
}

function ipv4Test(value: string, src: boolean, needs: MatchNeeds): Test {
  const pfx = parseIpv4Prefix(value);
  if (!pfx) return never;
  const mask = pfx[1] === 0 ? 0 : (0xffffffff << (32 - pfx[1])) >>> 0;
  const want = (pfx[0] & mask) >>> 0;
  if (src) needs.v4src ??= { mask, want };
  else needs.v4dst ??= { mask, want };
  return src
    ? (p) => p.v4src >= 0 && (p.v4src & mask) >>> 0 === want
    : (p) => p.v4dst >= 0 && (p.v4dst & mask) >>> 0 === want;
}

function ipv6Test(value: string, src: boolean): Test {
  const pfx = parseIpv6Prefix(value);
  if (!pfx) return never;
  const all = (1n << 128n) - 1n;
  const mask = (all << BigInt(128 - pfx[1])) & all;
  const want = pfx[0] & mask;
  return src
    ? (p) => p.v6src !== null && (p.v6src & mask) === want
    : (p) => p.v6dst !== null && (p.v6dst & mask) === want;
}

function l4Test(field: string, value: string, needs: MatchNeeds): Test {
  const r = parseL4Range(value);
  if (!r) return never;
  const [lo, hi] = r;
  const [kind, dir] = field.split('_') as [string, string];
  const proto = L4_PROTO[kind];
  if (proto !== undefined && needs.proto === -1) needs.proto = proto;
  if (dir === 'dst' && needs.tpDstLo === -1) [needs.tpDstLo, needs.tpDstHi] = [lo, hi];
  if (dir === 'src' && needs.tpSrcLo === -1) [needs.tpSrcLo, needs.tpSrcHi] = [lo, hi];
  const port = dir === 'src' ? (p: PackedFlow) => p.tpSrc : (p: PackedFlow) => p.tpDst;
  return proto === undefined
    ? (p) => {
        const v = port(p);
        return v >= 0 && v >= lo && v <= hi;
      }
    : (p) => {
        const v = port(p);
        return p.proto === proto && v >= 0 && v >= lo && v <= hi;
      };
}

/**
 * The test of one OpenFlow match field; `never` for an unknown field or a bad value. What the
 * test requires of the protocol, L4 ports and IPv4 prefixes goes into `needs` on the way.
 */
function fieldTest(field: string, value: string, needs: MatchNeeds): Test {
  const sh = SHORTHANDS[field];
  if (sh) {
    if (value !== '') return never;
    const { dlType, nwProto } = sh;
    if (nwProto !== undefined && needs.proto === -1) needs.proto = nwProto;
    return nwProto === undefined
      ? (p) => p.dlType === dlType
      : (p) => p.dlType === dlType && p.proto === nwProto;
  }
  const spec = MATCH_FIELD_BY_NAME.get(field);
  if (!spec) return never;
  const canonical = spec.aliasOf ?? field;
  const n = parseIntStrict(value);
  switch (spec.kind) {
    case 'ports': {
      const ports = parseInPorts(value);
      if (!ports) return never;
      const set = new Set(ports);
      return (p) => set.has(p.inPort);
    }
    case 'mac':
      return macTest(value, canonical === 'dl_src');
    case 'ipv4':
      return ipv4Test(value, canonical === 'nw_src', needs);
    case 'ipv6':
      return ipv6Test(value, canonical === 'ipv6_src');
    case 'l4port':
      return l4Test(field, value, needs);
    case 'vlan_tci': {
      const t = parseValueMask16(value);
      if (!t) return never;
      const [v, m] = t;
      const want = v & m;
      return (p) => (p.tci & m) === want;
    }
    case 'vlan': {
      if (n === null || n > 0x1fff || (canonical === field && n > 0x0fff)) return never;
      const vid = n >= OFPVID_PRESENT ? n - OFPVID_PRESENT : n;
      if (needs.vid === -1) needs.vid = vid;
      return (p) => p.tagged && p.vid === vid;
    }
    case 'pcp':
      return n === null || n > 7 ? never : (p) => p.tagged && p.pcp === n;
    case 'ethertype':
      return n === null ? never : (p) => p.dlType === n;
    case 'mpls':
      return n === null ? never : (p) => p.mpls === n;
    case 'u8': {
      if (n === null || n > 255) return never;
      if (canonical === 'nw_proto') {
        if (needs.proto === -1) needs.proto = n;
        return (p) => p.proto === n;
      }
      if (canonical === 'nw_tos') return (p) => p.tos === n;
      if (canonical === 'icmp_type') return (p) => p.icmpType === n;
      if (canonical === 'icmp_code') return (p) => p.icmpCode === n;
      return never;
    }
    case 'flag':
      return never; // a flag that is not a shorthand
  }
}

/** The field a canonical (OpenFlow) field was written as in a vendor-dialect match. */
function writtenName(written: Match, field: string): string {
  if (Object.hasOwn(written, field)) return field;
  return SHORTHANDS[field] ? 'protocol' : 'vlan';
}

const noNeeds = (): MatchNeeds => ({
  proto: -1,
  tpDstLo: -1,
  tpDstHi: -1,
  tpSrcLo: -1,
  tpSrcHi: -1,
  v4src: null,
  v4dst: null,
  vid: -1,
});
const UNSET = noNeeds();
const NEED_KEYS = Object.keys(UNSET) as (keyof MatchNeeds)[];

/** What one field=value (written as `name`) compiles to, in whichever rule it stands. */
interface FieldPart {
  readonly check: FieldCheck;
  /** What the field requires of a flow (UNSET's values where nothing): taken by a rule where nothing set them yet. */
  readonly needs: MatchNeeds;
  /** in_port's ports (undefined for another field). */
  readonly ports: readonly number[] | undefined;
  /** The ethertype an ethertype field or a shorthand requires. */
  readonly dlType: number | undefined;
}

/**
 * Parts shared by the rules that hold the same field=value: a test is a closure (with its
 * context, and a Set for in_port), and a 65,536-rule table compiled for a trace kept one per
 * field per rule, ~1.2–1.4 KB a rule (docs/performance.md, "Compiled matches shared by
 * field"). Bounded like the match memo.
 */
const parts = new Map<string, FieldPart>();
const PARTS_MAX = 8_192;

function fieldPart(name: string, field: string, value: string): FieldPart {
  return rememberBounded(parts, PARTS_MAX, `${name}\u0000${field}\u0000${value}`, () => {
    const needs = noNeeds();
    const test = fieldTest(field, value, needs);
    const spec = MATCH_FIELD_BY_NAME.get(field);
    return {
      check: { field: name, order: orderOf(name), test },
      needs,
      ports:
        spec?.kind === 'ports' ? Object.freeze([...new Set(parseInPorts(value) ?? [])]) : undefined,
      dlType:
        spec?.kind === 'ethertype'
          ? (parseIntStrict(value) ?? undefined)
          : SHORTHANDS[field]?.dlType,
    };
  });
}

/** `part`'s requirements into a rule's, where nothing set them yet (the first field decides). */
function takeNeeds(needs: MatchNeeds, part: MatchNeeds): void {
  const into = needs as unknown as Record<string, unknown>;
  for (const k of NEED_KEYS) if (needs[k] === UNSET[k]) into[k] = part[k];
}

function compile(written: Match): CompiledMatch {
  const canonical = canonicalMatch(written);
  const entries = Object.entries(canonical.match);
  // sized once: an array grown by push keeps ~17 slots
  const checks = new Array<FieldCheck>(canonical.issues.length + entries.length);
  let n = 0;
  for (const issue of canonical.issues)
    checks[n++] = { field: issue.field, order: orderOf(issue.field), test: never };
  let ports: readonly number[] | null = null;
  const dlTypes = new Set<number>();
  const needs = noNeeds();
  for (const [field, raw] of entries) {
    const part = fieldPart(writtenName(written, field), field, String(raw));
    checks[n++] = part.check;
    takeNeeds(needs, part.needs);
    if (part.ports !== undefined) ports = part.ports;
    if (part.dlType !== undefined) dlTypes.add(part.dlType);
  }
  checks.sort((a, b) => a.order - b.order || (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return {
    checks,
    ports,
    dlType: dlTypes.size === 1 ? [...dlTypes][0]! : null,
    // one required protocol and one destination port (both necessary, as every `needs`)
    l4Key:
      needs.proto >= 0 && needs.tpDstLo >= 0 && needs.tpDstLo === needs.tpDstHi
        ? needs.proto * 0x10000 + needs.tpDstLo
        : -1,
    needs,
  };
}

/** The match made into tests (remembered per match object and per match text). */
export const compileMatch: (match: Match) => CompiledMatch = memoByMatch(compile);

/** The first field of a compiled match that the flow fails, or null. */
export function firstMismatch(c: CompiledMatch, p: PackedFlow): string | null {
  const checks = c.checks;
  for (let i = 0; i < checks.length; i++) if (!checks[i]!.test(p)) return checks[i]!.field;
  return null;
}

/** True when every field of the compiled match admits the flow. */
export function admits(c: CompiledMatch, p: PackedFlow): boolean {
  const checks = c.checks;
  for (let i = 0; i < checks.length; i++) if (!checks[i]!.test(p)) return false;
  return true;
}

/** null when `match` matches the flow; otherwise the first field (MATCH_ORDER) that did not. */
export function mismatch(match: Match, flow: Flow): string | null {
  return firstMismatch(compileMatch(match), pack(flow));
}

export const matchesFlow = (match: Match, flow: Flow): boolean => mismatch(match, flow) === null;
