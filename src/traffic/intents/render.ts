/**
 * A cube in the rules' own words: as the match(es) a rule table needs to take exactly its
 * packets (`rulesOf`), as one readable line (`cubeText`), and as an example packet
 * (`examplePacket`, for a trace).
 */
import { type Match, parseIpv4 } from '../../model/index.js';
import type { Flow } from '../index.js';
import { type Cube, DIMS, type Dim, isFull } from './cube.js';
import * as S from './intset.js';

const PROTO_NAME: Record<number, string> = { 1: 'icmp', 6: 'tcp', 17: 'udp', 132: 'sctp' };
const L4_NAME: Record<number, string> = { 6: 'tcp', 17: 'udp', 132: 'sctp' };

export const ipv4Text = (n: number): string =>
  [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

const hex4 = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

/** Packets missing the field are written as `none` (`vlan=none` = untagged). */
function setText(d: Dim, s: S.IntSet): string {
  const name = (v: number): string =>
    d === 'nw_src' || d === 'nw_dst' ? ipv4Text(v) : d === 'dl_type' ? hex4(v) : String(v);
  const known = S.text(S.subtract(s, S.range(-1, -1)), name);
  if (!S.has(s, -1)) return known;
  return known ? `none,${known}` : 'none';
}

/** One readable line: `in_port=1-4 vlan=1-3 tcp tcp_dst=80`; every packet is `(any)`. */
export function cubeText(c: Cube): string {
  const words: string[] = [];
  const one = (d: Dim) => (c[d].length === 1 && c[d][0]![0] === c[d][0]![1] ? c[d][0]![0] : null);
  const dl = one('dl_type');
  const proto = one('proto');
  const named = dl === 0x0800 && proto !== null && PROTO_NAME[proto] !== undefined;
  for (const d of DIMS) {
    if (isFull(c, d)) continue;
    if (named && d === 'dl_type') continue;
    if (named && d === 'proto') {
      words.push(PROTO_NAME[proto!]!);
      continue;
    }
    if (d === 'tp_src' || d === 'tp_dst') {
      const l4 = proto === null ? undefined : L4_NAME[proto];
      words.push(`${l4 ?? 'tp'}_${d.slice(3)}=${setText(d, c[d])}`);
      continue;
    }
    words.push(`${d === 'proto' ? 'nw_proto' : d}=${setText(d, c[d])}`);
  }
  return words.join(' ') || '(any)';
}

export class NotWritable extends Error {}

/** Can rulesOf write the cube, in few rules (no "every ethertype but one")? */
export function writable(c: Cube): boolean {
  return DIMS.every(
    (d) =>
      isFull(c, d) ||
      d === 'in_port' ||
      (!S.has(c[d], -1) &&
        (d === 'dl_type' || d === 'proto' || d === 'pcp' ? S.size(c[d]) <= 8 : c[d].length <= 8)),
  );
}

/** The alternatives of one dimension as rule fields (each alternative one rule). */
function alternatives(c: Cube, d: Dim): Match[] {
  const s = c[d];
  if (isFull(c, d)) return [{}];
  if (S.has(s, -1) && d !== 'in_port')
    throw new NotWritable(`${d}: a class that includes packets without the field`);
  switch (d) {
    case 'in_port':
      return [{ in_port: S.text(s) }];
    case 'dl_type':
      return S.values(s).map((v) => ({ dl_type: hex4(v) }));
    case 'proto':
      return S.values(s).map((v) => ({ nw_proto: String(v) }));
    case 'pcp':
      return S.values(s).map((v) => ({ dl_vlan_pcp: String(v) }));
    case 'vlan':
      return S.blocks(s).map(
        ([v, size]): Match =>
          size === 1
            ? { dl_vlan: String(v) }
            : { vlan_tci: `${hex4(0x1000 | v)}/${hex4(0x1000 | (0xfff & ~(size - 1)))}` },
      );
    case 'nw_src':
    case 'nw_dst':
      return S.blocks(s).map(([v, size]) => ({
        [d]: `${ipv4Text(v)}/${32 - Math.log2(size)}`,
      }));
    case 'tp_src':
    case 'tp_dst':
      return s.map(([lo, hi]) => ({ [d]: lo === hi ? String(lo) : `${lo}-${hi}` }));
  }
}

/** dl_type + nw_proto as the shorthand, tp_ as the protocol's own field. */
function tidy(m: Match): Match {
  const out: Match = {};
  const dl = m.dl_type;
  const proto = m.nw_proto;
  const l4 = proto === undefined ? undefined : L4_NAME[Number(proto)];
  const named = dl === '0x0800' && proto !== undefined && PROTO_NAME[Number(proto)];
  for (const [k, v] of Object.entries(m)) {
    if (named && (k === 'dl_type' || k === 'nw_proto')) continue;
    if ((k === 'tp_src' || k === 'tp_dst') && l4) out[`${l4}_${k.slice(3)}`] = v;
    else out[k] = v;
  }
  if (named) return { ...(out.in_port ? { in_port: out.in_port } : {}), [named]: '', ...out };
  return out;
}

/**
 * The rule matches that together take exactly the cube's packets (a product of each
 * dimension's alternatives). NotWritable when the cube holds packets lacking a field it
 * constrains (the compiler never makes one: intents name what packets have).
 */
export function rulesOf(c: Cube): Match[] {
  let out: Match[] = [{}];
  for (const d of DIMS) {
    const alts = alternatives(c, d);
    out = out.flatMap((m) => alts.map((a) => ({ ...m, ...a })));
  }
  return out.map(tidy);
}

/** A packet of the class (the smallest value of each dimension, IPv4 and TCP preferred). */
export function examplePacket(c: Cube, id = 0): Flow {
  const pick = (d: Dim, prefer?: number): number => {
    const s = c[d];
    if (prefer !== undefined && S.has(s, prefer)) return prefer;
    const known = S.subtract(s, S.range(-1, -1));
    return known.length > 0 ? known[0]![0] : -1;
  };
  const flow: Flow = {
    id,
    in_port: pick('in_port'),
    dl_src: '02:00:00:00:00:01',
    dl_dst: '02:00:00:00:00:02',
    dl_type: pick('dl_type', 0x0800),
    bps: 0,
    packet_size: 1000,
  };
  const vlan = pick('vlan', -1);
  if (vlan >= 0) {
    flow.vlan = vlan;
    flow.vlan_pcp = Math.max(0, pick('pcp'));
  }
  const proto = pick('proto', 6);
  if (proto >= 0) flow.nw_proto = proto;
  for (const d of ['nw_src', 'nw_dst'] as const) {
    const v = pick(d, parseIpv4('10.0.0.1') ?? 0);
    if (v >= 0) flow[d] = ipv4Text(v);
  }
  for (const d of ['tp_src', 'tp_dst'] as const) {
    const v = pick(d);
    if (v >= 0) flow[d] = v;
  }
  return flow;
}

/** A flow's header as the cube's dimensions read it. */
export function pointOf(f: Flow): Record<Dim, number> {
  return {
    in_port: f.in_port,
    dl_type: f.dl_type,
    vlan: f.vlan ?? -1,
    pcp: f.vlan === undefined ? -1 : (f.vlan_pcp ?? 0),
    proto: f.nw_proto ?? -1,
    nw_src: f.nw_src === undefined ? -1 : (parseIpv4(f.nw_src) ?? -1),
    nw_dst: f.nw_dst === undefined ? -1 : (parseIpv4(f.nw_dst) ?? -1),
    tp_src: f.tp_src ?? -1,
    tp_dst: f.tp_dst ?? -1,
  };
}
