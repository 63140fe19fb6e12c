/**
 * TCAM cost of one rule. A TCAM entry matches value/mask pairs, so:
 * - N comma-separated in_port values cost N entries, a range lo-hi one per port;
 * - the vendor's fields (protocol, vlan/vlan_id/vlan_priority) are one value/mask each and
 *   extra (timeouts) is no match at all: they cost nothing extra;
 * - a port range lo-hi costs its minimal prefix (value/mask) cover: 1000-1999 → 7,
 *   1-65534 → 30, 0-65535 → 1;
 * - every other field is one value/mask and costs nothing extra;
 * - the costs of several fields multiply (the cross product is installed).
 */
import {
  canonicalMatch,
  MATCH_FIELD_BY_NAME,
  type Match,
  parseInPorts,
  parseL4Range,
} from '../model/index.js';

/** Number of value/mask blocks that exactly cover [lo, hi] within 16 bits. */
export function rangeBlocks(lo: number, hi: number): number {
  let count = 0;
  let cur = lo;
  while (cur <= hi) {
    // largest aligned block starting at cur that stays within hi
    let size = cur === 0 ? 0x10000 : cur & -cur;
    while (cur + size - 1 > hi) size >>= 1;
    count++;
    cur += size;
  }
  return count;
}

export interface FieldCost {
  field: string;
  value: string;
  entries: number;
}

/** The fields that multiply a rule's cost, with their factor (only factors > 1). */
function costBreakdown(written: Match): FieldCost[] {
  const out: FieldCost[] = [];
  for (const [field, value] of Object.entries(canonicalMatch(written).match)) {
    const spec = MATCH_FIELD_BY_NAME.get(field);
    if (!spec) continue;
    let entries = 1;
    if (spec.kind === 'ports') entries = parseInPorts(value)?.length ?? 1;
    else if (spec.kind === 'l4port') {
      const r = parseL4Range(value);
      entries = r ? rangeBlocks(r[0], r[1]) : 1;
    }
    if (entries > 1) out.push({ field, value, entries });
  }
  return out;
}

/** TCAM entries one rule occupies (the device's real_flow_ct). */
export function flowCount(match: Match): number {
  return costBreakdown(match).reduce((n, c) => n * c.entries, 1);
}

/** Human explanation, e.g. "tcp_dst 1000-1999 → 7 × in_port 1,2 → 2 = 14". */
export function explainCost(match: Match): string {
  const parts = costBreakdown(match);
  const total = flowCount(match);
  if (parts.length === 0) return '1 entry';
  const text = parts.map((p) => `${p.field} ${p.value} → ${p.entries}`).join(' × ');
  return `${text} = ${total} ${total === 1 ? 'entry' : 'entries'}`;
}
