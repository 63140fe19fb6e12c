/**
 * The intents sections of a config file (docs/tools.md): `tools` (name, port, wants),
 * `sources`, `band`, `unwanted`, `tool_groups`. Each want is held to the rule editor's own checks (with a
 * VLAN list or range read as its first VID) and to what the intents compiler can combine
 * (src/traffic wantCube); every problem names FILE:LINE:COL.
 */
import { isScalar, type Pair } from 'yaml';
import type { Match } from '../../model/index.js';
import { MAX_GROUP_ID, ruleIssues } from '../../tcam/index.js';
import { wantCube } from '../../traffic/intents/index.js';
import { TOOL_FIELDS, UNWANTED_CHOICES } from './fields.js';
import { keyText, type Reader, type YNode } from './reader.js';
import type { DesiredConfig, DesiredTool } from './types.js';

const VLAN_FIELDS = new Set(['vlan_id', 'dl_vlan', 'vlan_vid']);

/** The want as one rule the editor can check: a VLAN list or range as its first VID. */
function asRule(want: Match): Match {
  const out: Match = {};
  for (const [k, v] of Object.entries(want)) {
    if (k === 'vlan' && v.trim().toLowerCase() === 'match' && want.vlan_id !== undefined) continue;
    const first = VLAN_FIELDS.has(k) ? (/^\s*(\d+)/.exec(v)?.[1] ?? v) : v;
    // the vendor's vlan_id is an OpenFlow dl_vlan here, so it combines with tcp and the rest
    out[k === 'vlan_id' ? 'dl_vlan' : k] = first;
  }
  return out;
}

function readWant(r: Reader, node: YNode, what: string): Match | null {
  const before = r.problems.length;
  const match: Match = {};
  const at = new Map<string, YNode | Pair>();
  for (const e of r.entries(node, what) ?? []) {
    const field = keyText(e);
    if (field === null) {
      r.fail(e, 'a match field name must be a string', node);
      continue;
    }
    const v = r.text(e.value as YNode, `${what} ${field}`, e.key as YNode, '');
    if (v === undefined) continue;
    match[field] = v;
    const vn = e.value as YNode;
    at.set(field, isScalar(vn) && vn.value !== null ? vn : e);
  }
  if (r.problems.length > before) return null;
  for (const issue of ruleIssues(
    { priority: 1, match: asRule(match), actions: ['drop'] },
    { storageMode: 'ipv6' },
  )) {
    if (issue.severity !== 'error') continue;
    r.fail(at.get(issue.subject ?? '') ?? node, issue.message, node);
  }
  const cube = wantCube(match);
  if (cube.problem) r.fail(node, cube.problem);
  else if (!cube.cube) r.fail(node, `${what} admits no packet`);
  return r.problems.length > before ? null : match;
}

function readTool(r: Reader, node: YNode, n: number): DesiredTool | null {
  const f = r.fields(node, `tool ${n}`, TOOL_FIELDS);
  if (!f) return null;
  const before = r.problems.length;
  const np = f.get('name');
  const pp = f.get('port');
  const wp = f.get('wants');
  if (!np) r.fail(node, `tool ${n} has no name`);
  if (!pp) r.fail(node, `tool ${n} has no port`);
  if (!wp) r.fail(node, `tool ${n} has no wants`);
  const name = np ? r.string(np.value as YNode, 'tool name', np.key as YNode) : undefined;
  if (name !== undefined && name.trim() === '') r.fail(np?.value as YNode, 'tool name is empty');
  const port = pp ? r.text(pp.value as YNode, 'tool port', pp.key as YNode) : undefined;
  const wants: Match[] = [];
  const list = wp ? (r.items(wp.value as YNode, 'wants', wp.key as YNode) ?? []) : [];
  if (wp && list.length === 0) r.fail(wp.value as YNode, `tool ${n} wants nothing`);
  for (const [i, w] of list.entries()) {
    const m = readWant(r, w, `want ${i + 1}`);
    if (m) wants.push(m);
  }
  if (r.problems.length > before || name === undefined || port === undefined) return null;
  return { name, port: port.trim(), wants, at: r.pos(node) };
}

/** `lo-hi` within 0..max: the band's priorities, the tools' group IDs. */
function readRange(
  r: Reader,
  p: Pair,
  what: 'band' | 'tool_groups',
  max: number,
): [number, number] | undefined {
  const v = r.text(p.value as YNode, what, p.key as YNode);
  if (v === undefined) return undefined;
  const m = /^\s*(\d{1,10})\s*-\s*(\d{1,10})\s*$/.exec(v);
  const lo = Number(m?.[1]);
  const hi = Number(m?.[2]);
  if (!m || lo > hi || hi > max) {
    const kind = what === 'band' ? 'priorities' : 'group IDs';
    r.fail(p.value as YNode, `${what} must be ${kind} lo-hi within 0-${max}, got '${v}'`);
    return undefined;
  }
  return [lo, hi];
}

/** Reads `tools`, `sources`, `band`, `tool_groups` and `unwanted` of the top-level mapping. */
export function readIntents(r: Reader, f: Map<string, Pair>, out: DesiredConfig): void {
  const tp = f.get('tools');
  if (tp) {
    const tools: DesiredTool[] = [];
    const seen = new Map<string, number>();
    for (const [i, node] of (
      r.items(tp.value as YNode, 'tools', tp.key as YNode) ?? []
    ).entries()) {
      const t = readTool(r, node, i + 1);
      if (!t) continue;
      const first = seen.get(t.name);
      if (first !== undefined) r.fail(node, `tool '${t.name}' is already given at line ${first}`);
      else seen.set(t.name, t.at?.line ?? 0);
      tools.push(t);
    }
    out.tools = tools;
  }
  const sp = f.get('sources');
  if (sp) {
    const sources: string[] = [];
    for (const n of r.items(sp.value as YNode, 'sources', sp.key as YNode) ?? []) {
      const v = r.text(n, 'a source port', sp.key as YNode);
      if (v !== undefined) sources.push(v.trim());
    }
    out.sources = sources;
  }
  const bp = f.get('band');
  if (bp) {
    const band = readRange(r, bp, 'band', 65535);
    if (band) out.band = band;
  }
  const gp = f.get('tool_groups');
  if (gp) {
    const groups = readRange(r, gp, 'tool_groups', MAX_GROUP_ID);
    if (groups) out.tool_groups = groups;
  }
  const up = f.get('unwanted');
  if (up) {
    const v = r.string(up.value as YNode, 'unwanted', up.key as YNode);
    if (v !== undefined && !(UNWANTED_CHOICES as readonly string[]).includes(v))
      r.fail(up.value as YNode, `unwanted must be drop or pass, got '${v}'`);
    else if (v !== undefined) out.unwanted = v as 'drop' | 'pass';
  }
}
