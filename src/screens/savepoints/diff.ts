/**
 * Differences between two rule sets (active rules, rule save-points) and two port
 * configurations. A rule is identified as on the device: by its priority and all its match
 * fields (order does not matter; values compared as strings). Groups by their ID, ports by
 * their interface name.
 */
import type { Group, Match, PortConfig } from '../../model/index.js';

export interface RuleLike {
  priority: number;
  match: Match;
  name: string;
  description: string;
  actions: readonly string[];
}

/** `k=v` (key-only fields as `k`), fields sorted by name. */
export function matchText(match: Match): string {
  return Object.keys(match)
    .sort()
    .map((k) => (match[k] === '' ? k : `${k}=${match[k]}`))
    .join(',');
}

/** The device's identity of a rule: priority + every match field. */
export function ruleIdentity(rule: Pick<RuleLike, 'priority' | 'match'>): string {
  return `${rule.priority} ${matchText(rule.match)}`;
}

export type RuleField = 'actions' | 'name' | 'description';

export interface RuleChange {
  before: RuleLike;
  after: RuleLike;
  fields: RuleField[];
}

export interface RuleDiff {
  added: RuleLike[];
  removed: RuleLike[];
  changed: RuleChange[];
  unchanged: number;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export function diffRules(from: readonly RuleLike[], to: readonly RuleLike[]): RuleDiff {
  const before = new Map(from.map((r) => [ruleIdentity(r), r]));
  const diff: RuleDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const after of to) {
    const key = ruleIdentity(after);
    seen.add(key);
    const old = before.get(key);
    if (!old) {
      diff.added.push(after);
      continue;
    }
    const fields: RuleField[] = [];
    if (!sameList(old.actions, after.actions)) fields.push('actions');
    if (old.name !== after.name) fields.push('name');
    if (old.description !== after.description) fields.push('description');
    if (fields.length) diff.changed.push({ before: old, after, fields });
    else diff.unchanged++;
  }
  for (const [key, r] of before) if (!seen.has(key)) diff.removed.push(r);
  const order = (a: RuleLike, b: RuleLike) =>
    b.priority - a.priority || matchText(a.match).localeCompare(matchText(b.match));
  diff.added.sort(order);
  diff.removed.sort(order);
  diff.changed.sort((a, b) => order(a.after, b.after));
  return diff;
}

export type GroupField = 'type' | 'description' | 'buckets';

export interface GroupDiff {
  added: Group[];
  removed: Group[];
  changed: Array<{ before: Group; after: Group; fields: GroupField[] }>;
  unchanged: number;
}

export function bucketsText(g: Group): string {
  return g.buckets
    .map((b) => `${b.watch_port ? `[watch ${b.watch_port}] ` : ''}${b.actions.join(',')}`)
    .join(' | ');
}

export function diffGroups(from: readonly Group[], to: readonly Group[]): GroupDiff {
  const before = new Map(from.map((g) => [g.group_id, g]));
  const diff: GroupDiff = { added: [], removed: [], changed: [], unchanged: 0 };
  for (const after of to) {
    const old = before.get(after.group_id);
    before.delete(after.group_id);
    if (!old) {
      diff.added.push(after);
      continue;
    }
    const fields: GroupField[] = [];
    if (old.type !== after.type) fields.push('type');
    if (old.description !== after.description) fields.push('description');
    if (bucketsText(old) !== bucketsText(after)) fields.push('buckets');
    if (fields.length) diff.changed.push({ before: old, after, fields });
    else diff.unchanged++;
  }
  for (const g of before.values()) diff.removed.push(g);
  return diff;
}

/** The port settings a port save-point restores (what PUT activeportsavepoint applies). */
export const PORT_FIELDS = [
  'speed',
  'duplex',
  'shutdown',
  'split',
  'xg_speed',
  'unidirectional',
  'crc_check',
  'crc_recalculation',
] as const;
export type PortField = (typeof PORT_FIELDS)[number];

function portValue(p: PortConfig, field: PortField): string {
  if (field === 'xg_speed') return p.xg_speed ? p.xg_speed.nextSetting : '';
  const v = p[field];
  return v === undefined ? '' : String(v);
}

export interface PortDiff {
  /** Ports whose settings differ: field → [before, after]. */
  changed: Array<{
    if_name: string;
    fields: Array<{ field: PortField; before: string; after: string }>;
  }>;
  /** In `to` only / in `from` only (e.g. after a split). */
  added: string[];
  removed: string[];
  unchanged: number;
}

export function diffPorts(from: readonly PortConfig[], to: readonly PortConfig[]): PortDiff {
  const before = new Map(from.map((p) => [p.if_name, p]));
  const diff: PortDiff = { changed: [], added: [], removed: [], unchanged: 0 };
  for (const after of to) {
    const old = before.get(after.if_name);
    before.delete(after.if_name);
    if (!old) {
      diff.added.push(after.if_name);
      continue;
    }
    const fields = PORT_FIELDS.flatMap((field) => {
      const a = portValue(old, field);
      const b = portValue(after, field);
      // a field one side does not report is not a difference
      return a !== b && a !== '' && b !== '' ? [{ field, before: a, after: b }] : [];
    });
    if (fields.length) diff.changed.push({ if_name: after.if_name, fields });
    else diff.unchanged++;
  }
  for (const name of before.keys()) diff.removed.push(name);
  return diff;
}

/** A rule is named by its name first when it has one: `"web" 2000 tcp,tcp_dst=80`. */
const named = (r: RuleLike) => (r.name ? `"${r.name}" ` : '');

export function ruleLine(r: RuleLike): string {
  return `${named(r)}${r.priority} ${matchText(r.match) || '(any)'} → ${r.actions.join(',') || '(none)'}`;
}

export function ruleDiffSummary(d: RuleDiff, g?: GroupDiff): string {
  const rules = `rules: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed, ${d.unchanged} unchanged`;
  if (!g) return rules;
  return `${rules}; groups: ${g.added.length} added, ${g.removed.length} removed, ${g.changed.length} changed`;
}

export interface DiffLine {
  text: string;
  color?: string;
}

/** The diff as lines: + added, - removed, ~ changed with each changed field indented. */
export function ruleDiffLines(d: RuleDiff, g?: GroupDiff): DiffLine[] {
  const out: DiffLine[] = [{ text: ruleDiffSummary(d, g) }];
  if (d.added.length + d.removed.length + d.changed.length === 0)
    out.push({ text: '  the rules are the same' });
  for (const r of d.added) out.push({ text: `+ ${ruleLine(r)}`, color: 'green' });
  for (const r of d.removed) out.push({ text: `- ${ruleLine(r)}`, color: 'red' });
  for (const c of d.changed) {
    const name = named(c.after) || named(c.before);
    out.push({ text: `~ ${name}${ruleIdentity(c.after)}`, color: 'yellow' });
    for (const f of c.fields) {
      const show = (r: RuleLike) => (f === 'actions' ? r.actions.join(',') : r[f]) || '(empty)';
      out.push({ text: `    ${f}: ${show(c.before)} → ${show(c.after)}` });
    }
  }
  if (g && g.added.length + g.removed.length + g.changed.length > 0) {
    out.push({ text: 'Groups' });
    for (const x of g.added)
      out.push({ text: `+ group ${x.group_id} ${x.type}: ${bucketsText(x)}`, color: 'green' });
    for (const x of g.removed)
      out.push({ text: `- group ${x.group_id} ${x.type}: ${bucketsText(x)}`, color: 'red' });
    for (const c of g.changed) {
      out.push({ text: `~ group ${c.after.group_id}`, color: 'yellow' });
      for (const f of c.fields) {
        const show = (x: Group) => (f === 'buckets' ? bucketsText(x) : x[f]) || '(empty)';
        out.push({ text: `    ${f}: ${show(c.before)} → ${show(c.after)}` });
      }
    }
  }
  return out;
}

export function portDiffLines(d: PortDiff): DiffLine[] {
  const out: DiffLine[] = [
    {
      text: `ports: ${d.changed.length} changed, ${d.unchanged} unchanged${d.added.length ? `, ${d.added.length} only in the new set` : ''}${d.removed.length ? `, ${d.removed.length} only in the old set` : ''}`,
    },
  ];
  if (d.changed.length + d.added.length + d.removed.length === 0)
    out.push({ text: '  the port settings are the same' });
  for (const c of d.changed)
    out.push({
      text: `~ ${c.if_name}: ${c.fields.map((f) => `${f.field} ${f.before} → ${f.after}`).join(', ')}`,
      color: 'yellow',
    });
  for (const n of d.added)
    out.push({ text: `+ ${n} (not a port of the other set)`, color: 'green' });
  for (const n of d.removed)
    out.push({ text: `- ${n} (not a port of the other set)`, color: 'red' });
  return out;
}
