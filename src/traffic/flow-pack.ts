/**
 * A flow as the matching code reads it: `Flow` (what the simulator and a trace hand over) and
 * its packed form, every header field as a number, made once per flow. The flow is read in one
 * for…in pass and parsed by character codes: flows come in many shapes (optional fields), and
 * reading absent properties of objects of many shapes, or splitting strings, was the cost of
 * classifying 50,000 flows.
 */
import { OFPVID_PRESENT, parseIpv6 } from '../model/index.js';

export interface Flow {
  id: number;
  /** The device's port_no the flow arrives on (what `in_port` and `output:` name). */
  in_port: number;
  dl_src: string;
  dl_dst: string;
  /** VLAN ID 0..4095; absent = untagged. */
  vlan?: number;
  /** VLAN priority 0..7 of a tagged flow (absent: 0). */
  vlan_pcp?: number;
  dl_type: number;
  /** IPv4 dotted (IPv4, ARP) or IPv6 text. */
  nw_src?: string;
  nw_dst?: string;
  nw_proto?: number;
  /** IP ToS byte; an IP flow without one has 0. */
  nw_tos?: number;
  tp_src?: number;
  tp_dst?: number;
  icmp_type?: number;
  icmp_code?: number;
  mpls_label?: number;
  /** Offered rate, bit/s. */
  bps: number;
  /** Bytes per packet. */
  packet_size: number;
}

/** A flow's header fields as numbers, made once per flow. */
export interface PackedFlow {
  readonly flow: Flow;
  readonly inPort: number;
  /** MAC as high 16 and low 32 bits; -1 when the flow's MAC does not parse. */
  readonly srcHi: number;
  readonly srcLo: number;
  readonly dstHi: number;
  readonly dstLo: number;
  readonly tagged: boolean;
  readonly vid: number;
  readonly pcp: number;
  readonly tci: number;
  readonly dlType: number;
  /** IPv4 addresses, -1 when none. */
  readonly v4src: number;
  readonly v4dst: number;
  readonly v6src: bigint | null;
  readonly v6dst: bigint | null;
  /** -1 when the flow has none. */
  readonly proto: number;
  readonly tos: number;
  readonly tpSrc: number;
  readonly tpDst: number;
  readonly icmpType: number;
  readonly icmpCode: number;
  readonly mpls: number;
}

/** A hex digit's value, or -1. */
function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}

/** `aa:bb:cc:dd:ee:ff` as its high 16 bits (or -1) … */
let macHi = -1;
/** … and its low 32 bits, set by `readMac`. */
let macLo = -1;

/** Reads a MAC into macHi/macLo (both -1 when it does not parse). */
function readMac(text: string): void {
  macHi = -1;
  macLo = -1;
  if (text.length !== 17) return;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < 6; i++) {
    const a = hexDigit(text.charCodeAt(i * 3));
    const b = hexDigit(text.charCodeAt(i * 3 + 1));
    if (a < 0 || b < 0 || (i < 5 && text.charCodeAt(i * 3 + 2) !== 58)) return;
    if (i < 2) hi = hi * 256 + a * 16 + b;
    else lo = lo * 256 + a * 16 + b;
  }
  macHi = hi;
  macLo = lo;
}

/** A MAC as its high 16 and low 32 bits, or [-1, -1]. */
export function macParts(text: string): [number, number] {
  readMac(text);
  return [macHi, macLo];
}

/** Dotted IPv4 as a number, or -1 (a flow's address: no prefix). */
function ipv4Value(text: string): number {
  let value = 0;
  let part = 0;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46) {
      if (digits === 0 || ++dots > 3) return -1;
      value = value * 256 + part;
      part = 0;
      digits = 0;
    } else if (c >= 48 && c <= 57 && digits < 3) {
      part = part * 10 + (c - 48);
      digits++;
      if (part > 255) return -1;
    } else return -1;
  }
  return dots === 3 && digits > 0 ? value * 256 + part : -1;
}

const num = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : -1);
const v4 = (text: unknown) => (typeof text === 'string' ? ipv4Value(text) : -1);
const v6 = (text: unknown) =>
  typeof text === 'string' && text.includes(':') ? parseIpv6(text) : null;

/**
 * The flow's packed form, made afresh (see `pack` for the remembered one). The flow is read
 * in one for…in pass: flows come in many shapes (optional fields), and reading an absent
 * property of objects of many shapes is slow.
 */
export function packFlow(flow: Flow): PackedFlow {
  let inPort = -1;
  let dlSrc: unknown;
  let dlDst: unknown;
  let vlan: unknown;
  let vlanPcp: unknown;
  let dlType = -1;
  let nwSrc: unknown;
  let nwDst: unknown;
  let proto = -1;
  let tos: unknown;
  let tpSrc = -1;
  let tpDst = -1;
  let icmpType = -1;
  let icmpCode = -1;
  let mpls = -1;
  const record = flow as unknown as Record<string, unknown>;
  for (const k in record) {
    const v = record[k];
    switch (k) {
      case 'in_port':
        inPort = num(v);
        break;
      case 'dl_src':
        dlSrc = v;
        break;
      case 'dl_dst':
        dlDst = v;
        break;
      case 'vlan':
        vlan = v;
        break;
      case 'vlan_pcp':
        vlanPcp = v;
        break;
      case 'dl_type':
        dlType = num(v);
        break;
      case 'nw_src':
        nwSrc = v;
        break;
      case 'nw_dst':
        nwDst = v;
        break;
      case 'nw_proto':
        proto = num(v);
        break;
      case 'nw_tos':
        tos = v;
        break;
      case 'tp_src':
        tpSrc = num(v);
        break;
      case 'tp_dst':
        tpDst = num(v);
        break;
      case 'icmp_type':
        icmpType = num(v);
        break;
      case 'icmp_code':
        icmpCode = num(v);
        break;
      case 'mpls_label':
        mpls = num(v);
        break;
    }
  }
  readMac(typeof dlSrc === 'string' ? dlSrc : '');
  const srcHi = macHi;
  const srcLo = macLo;
  readMac(typeof dlDst === 'string' ? dlDst : '');
  const dstHi = macHi;
  const dstLo = macLo;
  const tagged = typeof vlan === 'number';
  const vid = typeof vlan === 'number' ? vlan & 0x0fff : 0;
  const pcp = tagged && typeof vlanPcp === 'number' ? vlanPcp & 7 : 0;
  const ip = dlType === 0x0800 || dlType === 0x86dd;
  return {
    flow,
    inPort,
    srcHi,
    srcLo,
    dstHi,
    dstLo,
    tagged,
    vid,
    pcp,
    tci: tagged ? OFPVID_PRESENT | (pcp << 13) | vid : 0,
    dlType,
    v4src: v4(nwSrc),
    v4dst: v4(nwDst),
    v6src: v6(nwSrc),
    v6dst: v6(nwDst),
    proto,
    tos: ip ? (typeof tos === 'number' ? tos : 0) : -1,
    tpSrc,
    tpDst,
    icmpType,
    icmpCode,
    mpls,
  };
}

const packed = new WeakMap<Flow, PackedFlow>();

/** The flow's packed form (remembered per flow object). */
export function pack(flow: Flow): PackedFlow {
  let p = packed.get(flow);
  if (p === undefined) {
    p = packFlow(flow);
    packed.set(flow, p);
  }
  return p;
}
