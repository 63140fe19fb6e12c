/**
 * Rule validation shared by the simulator (which answers 400 with the first error) and
 * the console's rule editor (which shows every issue as you type).
 */
import {
  ACTION_BY_NAME,
  canonicalMatch,
  checkIpv4,
  checkIpv6,
  checkL4,
  checkMac,
  checkRange,
  checkValueMask16,
  MATCH_FIELD_BY_NAME,
  type Match,
  OFPVID_PRESENT,
  outputForm,
  parseInPorts,
  parseIntStrict,
  parsePortList,
  SETTABLE_FIELDS,
  SHORTHANDS,
  type StorageMode,
  type ValueKind,
} from '../model/index.js';

export interface Issue {
  severity: 'error' | 'warning';
  /** Match field or action the issue is about. */
  subject?: string;
  message: string;
  /** A match field to add that would fix it (e.g. 'tcp' for tcp_dst). */
  fix?: { add: string; value: string };
}

export interface RuleContext {
  storageMode: StorageMode;
  /** Port numbers that exist, and whether each is shut down; omit to skip port checks. */
  ports?: ReadonlyMap<number, { shutdown: boolean; name?: string }>;
  /** Group IDs that exist; omit to skip group checks. */
  groups?: ReadonlySet<number>;
}

function checkValue(kind: ValueKind, value: string, field: string): string | null {
  switch (kind) {
    case 'flag':
      return value === '' ? null : `${field} is a key-only field; its value must be empty`;
    case 'ports':
      return parseInPorts(value) === null
        ? `${field} must be port numbers or ranges, comma-separated (5, 1,2,5 or 5-10), got '${value}'`
        : null;
    case 'mac':
      return checkMac(value);
    case 'ethertype':
      return checkRange(value, 0, 0xffff, field);
    case 'vlan':
      return field === 'vlan_vid'
        ? checkRange(value, 0, 0x1fff, field)
        : checkRange(value, 0, 4095, field);
    case 'vlan_tci':
      return checkValueMask16(value, field);
    case 'pcp':
      return checkRange(value, 0, 7, field);
    case 'ipv4':
      return checkIpv4(value);
    case 'ipv6':
      return checkIpv6(value);
    case 'u8':
      return checkRange(value, 0, 255, field);
    case 'l4port':
      return checkL4(value);
    case 'mpls':
      return checkRange(value, 0, 0xfffff, field);
  }
}

const PROTO_NAMES: Record<number, string> = { 1: 'icmp', 6: 'tcp', 17: 'udp', 132: 'sctp' };

/**
 * Every issue with a match: unknown fields, bad values, missing prerequisites, mode. A match
 * in the vendor's dialect (protocol, vlan, extra …) is checked in its OpenFlow form
 * (model/dialect.ts), after the vendor fields' own checks.
 */
export function validateMatch(written: Match, ctx: RuleContext): Issue[] {
  const issues: Issue[] = [];
  const err = (subject: string, message: string, fix?: Issue['fix']) =>
    issues.push({ severity: 'error', subject, message, ...(fix ? { fix } : {}) });
  const canonical = canonicalMatch(written);
  for (const i of canonical.issues) err(i.field, i.message);
  const match = canonical.match;
  // A rule in the vendor's dialect that names the wrong protocol is told so in its own terms.
  const vendorProtocol = Object.hasOwn(written, 'protocol')
    ? String(written.protocol).trim().toLowerCase()
    : 'custom';
  const needsProtocol = (field: string, want: string, openflow: string, fix: Issue['fix']) =>
    vendorProtocol !== 'custom'
      ? err(field, `${field} needs protocol=${want} (the rule has protocol=${vendorProtocol})`)
      : err(field, openflow, fix);

  // What the match says about dl_type / nw_proto, from explicit fields and shorthands.
  const dlTypes = new Set<number>();
  const nwProtos = new Set<number>();
  const canonicalSeen = new Map<string, string>();
  for (const [field, value] of Object.entries(match)) {
    const spec = MATCH_FIELD_BY_NAME.get(field);
    if (!spec) {
      err(field, `unknown match field '${field}'`);
      continue;
    }
    const canonical = spec.aliasOf ?? field;
    const other = canonicalSeen.get(canonical);
    if (other !== undefined) err(field, `${field} and ${other} are the same field; give one`);
    canonicalSeen.set(canonical, field);
    const bad = checkValue(spec.kind, String(value), field);
    if (bad) {
      err(field, bad.startsWith(field) ? bad : `${field}: ${bad}`);
      continue;
    }
    const sh = SHORTHANDS[field];
    if (sh) {
      dlTypes.add(sh.dlType);
      if (sh.nwProto !== undefined) nwProtos.add(sh.nwProto);
    }
    if (canonical === 'dl_type') dlTypes.add(parseIntStrict(value)!);
    if (canonical === 'nw_proto') nwProtos.add(parseIntStrict(value)!);
    if (spec.deprecated) {
      issues.push({
        severity: 'warning',
        subject: field,
        message: `${field} is deprecated; use ${field.replace('tp_', 'tcp_')}, ${field.replace('tp_', 'udp_')} or ${field.replace('tp_', 'sctp_')}`,
      });
    }
  }
  if (dlTypes.size > 1)
    err('dl_type', `conflicting ethertypes: ${[...dlTypes].map(hex).join(' and ')}`);
  if (nwProtos.size > 1)
    err('nw_proto', `conflicting IP protocols: ${[...nwProtos].join(' and ')}`);
  const dl = dlTypes.size === 1 ? [...dlTypes][0] : undefined;
  const proto = nwProtos.size === 1 ? [...nwProtos][0] : undefined;

  for (const field of Object.keys(match)) {
    const spec = MATCH_FIELD_BY_NAME.get(field);
    if (!spec) continue;
    const canonical = spec.aliasOf ?? field;
    if (canonical === 'nw_src' || canonical === 'nw_dst') {
      if (dl !== 0x0800 && dl !== 0x0806)
        err(field, `${field} needs dl_type=0x0800 (IPv4) or the 'ip' shorthand`, {
          add: 'ip',
          value: '',
        });
    } else if (canonical === 'nw_proto' || canonical === 'nw_tos') {
      if (dl !== 0x0800 && dl !== 0x86dd)
        err(field, `${field} needs an IP ethertype (dl_type=0x0800 or 0x86dd, or 'ip')`, {
          add: 'ip',
          value: '',
        });
    } else if (/^(tcp|udp|sctp)_(src|dst)$/.test(field)) {
      const want = field.startsWith('tcp') ? 6 : field.startsWith('udp') ? 17 : 132;
      if (proto !== want || (dl !== 0x0800 && dl !== 0x86dd)) {
        const shorthand = PROTO_NAMES[want]!;
        needsProtocol(
          field,
          shorthand,
          `${field} needs the protocol ${shorthand} (add '${shorthand}' or nw_proto=${want})`,
          {
            add: dl === 0x86dd && want !== 132 ? `${shorthand}6` : shorthand,
            value: '',
          },
        );
      }
    } else if (field === 'tp_src' || field === 'tp_dst') {
      if (proto !== 6 && proto !== 17 && proto !== 132)
        err(field, `${field} needs a protocol: add 'tcp', 'udp' or 'sctp'`, {
          add: 'tcp',
          value: '',
        });
    } else if (field === 'icmp_type' || field === 'icmp_code') {
      if (proto !== 1 && proto !== 58)
        needsProtocol(field, 'icmp', `${field} needs the protocol icmp (add 'icmp')`, {
          add: 'icmp',
          value: '',
        });
    } else if (canonical === 'ipv6_src' || canonical === 'ipv6_dst') {
      if (dl !== 0x86dd)
        err(field, `${field} needs dl_type=0x86dd or the 'ipv6' shorthand`, {
          add: 'ipv6',
          value: '',
        });
    } else if (field === 'mpls_label') {
      if (dl !== 0x8847 && dl !== 0x8848) err(field, 'mpls_label needs dl_type=0x8847 or 0x8848');
    }
  }
  if (ctx.storageMode === 'simple') {
    const v6 = Object.keys(match).filter(
      (f) => f.startsWith('ipv6_') || f === 'tcp6' || f === 'udp6' || f === 'ipv6',
    );
    if (v6.length > 0 || dl === 0x86dd)
      err(
        v6[0] ?? 'dl_type',
        `IPv6 matches need rule storage mode 'ipv6' (current mode is 'simple')`,
      );
  }
  if (ctx.ports && match.in_port !== undefined) {
    for (const p of new Set(parseInPorts(match.in_port) ?? [])) {
      if (!ctx.ports.has(p)) err('in_port', `in_port ${p} does not exist on this device`);
    }
  }
  return issues;
}

function hex(n: number): string {
  return `0x${n.toString(16).padStart(4, '0')}`;
}

/** Every issue with an action list: unknown action, bad argument, drop not alone, groups, ports. */
export function validateActions(actions: readonly string[], ctx: RuleContext): Issue[] {
  const issues: Issue[] = [];
  const err = (subject: string, message: string) =>
    issues.push({ severity: 'error', subject, message });
  const warn = (subject: string, message: string) =>
    issues.push({ severity: 'warning', subject, message });
  if (actions.length === 0)
    err('actions', 'a rule needs at least one action (use drop to discard)');
  for (const written of actions) {
    // The vendor writes a bare port number (or list) for output: `3`, `3,4`.
    const action = outputForm(written);
    const colon = action.indexOf(':');
    const name = (colon === -1 ? action : action.slice(0, colon)).trim();
    const arg = colon === -1 ? undefined : action.slice(colon + 1).trim();
    const spec = ACTION_BY_NAME.get(name);
    if (!spec) {
      err(written, `unknown action '${name}'`);
      continue;
    }
    if (spec.arg === 'none' && arg !== undefined) err(written, `${name} takes no argument`);
    if (spec.arg === 'required' && (arg === undefined || arg === ''))
      err(written, `${name} needs an argument, e.g. ${spec.example}`);
    if (arg === undefined || arg === '') continue;
    switch (name) {
      case 'output': {
        const ports = parsePortList(arg);
        if (!ports) {
          err(written, `output needs port numbers, e.g. output:2 or output:2,3,4; got '${arg}'`);
          break;
        }
        for (const p of ports) {
          const port = ctx.ports?.get(p);
          if (ctx.ports && !port) err(written, `output port ${p} does not exist on this device`);
          else if (port?.shutdown) warn(written, `output port ${p} is shut down`);
        }
        break;
      }
      case 'group': {
        const bad = checkRange(arg, 0, 0xffffffff, 'group id');
        if (bad) err(written, bad);
        else if (ctx.groups && !ctx.groups.has(parseIntStrict(arg)!))
          err(written, `group ${arg} does not exist`);
        break;
      }
      case 'push_vlan': {
        const n = parseIntStrict(arg);
        if (n !== 0x8100 && n !== 0x88a8)
          err(written, `push_vlan takes an ethertype 0x8100 or 0x88a8, got '${arg}'`);
        break;
      }
      case 'mod_vlan_vid': {
        const bad = checkRange(arg, 0, 4095, 'mod_vlan_vid');
        if (bad) err(written, bad);
        break;
      }
      case 'push_mpls':
      case 'pop_mpls': {
        const bad = checkRange(arg, 0, 0xffff, `${name} ethertype`);
        if (bad) err(written, bad);
        break;
      }
      case 'set_field': {
        const m = /^(.+)->(\w+)$/.exec(arg);
        if (!m) {
          err(written, `set_field needs <value>-><field>, e.g. set_field:4196->vlan_vid`);
          break;
        }
        const [, value, field] = m as unknown as [string, string, string];
        const kind = SETTABLE_FIELDS[field];
        if (!kind) {
          err(written, `set_field cannot set '${field}'`);
          break;
        }
        if (kind === 'vlan_vid_present') {
          const n = parseIntStrict(value);
          if (n === null || n < OFPVID_PRESENT || n > OFPVID_PRESENT + 4095)
            err(
              written,
              `set_field vlan_vid takes 4096..8191 (VLAN + 0x1000 offset; VLAN 100 = 4196), got '${value}'`,
            );
          break;
        }
        const bad = checkValue(kind, value, field);
        if (bad) err(written, bad);
      }
    }
  }
  if (actions.includes('drop') && actions.length > 1) err('drop', 'drop must be the only action');
  return issues;
}

export function errorsOf(issues: readonly Issue[]): Issue[] {
  return issues.filter((i) => i.severity === 'error');
}
