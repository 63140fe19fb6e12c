/**
 * A packet for `trace`, written in the `--match` vocabulary with exact values
 * (`in_port=3 tcp nw_src=10.1.2.3 tcp_dst=443`): one value per field, no ranges, prefixes or
 * masks. What the fields imply is filled in — `tcp_dst` makes it TCP, `nw_src` IPv4,
 * `ipv6_src` IPv6, `mpls_label` MPLS — and a contradiction (`udp tcp_dst=443`) is an issue
 * on the field that contradicts. `in_port` is required (a packet arrives somewhere); it may
 * be a port number or, when the caller gives the device's ports, an interface name.
 */
import {
  MATCH_FIELD_BY_NAME,
  OFPVID_PRESENT,
  PACKET_PROTOCOLS,
  parseIntStrict,
  parseIpv4,
  parseIpv6,
  SHORTHANDS,
} from '../model/index.js';
import type { Flow } from './flow-pack.js';

export interface PacketIssue {
  field: string;
  message: string;
}

export interface ParsedPacket {
  /** null when there are issues. */
  flow: Flow | null;
  issues: PacketIssue[];
}

const ETH_IPV4 = 0x0800;
const ETH_IPV6 = 0x86dd;
const ETH_ARP = 0x0806;
const L4: Record<string, number> = { tcp: 6, udp: 17, sctp: 132 };

/** Field names a packet may carry (besides the shorthands), for completion and help. */
export const PACKET_FIELDS = [
  'in_port',
  'dl_src',
  'dl_dst',
  'dl_vlan',
  'dl_vlan_pcp',
  'dl_type',
  'nw_src',
  'nw_dst',
  'ipv6_src',
  'ipv6_dst',
  'nw_proto',
  'nw_tos',
  'tcp_src',
  'tcp_dst',
  'udp_src',
  'udp_dst',
  'sctp_src',
  'sctp_dst',
  'icmp_type',
  'icmp_code',
  'mpls_label',
] as const;

const ALIASES: Record<string, string> = {
  eth_type: 'dl_type',
  vlan_vid: 'dl_vlan',
  vlan_id: 'dl_vlan',
  vlan_priority: 'dl_vlan_pcp',
  ip_proto: 'nw_proto',
};

const MAC = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;

/** Splits `FIELD[=VALUE]` words (the CLI's arguments) into pairs. */
export function packetWords(words: readonly string[]): Array<[string, string]> {
  return words.map((w) => {
    const eq = w.indexOf('=');
    return eq < 0 ? [w.trim(), ''] : [w.slice(0, eq).trim(), w.slice(eq + 1).trim()];
  });
}

/**
 * The packet the fields describe, or the issues that stop it. `portByName` resolves an
 * interface name given as in_port (`in_port=eth-0-3`).
 */
export function parsePacket(
  fields: ReadonlyArray<readonly [string, string]>,
  portByName?: ReadonlyMap<string, number>,
): ParsedPacket {
  const issues: PacketIssue[] = [];
  const bad = (field: string, message: string) => {
    issues.push({ field, message });
  };
  const seen = new Map<string, string>();
  const values = new Map<string, { written: string; value: string }>();
  type Known = { v: number; by: string } | null;
  const st: { dlType: Known; proto: Known } = { dlType: null, proto: null };
  const setType = (v: number, by: string) => {
    if (st.dlType && st.dlType.v !== v) bad(by, `${by} contradicts ${st.dlType.by}`);
    else st.dlType ??= { v, by };
  };
  const setProto = (v: number, by: string) => {
    if (st.proto && st.proto.v !== v) bad(by, `${by} contradicts ${st.proto.by}`);
    else st.proto ??= { v, by };
  };
  for (const [rawField, rawValue] of fields) {
    const field = rawField.trim();
    const value = rawValue.trim();
    if (field === '') {
      bad(field, `'=${value}' has no field name`);
      continue;
    }
    const canonical = ALIASES[field] ?? field;
    const twice = seen.get(canonical);
    if (twice !== undefined) {
      bad(field, twice === field ? `${field} is given twice` : `${field} repeats ${twice}`);
      continue;
    }
    seen.set(canonical, field);
    const sh = SHORTHANDS[field];
    if (sh) {
      if (value !== '') bad(field, `${field} takes no value (write just '${field}')`);
      else {
        setType(sh.dlType, field);
        if (sh.nwProto !== undefined) setProto(sh.nwProto, field);
      }
      continue;
    }
    if (field === 'protocol') {
      const name = value.toLowerCase();
      if (!PACKET_PROTOCOLS.includes(name))
        bad(field, `protocol must be one of ${PACKET_PROTOCOLS.join(', ')}`);
      else {
        const s = SHORTHANDS[name]!;
        setType(s.dlType, field);
        if (s.nwProto !== undefined) setProto(s.nwProto, field);
      }
      continue;
    }
    if (
      !(PACKET_FIELDS as readonly string[]).includes(canonical) &&
      !/^tp_(src|dst)$/.test(field)
    ) {
      const known = MATCH_FIELD_BY_NAME.has(field) || field === 'vlan';
      bad(
        field,
        known
          ? `${field} is not a packet field here (give the packet's own values: ${PACKET_FIELDS.slice(0, 6).join(', ')} …)`
          : `unknown field '${field}'`,
      );
      continue;
    }
    if (value === '') {
      bad(field, `${field} needs a value (${field}=…)`);
      continue;
    }
    values.set(canonical, { written: field, value });
  }

  const flow: Flow = {
    id: 0,
    in_port: -1,
    dl_src: '',
    dl_dst: '',
    dl_type: -1,
    bps: 0,
    packet_size: 0,
  };
  const num = (canonical: string, lo: number, hi: number, what: string): number | undefined => {
    const e = values.get(canonical);
    if (!e) return undefined;
    const n = /^0x[0-9a-f]+$/i.test(e.value)
      ? Number.parseInt(e.value, 16)
      : parseIntStrict(e.value);
    if (n === null || n < lo || n > hi) {
      bad(e.written, `${e.written} must be ${what} ${lo}..${hi}, got '${e.value}'`);
      return undefined;
    }
    return n;
  };

  // in_port
  const ip = values.get('in_port');
  if (!ip) bad('in_port', 'in_port is required: the port the packet arrives on (in_port=3)');
  else if (/^\d{1,5}$/.test(ip.value) && Number(ip.value) <= 65535) flow.in_port = Number(ip.value);
  else if (portByName?.has(ip.value)) flow.in_port = portByName.get(ip.value)!;
  else
    bad(
      'in_port',
      `in_port must be one port number${portByName ? ' or interface name' : ''}, got '${ip.value}'`,
    );

  for (const k of ['dl_src', 'dl_dst'] as const) {
    const e = values.get(k);
    if (!e) continue;
    if (MAC.test(e.value)) flow[k] = e.value.toLowerCase();
    else
      bad(
        e.written,
        `${e.written} must be one MAC address like 02:00:00:00:00:01, got '${e.value}'`,
      );
  }

  const vlanEntry = values.get('dl_vlan');
  const vid = num('dl_vlan', 0, vlanEntry?.written === 'vlan_vid' ? 0x1fff : 0x0fff, 'a VLAN ID');
  const pcp = num('dl_vlan_pcp', 0, 7, 'a VLAN priority');
  if (vid !== undefined) {
    flow.vlan = vid >= OFPVID_PRESENT ? vid - OFPVID_PRESENT : vid;
    flow.vlan_pcp = pcp ?? 0;
  } else if (pcp !== undefined && !vlanEntry)
    bad(values.get('dl_vlan_pcp')!.written, 'a VLAN priority needs a VLAN (dl_vlan=…)');

  const t = num('dl_type', 0, 0xffff, 'an ethertype');
  if (t !== undefined) setType(t, values.get('dl_type')!.written);
  const p = num('nw_proto', 0, 255, 'an IP protocol');
  if (p !== undefined) setProto(p, values.get('nw_proto')!.written);

  // L4 ports and ICMP imply their protocol
  let l4Src: number | undefined;
  let l4Dst: number | undefined;
  for (const [canonical, e] of values) {
    const m = /^(tcp|udp|sctp|tp)_(src|dst)$/.exec(canonical);
    if (!m) continue;
    const port = num(canonical, 0, 65535, 'a port');
    if (port === undefined) continue;
    if (m[1] !== 'tp') setProto(L4[m[1]!]!, e.written);
    if (m[2] === 'src') {
      if (l4Src !== undefined) bad(e.written, `${e.written} repeats the source port`);
      l4Src = port;
    } else {
      if (l4Dst !== undefined) bad(e.written, `${e.written} repeats the destination port`);
      l4Dst = port;
    }
  }
  const icmpType = num('icmp_type', 0, 255, 'an ICMP type');
  const icmpCode = num('icmp_code', 0, 255, 'an ICMP code');
  for (const k of ['icmp_type', 'icmp_code']) {
    const e = values.get(k);
    if (e) setProto(1, e.written);
  }

  // addresses imply the ethertype
  const v4 = ['nw_src', 'nw_dst'].filter((k) => values.has(k));
  const v6 = ['ipv6_src', 'ipv6_dst'].filter((k) => values.has(k));
  if (v4.length > 0 && v6.length > 0)
    bad(values.get(v6[0]!)!.written, `${v6[0]} contradicts ${v4[0]}: IPv4 or IPv6, not both`);
  if (v6.length > 0) setType(ETH_IPV6, values.get(v6[0]!)!.written);
  const mpls = num('mpls_label', 0, 0xfffff, 'an MPLS label');
  if (mpls !== undefined && st.dlType === null) setType(0x8847, 'mpls_label');
  if (st.dlType === null && (v4.length > 0 || st.proto !== null || values.has('nw_tos')))
    setType(ETH_IPV4, v4[0] ?? st.proto?.by ?? 'nw_tos');
  const type = st.dlType?.v ?? -1;
  flow.dl_type = type;

  for (const k of v4) {
    const e = values.get(k)!;
    if (type !== ETH_IPV4 && type !== ETH_ARP)
      bad(
        e.written,
        `${e.written} needs an IPv4 or ARP packet (not ethertype 0x${type.toString(16)})`,
      );
    else if (parseIpv4(e.value) === null || e.value.includes('/'))
      bad(e.written, `${e.written} must be one IPv4 address like 10.1.2.3, got '${e.value}'`);
    else flow[k as 'nw_src' | 'nw_dst'] = e.value;
  }
  for (const k of v6) {
    const e = values.get(k)!;
    if (parseIpv6(e.value) === null || e.value.includes('/'))
      bad(e.written, `${e.written} must be one IPv6 address like 2001:db8::1, got '${e.value}'`);
    else flow[k === 'ipv6_src' ? 'nw_src' : 'nw_dst'] = e.value;
  }
  const isIp = type === ETH_IPV4 || type === ETH_IPV6;
  const protoV = st.proto?.v;
  if (st.proto && protoV !== undefined) {
    if (!isIp && type !== ETH_ARP)
      bad(st.proto.by, `${st.proto.by} needs an IP packet (not ethertype 0x${type.toString(16)})`);
    else flow.nw_proto = protoV;
  }
  const tos = num('nw_tos', 0, 255, 'a ToS byte');
  if (tos !== undefined) flow.nw_tos = tos;
  if (l4Src !== undefined || l4Dst !== undefined) {
    const by = values.get(l4Src !== undefined ? firstKey(values, 'src') : firstKey(values, 'dst'))!;
    if (!isIp || protoV === undefined || !(protoV === 6 || protoV === 17 || protoV === 132))
      bad(by.written, `${by.written} needs protocol tcp, udp or sctp`);
    else {
      if (l4Src !== undefined) flow.tp_src = l4Src;
      if (l4Dst !== undefined) flow.tp_dst = l4Dst;
    }
  }
  if (icmpType !== undefined) flow.icmp_type = icmpType;
  if (icmpCode !== undefined) flow.icmp_code = icmpCode;
  if (mpls !== undefined) {
    if (type !== 0x8847 && type !== 0x8848)
      bad('mpls_label', 'mpls_label needs an MPLS packet (dl_type=0x8847 or 0x8848)');
    else flow.mpls_label = mpls;
  }
  return { flow: issues.length === 0 ? flow : null, issues };
}

function firstKey(values: Map<string, unknown>, dir: string): string {
  for (const k of values.keys()) if (new RegExp(`^(tcp|udp|sctp|tp)_${dir}$`).test(k)) return k;
  return '';
}

const PROTO_NAMES: Record<number, string> = {
  1: 'icmp',
  6: 'tcp',
  17: 'udp',
  132: 'sctp',
  47: 'gre',
};
const TYPE_NAMES: Record<number, string> = {
  2048: 'IPv4',
  34525: 'IPv6',
  2054: 'ARP',
  34887: 'MPLS',
  34888: 'MPLS',
};

/** A packet in one line: `IPv4 tcp 10.1.2.3:5555 → 10.9.9.9:443, VLAN 100`. */
export function describePacket(flow: Flow): string {
  const parts: string[] = [];
  if (flow.dl_type >= 0)
    parts.push(
      TYPE_NAMES[flow.dl_type] ?? `ethertype 0x${flow.dl_type.toString(16).padStart(4, '0')}`,
    );
  if (flow.nw_proto !== undefined && flow.dl_type !== 0x0806)
    parts.push(PROTO_NAMES[flow.nw_proto] ?? `protocol ${flow.nw_proto}`);
  const end = (addr: string | undefined, port: number | undefined) =>
    addr === undefined && port === undefined
      ? '*'
      : `${addr ?? '*'}${port === undefined ? '' : addr?.includes(':') ? ` port ${port}` : `:${port}`}`;
  if (
    flow.nw_src !== undefined ||
    flow.nw_dst !== undefined ||
    flow.tp_src !== undefined ||
    flow.tp_dst !== undefined
  )
    parts.push(`${end(flow.nw_src, flow.tp_src)} → ${end(flow.nw_dst, flow.tp_dst)}`);
  if (flow.icmp_type !== undefined) parts.push(`type ${flow.icmp_type}/${flow.icmp_code ?? 0}`);
  if (flow.dl_src || flow.dl_dst) parts.push(`${flow.dl_src || '*'} → ${flow.dl_dst || '*'}`);
  if (flow.vlan !== undefined)
    parts.push(`VLAN ${flow.vlan}${flow.vlan_pcp ? ` pcp ${flow.vlan_pcp}` : ''}`);
  if (flow.mpls_label !== undefined) parts.push(`label ${flow.mpls_label}`);
  return parts.length === 0 ? 'any frame (no ethertype given)' : parts.join(', ');
}
