/**
 * The vendor's own match dialect, as its web UI and utility scripts write it
 * (`match[protocol]=tcp`, `match[vlan]=match&match[vlan_id]=100`, `match[extra]=hard_timeout=30`),
 * beside the OpenFlow names of vocabulary.ts. A rule keeps the form it was written in (the
 * device reads it back that way); validation, TCAM cost, shadowing and counters work on one
 * internal form: `canonicalMatch` turns the vendor's fields into OpenFlow ones.
 *
 * - `protocol=ip|tcp|udp|sctp|icmp|arp` → the shorthand of that name; `custom` → nothing
 *   (the rule gives `dl_type`/`nw_proto` itself).
 * - `vlan=match` (+ `vlan_id` 0..4095, 4096 = any VLAN, + `vlan_priority` 0..7) →
 *   `vlan_tci` value/mask with the 0x1000 "tagged" bit; `vlan=neg_match` (untagged only) →
 *   `vlan_tci=0x0000/0x1000`; no `vlan` = every packet.
 * - `extra` (older scripts: `match_extra`) = `hard_timeout=N idle_timeout=N` (seconds,
 *   0..65535, separated by spaces, commas or semicolons): not a match at all, the rule's
 *   lifetime. It costs no TCAM.
 */
import type { Match } from './types.js';
import { parseIntStrict } from './values.js';

export const VENDOR_PROTOCOLS = ['ip', 'tcp', 'udp', 'sctp', 'icmp', 'arp', 'custom'] as const;

/** Vendor-only match fields, with what each means (for help and completion). */
export const VENDOR_FIELDS: Readonly<Record<string, string>> = {
  protocol: `vendor: ${VENDOR_PROTOCOLS.join('|')} (tcp = dl_type 0x0800 + nw_proto 6; custom: give dl_type/nw_proto)`,
  vlan: 'vendor: match (tagged; with vlan_id/vlan_priority) or neg_match (untagged only); absent = all',
  vlan_id: 'vendor: VLAN ID 0..4095, 4096 = any VLAN (needs vlan=match)',
  vlan_priority: 'vendor: VLAN priority 0..7 (needs vlan=match)',
  extra: 'vendor: hard_timeout=N idle_timeout=N (seconds, ≤ 65535): the rule removes itself',
  match_extra: 'vendor (older scripts): same as extra',
};

const TIMEOUT_MAX = 65535;

export interface RuleTimeouts {
  /** Seconds after creation the rule is removed (absent or 0: never). */
  hard?: number;
  /** Seconds without a matched packet after which the rule is removed (absent or 0: never). */
  idle?: number;
}

export interface DialectIssue {
  field: string;
  message: string;
}

export interface CanonicalMatch {
  /** The OpenFlow form: what validation, TCAM cost and shadowing see. */
  match: Match;
  timeouts: RuleTimeouts;
  issues: DialectIssue[];
}

/** The vendor's protocol words a packet can be: every one but `custom` (give dl_type/nw_proto). */
export const PACKET_PROTOCOLS: readonly string[] = VENDOR_PROTOCOLS.filter((p) => p !== 'custom');

const hex4 = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;

/** Parses `hard_timeout=30 idle_timeout=10` (or comma/semicolon separated). */
function parseExtra(
  text: string,
  field = 'extra',
): { timeouts: RuleTimeouts; issues: DialectIssue[] } {
  const timeouts: RuleTimeouts = {};
  const issues: DialectIssue[] = [];
  for (const token of text.split(/[\s,;]+/).filter((t) => t !== '')) {
    const m = /^(hard_timeout|idle_timeout)=(.*)$/.exec(token);
    if (!m) {
      issues.push({
        field,
        message: `${field}: unknown setting '${token}' (known: hard_timeout=N, idle_timeout=N)`,
      });
      continue;
    }
    const [, key, value] = m as unknown as [string, 'hard_timeout' | 'idle_timeout', string];
    const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    if (!(n >= 0 && n <= TIMEOUT_MAX)) {
      issues.push({
        field,
        message: `${field}: ${key} must be 0..${TIMEOUT_MAX} seconds, got '${value}'`,
      });
      continue;
    }
    timeouts[key === 'hard_timeout' ? 'hard' : 'idle'] = n;
  }
  return { timeouts, issues };
}

function has(match: Match, field: string): boolean {
  return Object.hasOwn(match, field);
}

const cache = new WeakMap<Match, CanonicalMatch>();
const NO_TIMEOUTS: RuleTimeouts = Object.freeze({});
const NO_ISSUES: DialectIssue[] = Object.freeze([]) as unknown as DialectIssue[];

/**
 * The OpenFlow form of a match in either dialect (a vendor match's is cached per match object;
 * an OpenFlow match is its own form, and caching it would keep ~170 B per rule alive for
 * nothing: 11 MiB on a 65,536-rule table).
 */
export function canonicalMatch(match: Match): CanonicalMatch {
  if (!isVendorMatch(match)) return { match, timeouts: NO_TIMEOUTS, issues: NO_ISSUES };
  let c = cache.get(match);
  if (!c) {
    c = toCanonical(match);
    cache.set(match, c);
  }
  return c;
}

/** True when `field` is one of the vendor's own match fields. */
export function isVendorField(field: string): boolean {
  return Object.hasOwn(VENDOR_FIELDS, field);
}

/** True when the match uses a vendor-only field. */
function isVendorMatch(match: Match): boolean {
  for (const field in match) if (Object.hasOwn(match, field) && isVendorField(field)) return true;
  return false;
}

function toCanonical(match: Match): CanonicalMatch {
  const out: Match = {};
  const issues: DialectIssue[] = [];
  let timeouts: RuleTimeouts = {};
  const bad = (field: string, message: string) => issues.push({ field, message });
  for (const [field, raw] of Object.entries(match)) {
    if (isVendorField(field)) continue;
    out[field] = raw;
  }
  if (has(match, 'protocol')) {
    const value = String(match.protocol).trim().toLowerCase();
    // each vendor word is the OpenFlow shorthand of the same name; custom sets none
    const shorthand = PACKET_PROTOCOLS.includes(value)
      ? value
      : value === 'custom'
        ? null
        : undefined;
    if (shorthand === undefined)
      bad(
        'protocol',
        `protocol must be one of ${VENDOR_PROTOCOLS.join(', ')}, got '${match.protocol}'`,
      );
    else if (shorthand !== null) {
      if (has(out, shorthand) && out[shorthand] !== '')
        bad('protocol', `protocol=${value} and ${shorthand} disagree`);
      out[shorthand] = '';
    }
  }
  const vlan = has(match, 'vlan') ? String(match.vlan).trim().toLowerCase() : undefined;
  if (vlan !== undefined && vlan !== 'match' && vlan !== 'neg_match')
    bad('vlan', `vlan must be match or neg_match, got '${match.vlan}'`);
  let tci = 0;
  let mask = 0;
  if (vlan === 'match') {
    tci = 0x1000;
    mask = 0x1000;
  } else if (vlan === 'neg_match') {
    mask = 0x1000;
  }
  for (const [field, max] of [
    ['vlan_id', 4096],
    ['vlan_priority', 7],
  ] as const) {
    if (!has(match, field)) continue;
    const n = parseIntStrict(String(match[field]));
    if (n === null || n > max) {
      bad(field, `${field} must be 0..${max}, got '${match[field]}'`);
      continue;
    }
    if (vlan !== 'match') {
      bad(field, `${field} needs match[vlan]=match (it is ${vlan ?? 'absent'})`);
      continue;
    }
    if (field === 'vlan_id' && n < 4096) {
      tci |= n;
      mask |= 0x0fff;
    } else if (field === 'vlan_priority') {
      tci |= n << 13;
      mask |= 0xe000;
    }
  }
  if (mask !== 0) {
    const other = ['vlan_tci', 'dl_vlan', 'vlan_vid', 'dl_vlan_pcp'].find((f) => has(out, f));
    if (other) bad('vlan', `vlan and ${other} both match the VLAN; give one`);
    else out.vlan_tci = `${hex4(tci)}/${hex4(mask)}`;
  }
  if (has(match, 'extra') && has(match, 'match_extra'))
    bad('extra', 'extra and match_extra are the same field; give one');
  for (const field of ['extra', 'match_extra']) {
    if (!has(match, field)) continue;
    const parsed = parseExtra(String(match[field]), field);
    issues.push(...parsed.issues);
    timeouts = { ...timeouts, ...parsed.timeouts };
  }
  return { match: out, timeouts, issues };
}
