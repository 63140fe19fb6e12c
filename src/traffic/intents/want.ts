/**
 * One want of an intent as a cube. Everything a rule match accepts, plus ranges and lists
 * where a set of values makes sense: `vlan_id` / `dl_vlan` / `vlan_vid` `1-3` or `1,5,7-9`
 * (tagged with one of those VIDs). The vendor's `vlan_id` needs no `vlan: match` here.
 */
import type { Match } from '../../model/index.js';
import { type Cube, cubeOfMatch } from './cube.js';
import * as S from './intset.js';

const VLAN_FIELDS = ['vlan_id', 'dl_vlan', 'vlan_vid'];

/** A list of numbers and ranges (`1-3,7`), or null. */
export function parseRanges(text: string, lo: number, hi: number): S.IntSet | null {
  const parts: [number, number][] = [];
  for (const raw of text.split(',')) {
    const m = /^\s*(\d{1,5})\s*(?:-\s*(\d{1,5})\s*)?$/.exec(raw);
    if (!m) return null;
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a > b || a < lo || b > hi) return null;
    parts.push([a, b]);
  }
  return S.normalize(parts);
}

export type WantResult = { cube: Cube | null; problem?: string };

/** The want's packets; `problem` names what the model cannot hold (the compiler refuses it). */
export function wantCube(want: Match): WantResult {
  const rest: Match = {};
  let vlan: S.IntSet | null = null;
  for (const [k, v] of Object.entries(want)) {
    if (!VLAN_FIELDS.includes(k)) {
      rest[k] = v;
      continue;
    }
    const present = k === 'vlan_vid' ? 0x1000 : 0;
    const set = parseRanges(String(v), 0, 4095 + present);
    if (!set) return { cube: null, problem: `${k}: '${v}' is not a VLAN ID, list or range` };
    const vids = S.normalize(
      set.map(([a, b]) => [a >= present ? a - present : a, b >= present ? b - present : b]),
    );
    vlan = vlan ? S.intersect(vlan, vids) : vids;
  }
  if (rest.vlan === 'match' && vlan) delete rest.vlan;
  const { cube, unsupported } = cubeOfMatch(rest, vlan ? { vlan } : {});
  if (unsupported.length > 0)
    return {
      cube: null,
      problem: `${unsupported.join(', ')}: not a field intents can combine (in_port, VLAN, dl_type, tcp/udp/sctp/icmp, nw_proto, nw_src/nw_dst prefixes, L4 ports)`,
    };
  return { cube };
}
