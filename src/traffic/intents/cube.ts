/**
 * A packet class: a product of one integer set per header dimension (a "cube"). Every match
 * the intents and the rule table use is one cube, so "which packets does this rule take"
 * and "which packets does this tool want" are the same kind of object, and intersection,
 * difference and inclusion are exact.
 *
 * Dimensions, with the value a packet lacking the field has (-1): in_port, dl_type, vlan
 * (−1 = untagged), pcp (−1 = untagged), proto (IP protocol; −1 = none), nw_src / nw_dst
 * (IPv4 address as a 32-bit number; −1 = none), tp_src / tp_dst (L4 port; −1 = none).
 * The semantics are flow.ts's: `tcp` is dl_type 0x0800 and proto 6, `tcp_dst=80` is proto 6
 * and tp_dst 80, `dl_vlan=5` a tagged packet of VID 5, `nw_src` a packet with an IPv4 address
 * in the prefix.
 */
import { canonicalMatch } from '../../model/dialect.js';
import type { Match } from '../../model/types.js';
import {
  parseInPorts,
  parseIntStrict,
  parseIpv4Prefix,
  parseL4Range,
  parseValueMask16,
} from '../../model/values.js';
import { MATCH_FIELD_BY_NAME, OFPVID_PRESENT, SHORTHANDS } from '../../model/vocabulary.js';
import type { IntSet } from './intset.js';
import * as S from './intset.js';

export const DIMS = [
  'in_port',
  'dl_type',
  'vlan',
  'pcp',
  'proto',
  'nw_src',
  'nw_dst',
  'tp_src',
  'tp_dst',
] as const;
export type Dim = (typeof DIMS)[number];
export type Cube = Readonly<Record<Dim, IntSet>>;

const V4_MAX = 2 ** 32 - 1;
export const DOMAIN: Cube = {
  in_port: S.range(0, 65535),
  dl_type: S.range(0, 65535),
  vlan: S.range(-1, 4095),
  pcp: S.range(-1, 7),
  proto: S.range(-1, 255),
  nw_src: S.range(-1, V4_MAX),
  nw_dst: S.range(-1, V4_MAX),
  tp_src: S.range(-1, 65535),
  tp_dst: S.range(-1, 65535),
};

export const isFull = (c: Cube, d: Dim): boolean => S.equals(c[d], DOMAIN[d]);

export function intersectCubes(a: Cube, b: Cube): Cube | null {
  const out = {} as Record<Dim, IntSet>;
  for (const d of DIMS) {
    const s = S.intersect(a[d], b[d]);
    if (S.isEmpty(s)) return null;
    out[d] = s;
  }
  return out;
}

/** a − b as disjoint cubes (at most one per dimension). */
export function subtractCube(a: Cube, b: Cube): Cube[] {
  if (!intersectCubes(a, b)) return [a];
  const out: Cube[] = [];
  let rest: Record<Dim, IntSet> = { ...a };
  for (const d of DIMS) {
    const outside = S.subtract(rest[d], b[d]);
    if (!S.isEmpty(outside)) out.push({ ...rest, [d]: outside });
    rest = { ...rest, [d]: S.intersect(rest[d], b[d]) };
  }
  return out;
}

/** Every piece of `pieces` minus b. */
export const subtractAll = (pieces: readonly Cube[], b: Cube): Cube[] =>
  pieces.flatMap((p) => subtractCube(p, b));

export const withinCube = (a: Cube, b: Cube): boolean => DIMS.every((d) => S.within(a[d], b[d]));

export const cubeKey = (c: Cube): string => DIMS.map((d) => S.text(c[d])).join('|');

/** What a cube cannot say about a match: fields it does not model. */
export interface CubeOf {
  cube: Cube | null;
  /** Fields outside the model (the cube ignores them: it is a superset). */
  unsupported: string[];
}

type Put = (d: Dim, s: IntSet) => void;

function vlanTci(value: string, put: Put): boolean {
  const t = parseValueMask16(value);
  if (!t) return false;
  const [vv, mm] = t;
  if (mm === 0) return true;
  if (!(mm & OFPVID_PRESENT)) return false;
  if (!(vv & OFPVID_PRESENT)) {
    put('vlan', (vv & mm) === 0 ? S.range(-1, -1) : S.EMPTY);
    return true;
  }
  const vidMask = mm & 0xfff;
  const pcpMask = (mm >> 13) & 7;
  const size = 0x1000 - vidMask; // a prefix mask leaves a power-of-two block
  if ((size & (size - 1)) !== 0 || (pcpMask !== 0 && pcpMask !== 7)) return false;
  const lo = vv & vidMask;
  put('vlan', S.range(lo, lo + size - 1));
  if (pcpMask === 7) put('pcp', S.range((vv >> 13) & 7, (vv >> 13) & 7));
  return true;
}

const L4_PROTO: Record<string, number> = { tcp: 6, udp: 17, sctp: 132 };

function field(name: string, value: string, put: Put): boolean {
  const sh = SHORTHANDS[name];
  if (sh) {
    put('dl_type', S.range(sh.dlType, sh.dlType));
    if (sh.nwProto !== undefined) put('proto', S.range(sh.nwProto, sh.nwProto));
    return value === '';
  }
  const spec = MATCH_FIELD_BY_NAME.get(name);
  const canonical = spec?.aliasOf ?? name;
  const n = parseIntStrict(value);
  const one = (d: Dim): boolean => {
    if (n === null) return false;
    put(d, S.range(n, n));
    return true;
  };
  switch (spec?.kind) {
    case 'ports': {
      const ports = parseInPorts(value);
      if (!ports) return false;
      put('in_port', S.ofValues(ports));
      return true;
    }
    case 'ethertype':
      return one('dl_type');
    case 'vlan': {
      if (n === null) return false;
      const vid = n >= OFPVID_PRESENT ? n - OFPVID_PRESENT : n;
      put('vlan', S.range(vid, vid));
      return true;
    }
    case 'pcp':
      return one('pcp');
    case 'vlan_tci':
      return vlanTci(value, put);
    case 'ipv4': {
      const p = parseIpv4Prefix(value);
      if (!p) return false;
      const span = 2 ** (32 - p[1]);
      const lo = Math.floor(p[0] / span) * span;
      put(canonical === 'nw_src' ? 'nw_src' : 'nw_dst', S.range(lo, lo + span - 1));
      return true;
    }
    case 'l4port': {
      const r = parseL4Range(value);
      if (!r) return false;
      const [kind, dir] = name.split('_') as [string, string];
      const proto = L4_PROTO[kind];
      if (proto !== undefined) put('proto', S.range(proto, proto));
      put(dir === 'src' ? 'tp_src' : 'tp_dst', S.range(r[0], r[1]));
      return true;
    }
    case 'u8':
      return canonical === 'nw_proto' ? one('proto') : false;
    default:
      return false;
  }
}

/**
 * The packets a rule match admits, as a cube. A field the model does not hold (MAC, IPv6,
 * ToS, ICMP, MPLS, a non-prefix mask) is listed in `unsupported` and left out (the cube is
 * then a superset); a match that cannot be read is `cube: null`.
 */
export function cubeOfMatch(match: Match, extra: Partial<Record<Dim, IntSet>> = {}): CubeOf {
  const canonical = canonicalMatch(match);
  const out: Record<Dim, IntSet> = { ...DOMAIN };
  const unsupported: string[] = canonical.issues.map((i) => i.field);
  const put: Put = (d, s) => {
    out[d] = S.intersect(out[d], s);
  };
  for (const [d, s] of Object.entries(extra)) put(d as Dim, s);
  for (const [name, raw] of Object.entries(canonical.match))
    if (!field(name, String(raw), put)) unsupported.push(name);
  const empty = DIMS.some((d) => S.isEmpty(out[d]));
  return { cube: empty ? null : out, unsupported };
}

/** Does the cube hold this packet (a flow's header as the dimensions read it)? */
export function holds(c: Cube, p: Readonly<Record<Dim, number>>): boolean {
  return DIMS.every((d) => S.has(c[d], p[d]));
}
