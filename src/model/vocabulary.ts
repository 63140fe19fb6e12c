/**
 * The match and action vocabulary (OpenFlow/OVS names, as packet brokers accept them).
 * Pure data plus syntax checks for single values; cross-field rules (prerequisites,
 * TCAM cost) live in src/tcam.
 */

export type ValueKind =
  | 'ports' // one port number or several comma-separated
  | 'mac' // MAC, optional /mask
  | 'ethertype'
  | 'vlan'
  | 'vlan_tci'
  | 'pcp'
  | 'ipv4' // address with optional /prefix or /mask
  | 'ipv6' // address with optional /prefix
  | 'u8'
  | 'l4port' // port or range lo-hi
  | 'mpls'
  | 'flag'; // key-only shorthand, value ''

export interface MatchFieldSpec {
  name: string;
  kind: ValueKind;
  /** Canonical field this name is an alias of (e.g. eth_type → dl_type). */
  aliasOf?: string;
  deprecated?: boolean;
  help: string;
}

const F = (name: string, kind: ValueKind, help: string, extra: Partial<MatchFieldSpec> = {}) => ({
  name,
  kind,
  help,
  ...extra,
});

export const MATCH_FIELDS: readonly MatchFieldSpec[] = [
  F('in_port', 'ports', 'ingress port, or several comma-separated (each costs one TCAM entry)'),
  F('dl_src', 'mac', 'source MAC, optional /mask'),
  F('dl_dst', 'mac', 'destination MAC, optional /mask'),
  F('dl_type', 'ethertype', 'ethertype, e.g. 0x0800 (IPv4), 0x86dd (IPv6), 0x0806 (ARP)'),
  F('eth_type', 'ethertype', 'alias of dl_type', { aliasOf: 'dl_type' }),
  F('dl_vlan', 'vlan', 'VLAN ID 0..4095'),
  F('vlan_vid', 'vlan', 'VLAN ID 0..4095 (or with the 0x1000 present bit: 4096..8191)', {
    aliasOf: 'dl_vlan',
  }),
  F('dl_vlan_pcp', 'pcp', 'VLAN priority 0..7'),
  F('vlan_tci', 'vlan_tci', 'VLAN TCI value[/mask], 16 bit'),
  F('nw_src', 'ipv4', 'IPv4 source, /prefix or /mask'),
  F('nw_dst', 'ipv4', 'IPv4 destination, /prefix or /mask'),
  F('nw_proto', 'u8', 'IP protocol number 0..255'),
  F('ip_proto', 'u8', 'alias of nw_proto', { aliasOf: 'nw_proto' }),
  F('nw_tos', 'u8', 'IP ToS byte 0..255'),
  F('tcp_src', 'l4port', 'TCP source port or range lo-hi'),
  F('tcp_dst', 'l4port', 'TCP destination port or range lo-hi'),
  F('udp_src', 'l4port', 'UDP source port or range lo-hi'),
  F('udp_dst', 'l4port', 'UDP destination port or range lo-hi'),
  F('sctp_src', 'l4port', 'SCTP source port or range lo-hi'),
  F('sctp_dst', 'l4port', 'SCTP destination port or range lo-hi'),
  F('tp_src', 'l4port', 'deprecated: L4 source port (use tcp_src/udp_src/sctp_src)', {
    deprecated: true,
  }),
  F('tp_dst', 'l4port', 'deprecated: L4 destination port (use tcp_dst/udp_dst/sctp_dst)', {
    deprecated: true,
  }),
  F('icmp_type', 'u8', 'ICMP type 0..255'),
  F('icmp_code', 'u8', 'ICMP code 0..255'),
  F('ipv6_src', 'ipv6', 'IPv6 source, optional /prefix (needs ipv6 storage mode)'),
  F('ipv6_dst', 'ipv6', 'IPv6 destination, optional /prefix (needs ipv6 storage mode)'),
  F('mpls_label', 'mpls', 'MPLS label 0..1048575'),
  F('ip', 'flag', 'shorthand for dl_type=0x0800'),
  F('tcp', 'flag', 'shorthand for dl_type=0x0800,nw_proto=6'),
  F('udp', 'flag', 'shorthand for dl_type=0x0800,nw_proto=17'),
  F('sctp', 'flag', 'shorthand for dl_type=0x0800,nw_proto=132'),
  F('icmp', 'flag', 'shorthand for dl_type=0x0800,nw_proto=1'),
  F('arp', 'flag', 'shorthand for dl_type=0x0806'),
  F('ipv6', 'flag', 'shorthand for dl_type=0x86dd'),
  F('tcp6', 'flag', 'shorthand for dl_type=0x86dd,nw_proto=6'),
  F('udp6', 'flag', 'shorthand for dl_type=0x86dd,nw_proto=17'),
];

export const MATCH_FIELD_BY_NAME: ReadonlyMap<string, MatchFieldSpec> = new Map(
  MATCH_FIELDS.map((f) => [f.name, f]),
);

/** Shorthand flags → the dl_type and nw_proto they imply. */
export const SHORTHANDS: Readonly<Record<string, { dlType: number; nwProto?: number }>> = {
  ip: { dlType: 0x0800 },
  tcp: { dlType: 0x0800, nwProto: 6 },
  udp: { dlType: 0x0800, nwProto: 17 },
  sctp: { dlType: 0x0800, nwProto: 132 },
  icmp: { dlType: 0x0800, nwProto: 1 },
  arp: { dlType: 0x0806 },
  ipv6: { dlType: 0x86dd },
  tcp6: { dlType: 0x86dd, nwProto: 6 },
  udp6: { dlType: 0x86dd, nwProto: 17 },
};

export interface ActionSpec {
  name: string;
  /** 'none': no argument; 'required'; 'optional'. */
  arg: 'none' | 'required' | 'optional';
  help: string;
  example: string;
}

export const ACTIONS: readonly ActionSpec[] = [
  { name: 'output', arg: 'required', help: 'send to port(s)', example: 'output:2 or output:2,3,4' },
  { name: 'group', arg: 'required', help: 'send to a group (must exist)', example: 'group:1' },
  { name: 'drop', arg: 'none', help: 'drop the packet (only action)', example: 'drop' },
  { name: 'push_vlan', arg: 'required', help: 'push a VLAN tag', example: 'push_vlan:0x8100' },
  { name: 'pop_vlan', arg: 'none', help: 'remove the outer VLAN tag', example: 'pop_vlan' },
  { name: 'strip_vlan', arg: 'none', help: 'alias of pop_vlan', example: 'strip_vlan' },
  {
    name: 'set_field',
    arg: 'required',
    help: 'set a header field (vlan_vid uses the 0x1000 offset: 4196 = VLAN 100)',
    example: 'set_field:4196->vlan_vid',
  },
  { name: 'mod_vlan_vid', arg: 'required', help: 'set the VLAN ID', example: 'mod_vlan_vid:100' },
  { name: 'push_mpls', arg: 'optional', help: 'push an MPLS label', example: 'push_mpls:0x8847' },
  { name: 'pop_mpls', arg: 'optional', help: 'pop an MPLS label', example: 'pop_mpls:0x0800' },
  { name: 'pop_l2', arg: 'none', help: 'remove the L2 header', example: 'pop_l2' },
  { name: 'push_l2', arg: 'none', help: 'add an L2 header', example: 'push_l2' },
  { name: 'gre_decap', arg: 'none', help: 'strip a GRE tunnel header', example: 'gre_decap' },
];

export const ACTION_BY_NAME: ReadonlyMap<string, ActionSpec> = new Map(
  ACTIONS.map((a) => [a.name, a]),
);

/** Fields that set_field may write, with the value kind it takes. */
export const SETTABLE_FIELDS: Readonly<Record<string, ValueKind | 'vlan_vid_present'>> = {
  vlan_vid: 'vlan_vid_present',
  vlan_pcp: 'pcp',
  dl_vlan_pcp: 'pcp',
  eth_src: 'mac',
  eth_dst: 'mac',
  dl_src: 'mac',
  dl_dst: 'mac',
  ipv4_src: 'ipv4',
  ipv4_dst: 'ipv4',
  nw_src: 'ipv4',
  nw_dst: 'ipv4',
  ip_dscp: 'u8',
  nw_tos: 'u8',
  tcp_src: 'l4port',
  tcp_dst: 'l4port',
  udp_src: 'l4port',
  udp_dst: 'l4port',
  mpls_label: 'mpls',
};

/** OpenFlow's "VLAN present" bit: set_field:4196->vlan_vid sets VLAN 100. */
export const OFPVID_PRESENT = 0x1000;

/**
 * Splits a device `actions` string into actions. Commas separate actions, except that a
 * bare number after `output:` continues the port list (`output:2,3,4` is one action).
 */
export function splitActions(actions: string): string[] {
  const out: string[] = [];
  for (const raw of actions.split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    const prev = out[out.length - 1];
    if (prev !== undefined && /^\d+$/.test(token) && /^output:\d+(,\d+)*$/.test(prev)) {
      out[out.length - 1] = `${prev},${token}`;
    } else {
      out.push(token);
    }
  }
  return out;
}

/** The vendor writes a bare port number or list for output: `3` → `output:3`, `3,4` → `output:3,4`. */
export function outputForm(action: string): string {
  const t = action.trim();
  return /^\d+(\s*,\s*\d+)*$/.test(t) ? `output:${t}` : action;
}

/**
 * A cache key for an action list, different for every two lists: one action is its own text
 * (the common case, nothing made), unless that text starts with `[`; every other list is its
 * JSON, which always starts with `[`.
 */
export function actionListKey(actions: readonly string[]): string {
  const one = actions.length === 1 ? actions[0]! : undefined;
  return one !== undefined && !one.startsWith('[') ? one : JSON.stringify(actions);
}

export function joinActions(actions: readonly string[]): string {
  return actions.join(',');
}
