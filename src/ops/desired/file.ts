/**
 * The config file (YAML; JSON is YAML too) → DesiredConfig, offline. Checked here: YAML
 * syntax, known fields and their types, every rule by the rule editor's own checks (src/tcam
 * ruleIssues, with IPv6 matches allowed and no port or group list), every group by the group
 * editor's (groupIssues, likewise), cookies 0..2^64−1, one rule per (priority, match) and
 * one group per id, port setting values from the spec's lists. Problems name FILE:LINE:COL;
 * all of them (up to MAX_PROBLEMS) are collected, then thrown as one DesiredFileError.
 *
 * Not here, because only the device can tell: the plan checks what it sends against the
 * device before anything is sent (device-checks.ts: the storage mode, in_port / output /
 * watch ports, the groups rules send to, cookies in use, the TCAM maximum; plan.ts: port
 * names, the boot save-point, a group hash with every field off). Not checked anywhere
 * before sending: whether a port's type takes the speed or duplex given.
 */
import { isAlias, isScalar, isSeq, LineCounter, type Pair, parseDocument } from 'yaml';
import {
  type GroupType,
  MATCH_FIELD_BY_NAME,
  type Match,
  nearestName,
  type StorageMode,
  splitActions,
} from '../../model/index.js';
import { groupIssues, MAX_GROUP_ID, ruleIssues } from '../../tcam/index.js';
import {
  BUCKET_FIELDS,
  COOKIE_PATTERN,
  GROUP_FIELDS,
  GROUP_TYPES,
  HASH_FIELDS,
  RULE_FIELDS,
  TOP_FIELDS,
} from './fields.js';
import { readPorts } from './ports-file.js';
import {
  DesiredFileError,
  type FileProblem,
  keyText,
  MAX_PROBLEMS,
  Reader,
  TooManyProblems,
  type YNode,
} from './reader.js';
import { readIntents } from './tools-file.js';
import type {
  DesiredBucket,
  DesiredConfig,
  DesiredGroup,
  DesiredGroupHash,
  DesiredRule,
} from './types.js';

export * from './fields.js';
export { DesiredFileError, type FileProblem } from './reader.js';

const COOKIE_MAX = 2n ** 64n - 1n;

export interface ParseOptions {
  /**
   * The storage mode IPv6 matches are checked against; offline the file does not know the
   * device's, so by default IPv6 matches pass ('ipv6') and the plan checks the device's.
   */
  storageMode?: StorageMode;
}

/** Parses and validates a config file; throws DesiredFileError naming every problem. */
export function parseDesired(text: string, file: string, opts: ParseOptions = {}): DesiredConfig {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, intAsBigInt: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const problems: FileProblem[] = doc.errors.slice(0, 20).map((e) => {
      const { line, col } = lc.linePos(e.pos[0]);
      return { at: { file, line, col }, message: syntaxMessage(e.message) };
    });
    throw new DesiredFileError(problems);
  }
  const r = new Reader(file, lc, doc);
  let config: DesiredConfig = {};
  let truncated = false;
  try {
    config = readTop(r, doc.contents as YNode, opts.storageMode ?? 'ipv6');
  } catch (e) {
    if (!(e instanceof TooManyProblems)) throw e;
    // the reading stopped: at MAX_PROBLEMS, or at a bound (too many aliases)
    truncated = r.problems.length >= MAX_PROBLEMS;
  }
  if (r.problems.length > 0) {
    const sorted = [...r.problems].sort((a, b) => a.at.line - b.at.line || a.at.col - b.at.col);
    throw new DesiredFileError(sorted, truncated);
  }
  return config;
}

function syntaxMessage(m: string): string {
  // The position is ours to give (FILE:LINE:COL); yaml appends its own.
  return `syntax error: ${m.replace(/ at line \d+, column \d+:?[\s\S]*$/, '')}`;
}

function readTop(r: Reader, root: YNode, storageMode: StorageMode): DesiredConfig {
  if (root == null || (isScalar(root) && root.value === null)) return {};
  const f = r.fields(root, 'the file', TOP_FIELDS);
  const out: DesiredConfig = {};
  if (!f) return out;
  const at = (k: string) => f.get(k);
  const schema = at('$schema');
  if (schema) r.string(schema.value as YNode, '$schema', schema.key as YNode);
  const rules = at('rules');
  if (rules) out.rules = readRules(r, rules, storageMode);
  const groups = at('groups');
  if (groups) out.groups = readGroups(r, groups);
  const ports = at('ports');
  if (ports) out.ports = readPorts(r, ports);
  const hash = at('group_hash');
  if (hash) {
    const hf = r.fields(hash.value as YNode, 'group_hash', HASH_FIELDS, hash.key as YNode);
    const h: DesiredGroupHash = {};
    for (const [k, p] of hf ?? []) {
      const v = r.bool(p.value as YNode, `group_hash ${k}`, p.key as YNode);
      if (v !== undefined) h[k as keyof DesiredGroupHash] = v;
    }
    out.group_hash = h;
  }
  readIntents(r, f, out);
  const boot = at('boot_savepoint');
  if (boot) {
    const v = r.string(boot.value as YNode, 'boot_savepoint', boot.key as YNode);
    if (v !== undefined && v.trim() === '') r.fail(boot.value as YNode, 'boot_savepoint is empty');
    else if (v !== undefined) out.boot_savepoint = v;
  }
  return out;
}

const identity = (priority: number, match: Match) =>
  `${priority}\n${Object.entries(match)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')}`;

function readRules(r: Reader, pair: Pair, storageMode: StorageMode): DesiredRule[] {
  const list = r.items(pair.value as YNode, 'rules', pair.key as YNode) ?? [];
  const out: DesiredRule[] = [];
  const seen = new Map<string, number>();
  for (const [i, node] of list.entries()) {
    const rule = readRule(r, node, i + 1, storageMode);
    if (!rule) continue;
    const key = identity(rule.priority, rule.match);
    const first = seen.get(key);
    if (first !== undefined)
      r.fail(node, `this rule has the same priority and match as the rule at line ${first}`);
    else seen.set(key, rule.at?.line ?? 0);
    out.push(rule);
  }
  return out;
}

function readRule(r: Reader, node: YNode, n: number, storageMode: StorageMode): DesiredRule | null {
  const f = r.fields(node, `rule ${n}`, RULE_FIELDS);
  if (!f) return null;
  const at = r.pos(node);
  const before = r.problems.length;
  const need = (k: string) => {
    const p = f.get(k);
    if (!p) r.fail(node, `rule ${n} has no ${k}`);
    return p;
  };
  const pp = need('priority');
  const priority = pp ? r.int(pp.value as YNode, 'priority', pp.key as YNode) : undefined;
  const match: Match = {};
  const valueNode = new Map<string, YNode | Pair>();
  const keyNode = new Map<string, YNode>();
  const mp = need('match');
  if (mp) {
    for (const e of r.entries(mp.value as YNode, 'match', mp.key as YNode) ?? []) {
      const field = keyText(e);
      if (field === null) {
        r.fail(e, 'a match field name must be a string', mp.value as YNode);
        continue;
      }
      const v = r.text(e.value as YNode, `match ${field}`, e.key as YNode, '');
      if (v === undefined) continue;
      match[field] = v;
      keyNode.set(field, e.key as YNode);
      const vn = e.value as YNode;
      valueNode.set(field, isScalar(vn) && vn.value !== null ? vn : e);
    }
  }
  const actions: string[] = [];
  const actionNode = new Map<string, YNode>();
  const ap = need('actions');
  for (const [v, a] of ap ? readActions(r, ap) : []) {
    actions.push(v);
    if (!actionNode.has(v)) actionNode.set(v, a);
  }
  const rule: DesiredRule = { priority: priority ?? -1, match, actions, at };
  for (const k of ['name', 'description'] as const) {
    const p = f.get(k);
    const v = p ? r.string(p.value as YNode, k, p.key as YNode) : undefined;
    if (v !== undefined) rule[k] = v;
  }
  const cp = f.get('cookie');
  if (cp) {
    const v = r.text(cp.value as YNode, 'cookie', cp.key as YNode);
    if (v !== undefined) {
      if (!new RegExp(COOKIE_PATTERN).test(v) || BigInt(v) > COOKIE_MAX)
        r.fail(cp.value as YNode, `cookie must be a decimal integer 0..${COOKIE_MAX}, got '${v}'`);
      else rule.cookie = v;
    }
  }
  if (r.problems.length > before) return null;
  // The rule editor's checks, placed on the field or action they are about.
  for (const issue of ruleIssues(rule, { storageMode })) {
    if (issue.severity !== 'error') continue;
    const s = issue.subject ?? '';
    const unknown = matchProblem(s, issue.message, keyNode);
    if (unknown) {
      r.fail(unknown.place, unknown.message, node);
      continue;
    }
    const place =
      (s === 'priority' || s === 'name' || s === 'description'
        ? (f.get(s)?.value as YNode)
        : undefined) ??
      valueNode.get(s) ??
      actionNode.get(s) ??
      (s === 'actions' || s === 'drop' ? (ap?.value as YNode) : undefined) ??
      node;
    r.fail(place, issue.message, node);
  }
  return r.problems.length > before ? null : rule;
}

/**
 * A rule's actions, each with the node to point at: a list (`[output:12, output:13]`) or
 * the device's own form, one string (`output:12,output:13`, split as the device does).
 */
function readActions(r: Reader, ap: Pair): [string, YNode][] {
  const node = ap.value as YNode;
  if (isScalar(node) && node.value !== null && typeof node.value !== 'boolean') {
    const v = r.text(node, 'actions', ap.key as YNode);
    return v === undefined ? [] : splitActions(v).map((a) => [a, node]);
  }
  if (!isSeq(node) && !isAlias(node)) {
    r.fail(
      node,
      'actions must be a list or the device form (output:12,output:13)',
      ap.key as YNode,
    );
    return [];
  }
  const out: [string, YNode][] = [];
  for (const a of r.items(node, 'actions', ap.key as YNode) ?? []) {
    const v = r.text(a, 'an action', ap.key as YNode);
    if (v !== undefined) out.push([v, a]);
  }
  return out;
}

/** Where an issue about match field `s` points: an unknown field at its key, with a guess. */
function matchProblem(s: string, message: string, keyNode: Map<string, YNode>) {
  const key = keyNode.get(s);
  if (!key || !message.startsWith('unknown match field')) return undefined;
  const near = nearestName(s, MATCH_FIELD_BY_NAME.keys());
  return { place: key, message: near ? `${message} (did you mean ${near}?)` : message };
}

function readGroups(r: Reader, pair: Pair): DesiredGroup[] {
  const list = r.items(pair.value as YNode, 'groups', pair.key as YNode) ?? [];
  const out: DesiredGroup[] = [];
  const seen = new Map<number, number>();
  for (const [i, node] of list.entries()) {
    const g = readGroup(r, node, i + 1);
    if (!g) continue;
    const first = seen.get(g.id);
    if (first !== undefined) r.fail(node, `group ${g.id} is already given at line ${first}`);
    else seen.set(g.id, g.at?.line ?? 0);
    out.push(g);
  }
  return out;
}

function readGroup(r: Reader, node: YNode, n: number): DesiredGroup | null {
  const f = r.fields(node, `group ${n}`, GROUP_FIELDS);
  if (!f) return null;
  const before = r.problems.length;
  const ip = f.get('id');
  if (!ip) r.fail(node, `group ${n} has no id`);
  const id = ip ? r.int(ip.value as YNode, 'group id', ip.key as YNode) : undefined;
  if (id !== undefined && (id < 0 || id > MAX_GROUP_ID))
    r.fail(ip?.value as YNode, `group id must be an integer 0..${MAX_GROUP_ID}, got ${id}`);
  const tp = f.get('type');
  if (!tp) r.fail(node, `group ${n} has no type (${GROUP_TYPES.join(', ')})`);
  const type = tp ? r.string(tp.value as YNode, 'group type', tp.key as YNode) : undefined;
  if (type !== undefined && !GROUP_TYPES.includes(type as GroupType))
    r.fail(
      tp?.value as YNode,
      `group type must be select (load-balance), ff (fast-failover) or all (clone), got '${type}'`,
    );
  const dp = f.get('description');
  const description = dp ? r.string(dp.value as YNode, 'description', dp.key as YNode) : undefined;
  const buckets: DesiredBucket[] = [];
  const bucketNodes: { watch?: YNode; actions?: YNode; node: YNode }[] = [];
  const bp = f.get('buckets');
  if (!bp) r.fail(node, `group ${n} has no buckets`);
  for (const [j, bn] of (bp
    ? (r.items(bp.value as YNode, 'buckets', bp.key as YNode) ?? [])
    : []
  ).entries()) {
    const bf = r.fields(bn, `bucket ${j + 1}`, BUCKET_FIELDS);
    if (!bf) continue;
    const b: DesiredBucket = { actions: [] };
    const wp = bf.get('watch_port');
    if (wp) {
      const w = r.text(wp.value as YNode, 'watch_port', wp.key as YNode);
      if (w !== undefined) b.watch_port = w;
    }
    const ap = bf.get('actions');
    if (!ap) r.fail(bn, `bucket ${j + 1} has no actions`);
    for (const a of ap ? (r.items(ap.value as YNode, 'actions', ap.key as YNode) ?? []) : []) {
      const v = r.text(a, 'an action', ap?.key as YNode);
      if (v !== undefined) b.actions.push(v);
    }
    buckets.push(b);
    bucketNodes.push({ watch: wp?.value as YNode, actions: ap?.value as YNode, node: bn });
  }
  if (r.problems.length > before || id === undefined) return null;
  const group: DesiredGroup = {
    id,
    type: type as GroupType,
    ...(description !== undefined ? { description } : {}),
    buckets,
    at: r.pos(node),
  };
  const body = {
    type: group.type,
    description: description ?? '',
    buckets: buckets.map((b) => ({ watch_port: b.watch_port ?? '', actions: b.actions })),
  };
  for (const issue of groupIssues(body, { storageMode: 'ipv6' })) {
    if (issue.severity !== 'error') continue;
    const bn = issue.bucket === undefined ? undefined : bucketNodes[issue.bucket];
    const place = bn
      ? ((issue.part === 'watch' ? bn.watch : bn.actions) ?? bn.node)
      : issue.part === 'description'
        ? (dp?.value as YNode)
        : (bp?.value as YNode);
    r.fail(place, issue.message, node);
  }
  return r.problems.length > before ? null : group;
}
