/**
 * What Tab can complete in the rule editor, from the vocabulary and the device: match
 * field names, a few well-known values, action names, output ports, existing groups,
 * push_vlan ethertypes and set_field targets.
 */
import {
  ACTION_BY_NAME,
  ACTIONS,
  isVendorField,
  MATCH_FIELD_BY_NAME,
  MATCH_FIELDS,
  OFPVID_PRESENT,
  parseIntStrict,
  SETTABLE_FIELDS,
  VENDOR_FIELDS,
  VENDOR_PROTOCOLS,
} from '../../model/index.js';

import type { DevicePort } from '../../tcam/index.js';
import type { EditorEnv } from '../device-view.js';

export type { DevicePort, EditorEnv };

export const EMPTY_ENV: EditorEnv = { ports: [], groups: [] };

const ETHERTYPES = ['0x0800', '0x86dd', '0x0806', '0x8100', '0x88a8', '0x8847'];
const PROTOCOLS = ['1', '6', '17', '132'];

/**
 * Field names for a match row: OpenFlow names, then the vendor's own (protocol, vlan …),
 * deprecated ones last, those in other rows left out.
 */
export function fieldCandidates(used: ReadonlySet<string>): string[] {
  const live = MATCH_FIELDS.filter((f) => !f.deprecated).map((f) => f.name);
  const old = MATCH_FIELDS.filter((f) => f.deprecated).map((f) => f.name);
  return [...live, ...Object.keys(VENDOR_FIELDS), ...old].filter((n) => !used.has(n));
}

const VENDOR_VALUES: Record<string, readonly string[]> = {
  protocol: VENDOR_PROTOCOLS,
  vlan: ['match', 'neg_match'],
  extra: ['hard_timeout=', 'idle_timeout='],
  match_extra: ['hard_timeout=', 'idle_timeout='],
};

export function valueCandidates(field: string, env: EditorEnv): string[] {
  if (Object.hasOwn(VENDOR_VALUES, field)) return [...(VENDOR_VALUES[field] ?? [])];
  const spec = MATCH_FIELD_BY_NAME.get(field);
  if (!spec) return [];
  if (spec.kind === 'ports') return env.ports.map((p) => String(p.no));
  if (spec.kind === 'ethertype') return ETHERTYPES;
  if (spec.aliasOf === 'nw_proto' || field === 'nw_proto') return PROTOCOLS;
  return [];
}

export function actionCandidates(text: string, env: EditorEnv): string[] {
  const colon = text.indexOf(':');
  if (colon === -1) return ACTIONS.map((a) => (a.arg === 'none' ? a.name : `${a.name}:`));
  const name = text.slice(0, colon);
  const arg = text.slice(colon + 1);
  switch (name) {
    case 'output': {
      // complete the last port of a list: output:2,3,1…
      const head = arg.includes(',') ? arg.slice(0, arg.lastIndexOf(',') + 1) : '';
      return env.ports.map((p) => `output:${head}${p.no}`);
    }
    case 'group':
      return env.groups.map((g) => `group:${g}`);
    case 'push_vlan':
      return ['push_vlan:0x8100', 'push_vlan:0x88a8'];
    case 'set_field': {
      const arrow = arg.indexOf('->');
      if (arrow === -1) return [`set_field:${arg}->`];
      return Object.keys(SETTABLE_FIELDS).map((f) => `set_field:${arg.slice(0, arrow)}->${f}`);
    }
    default:
      return [];
  }
}

/** One line of help for what the focused field takes. */
export function fieldHelp(kind: 'field' | 'value' | 'action', text: string, field = ''): string {
  if (kind === 'field') {
    const spec = MATCH_FIELD_BY_NAME.get(text);
    if (isVendorField(text)) return `${text}: ${VENDOR_FIELDS[text]}`;
    return spec ? `${spec.name}: ${spec.help}` : 'match field name — Tab completes';
  }
  if (kind === 'value') {
    if (isVendorField(field)) return `${field}: ${VENDOR_FIELDS[field]}`;
    const spec = MATCH_FIELD_BY_NAME.get(field);
    if (!spec) return '';
    return spec.kind === 'flag'
      ? `${field} takes no value (${spec.help})`
      : `${field}: ${spec.help}`;
  }
  const name = text.includes(':') ? text.slice(0, text.indexOf(':')) : text;
  const spec = ACTION_BY_NAME.get(name);
  if (name === 'set_field' && /->\s*vlan_vid$/.test(text))
    return vlanHelp(text) ?? setFieldVlanHint;
  return spec ? `${spec.name}: ${spec.help} — e.g. ${spec.example}` : 'action — Tab completes';
}

const setFieldVlanHint = 'set_field:<VLAN + 4096>->vlan_vid (0x1000 offset): VLAN 100 = 4196';

/** "set_field:4196->vlan_vid = VLAN 100 (0x1000 + 100)" for a set_field on vlan_vid. */
export function vlanHelp(action: string): string | null {
  const m = /^set_field:\s*([^-]+?)\s*->\s*vlan_vid$/.exec(action);
  if (!m) return null;
  const n = parseIntStrict(m[1]!);
  if (n === null) return setFieldVlanHint;
  if (n >= OFPVID_PRESENT && n <= OFPVID_PRESENT + 4095)
    return `= VLAN ${n - OFPVID_PRESENT} (0x1000 + ${n - OFPVID_PRESENT})`;
  if (n < OFPVID_PRESENT)
    return `VLAN ${n} is written ${n + OFPVID_PRESENT} (0x1000 + ${n}): ^F fixes it`;
  return setFieldVlanHint;
}
