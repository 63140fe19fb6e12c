/**
 * The console's trace form: the packet in the fields of `pbc trace` (the `--match`
 * vocabulary, exact values), checked as typed by the packet parser of src/tcam, prefilled
 * from a rule's match (a packet that rule matches: the first port of a list, the start of a
 * range, the network address of a prefix) or from a port (in_port).
 */
import type { Match } from '../../model/index.js';
import { parseInPorts, parseIpv4Prefix, SHORTHANDS } from '../../model/index.js';
import { type PacketIssue, packetWords, parsePacket } from '../../traffic/index.js';
import {
  createForm,
  type FieldSpec,
  type FormState,
  type FormValues,
} from '../../widgets/forms/form-state.js';

export const PROTOCOLS = [
  '-',
  'tcp',
  'udp',
  'icmp',
  'sctp',
  'ip',
  'arp',
  'ipv6',
  'tcp6',
  'udp6',
] as const;
const L4 = new Set(['tcp', 'udp', 'sctp', 'tcp6', 'udp6']);

/** The packet's `FIELD[=VALUE]` words from the form's values. */
export function packetText(v: FormValues): string[] {
  const w: string[] = [];
  const add = (k: string, value: string | undefined) => {
    const t = (value ?? '').trim();
    if (t !== '') w.push(`${k}=${t}`);
  };
  add('in_port', v.in_port);
  const proto = v.protocol && v.protocol !== '-' ? v.protocol : '';
  if (proto) w.push(proto);
  const v6 = (x: string | undefined) => (x ?? '').includes(':');
  add(v6(v.nw_src) ? 'ipv6_src' : 'nw_src', v.nw_src);
  add(v6(v.nw_dst) ? 'ipv6_dst' : 'nw_dst', v.nw_dst);
  const l4 = L4.has(proto) ? proto.replace('6', '') : 'tp';
  add(`${l4}_src`, v.src_port);
  add(`${l4}_dst`, v.dst_port);
  add('dl_vlan', v.dl_vlan);
  add('dl_src', v.dl_src);
  add('dl_dst', v.dl_dst);
  for (const word of (v.more ?? '').split(/\s+/)) if (word) w.push(word);
  return w;
}

/** The form field a packet issue belongs to. */
export function fieldOfIssue(issue: PacketIssue): string {
  const f = issue.field;
  if (f === 'in_port' || f === 'dl_vlan' || f === 'dl_src' || f === 'dl_dst') return f;
  if (SHORTHANDS[f] || f === 'protocol') return 'protocol';
  if (/^(nw|ipv6)_src$/.test(f)) return 'nw_src';
  if (/^(nw|ipv6)_dst$/.test(f)) return 'nw_dst';
  if (/^(tcp|udp|sctp|tp)_src$/.test(f)) return 'src_port';
  if (/^(tcp|udp|sctp|tp)_dst$/.test(f)) return 'dst_port';
  return 'more';
}

/** The parse of the form's packet (the issues drive the live line and each field's check). */
export function parseForm(v: FormValues, portByName?: ReadonlyMap<string, number>) {
  return parsePacket(packetWords(packetText(v)), portByName);
}

function fields(values: FormValues, portByName?: ReadonlyMap<string, number>): FieldSpec[] {
  const check = (id: string) => (_: string, all: FormValues) =>
    parseForm(all, portByName).issues.find((i) => fieldOfIssue(i) === id)?.message ?? null;
  const text = (id: string, label: string, help: string): FieldSpec => ({
    id,
    label,
    kind: 'text',
    help,
    value: values[id] ?? '',
    validate: check(id),
  });
  return [
    text('in_port', 'in_port', 'the port it arrives on: a number or an interface name (eth-0-3)'),
    {
      id: 'protocol',
      label: 'protocol',
      kind: 'select',
      options: PROTOCOLS,
      value: values.protocol ?? '-',
      help: '←/→: tcp, udp, icmp … (- = none; the addresses and ports may imply one)',
      validate: check('protocol'),
    },
    text('nw_src', 'nw_src', 'source IPv4 (or IPv6) address, one address: 10.1.2.3'),
    text('nw_dst', 'nw_dst', 'destination IPv4 (or IPv6) address'),
    text('src_port', 'src port', 'L4 source port 0..65535 (needs tcp, udp or sctp)'),
    text('dst_port', 'dst port', 'L4 destination port 0..65535 (needs tcp, udp or sctp)'),
    text('dl_vlan', 'dl_vlan', 'VLAN ID 0..4095 (empty: untagged)'),
    text('dl_src', 'dl_src', 'source MAC 02:00:00:00:00:01 (empty: not given)'),
    text('dl_dst', 'dl_dst', 'destination MAC'),
    text(
      'more',
      'more',
      'other fields as FIELD=VALUE: dl_type=… dl_vlan_pcp=… nw_tos=… icmp_type=…',
    ),
  ];
}

/** A form with these values (missing ones empty). */
export function traceForm(values: FormValues, portByName?: ReadonlyMap<string, number>): FormState {
  return createForm(fields(values, portByName));
}

const ipv4Text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');

/** Values of a packet the match admits (its first port, the start of a range, a prefix's network). */
export function valuesFromMatch(match: Match): FormValues {
  const v: FormValues = {};
  const more: string[] = [];
  let proto = '';
  for (const [field, raw] of Object.entries(match)) {
    const value = String(raw).trim();
    if (SHORTHANDS[field]) proto ||= field;
    else if (field === 'protocol')
      proto ||= value.toLowerCase() === 'custom' ? '' : value.toLowerCase();
    else if (field === 'in_port') v.in_port = String(parseInPorts(value)?.[0] ?? '');
    else if (field === 'nw_src' || field === 'nw_dst') {
      const p = parseIpv4Prefix(value);
      if (p) {
        const mask = p[1] === 0 ? 0 : (0xffffffff << (32 - p[1])) >>> 0;
        v[field] = ipv4Text((p[0] & mask) >>> 0);
      }
    } else if (field === 'ipv6_src' || field === 'ipv6_dst')
      v[field === 'ipv6_src' ? 'nw_src' : 'nw_dst'] = value.split('/')[0]!;
    else if (/^(tcp|udp|sctp|tp)_(src|dst)$/.test(field)) {
      const [kind, dir] = field.split('_') as [string, string];
      if (kind !== 'tp') proto ||= kind;
      v[`${dir}_port`] = value.split('-')[0]!;
    } else if (field === 'dl_vlan' || field === 'vlan_vid') {
      const n = Number(value);
      if (Number.isInteger(n)) v.dl_vlan = String(n >= 0x1000 ? n - 0x1000 : n);
    } else if (field === 'vlan_id') v.dl_vlan = value === '4096' ? '1' : value;
    else if (field === 'vlan') {
      if (value === 'match') v.dl_vlan ??= '1';
    } else if (field === 'vlan_priority' || field === 'dl_vlan_pcp') {
      more.push(`dl_vlan_pcp=${value}`);
      v.dl_vlan ??= '1';
    } else if (field === 'dl_src' || field === 'dl_dst') v[field] = value.split('/')[0]!;
    else if (field === 'dl_type' || field === 'eth_type') {
      const n = Number(value);
      if (n === 0x0800) proto ||= 'ip';
      else if (n === 0x86dd) proto ||= 'ipv6';
      else if (n === 0x0806) proto ||= 'arp';
      else more.push(`dl_type=${value}`);
    } else if (
      ['nw_proto', 'ip_proto', 'nw_tos', 'icmp_type', 'icmp_code', 'mpls_label'].includes(field)
    )
      more.push(`${field}=${value}`);
  }
  if (proto && (PROTOCOLS as readonly string[]).includes(proto)) v.protocol = proto;
  if (more.length > 0) v.more = more.join(' ');
  return v;
}
