/**
 * What changed between two polls of one resource family, object by object: `+` added,
 * `−` removed, `~` changed (the same object — a rule by priority and match, a group by id, a
 * port by name, a save-point by kind and name — with other settings). Counters and rates are
 * not settings: a rule whose packets grew has not changed. Pure; the labels are device text
 * (a screen sanitizes them).
 */
import {
  type Group,
  type PortConfig,
  type Rule,
  ruleKeyText,
  type SavePoints,
} from '../model/index.js';
import { sameMatch } from './share-matches.js';

export interface Delta {
  added: string[];
  removed: string[];
  changed: string[];
}

/** One object as the diff sees it: its identity, its label, and its settings as text. */
interface Item {
  key: string;
  label: string;
  value: string;
}

/** The objects of `a` and `b` by key: which are new, gone, or hold other settings. */
export function diffItems(a: readonly Item[], b: readonly Item[]): Delta {
  const before = new Map(a.map((i) => [i.key, i]));
  const out: Delta = { added: [], removed: [], changed: [] };
  for (const i of b) {
    const was = before.get(i.key);
    if (!was) out.added.push(i.label);
    else if (was.value !== i.value) out.changed.push(i.label);
    before.delete(i.key);
  }
  for (const i of before.values()) out.removed.push(i.label);
  return out;
}

const json = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x));

function ruleItem(r: Rule): Item {
  const key = ruleKeyText(r.priority, r.match);
  return {
    key,
    label: r.name ? `rule '${r.name}' ${key}` : `rule ${key}`,
    value: `${r.name}\0${r.description}\0${r.cookie}\0${r.actions.join('\0')}`,
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/** Same key and settings (a poll shares the unchanged parts, so mostly by identity). */
function sameRule(x: Rule, y: Rule): boolean {
  if (x === y) return true;
  if (x.priority !== y.priority || x.name !== y.name || x.description !== y.description)
    return false;
  return (
    x.cookie === y.cookie &&
    (x.match === y.match || sameMatch(x.match, y.match)) &&
    sameList(x.actions, y.actions)
  );
}

/**
 * Rules by priority and match. The lists come in the device's order, which a change keeps
 * for the other rules: the run equal at the start and at the end is skipped cheaply, and only
 * what lies between is compared by key (65,536 rules whose counters moved: no key is made).
 */
export function diffRules(a: readonly Rule[], b: readonly Rule[]): Delta {
  let start = 0;
  while (start < a.length && start < b.length && sameRule(a[start]!, b[start]!)) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && sameRule(a[endA - 1]!, b[endB - 1]!)) {
    endA--;
    endB--;
  }
  return diffItems(a.slice(start, endA).map(ruleItem), b.slice(start, endB).map(ruleItem));
}

export const diffGroups = (a: readonly Group[], b: readonly Group[]): Delta =>
  diffItems(a.map(groupItem), b.map(groupItem));

function groupItem(g: Group): Item {
  return { key: String(g.group_id), label: `group ${g.group_id}`, value: json(g) };
}

export const diffPorts = (a: readonly PortConfig[], b: readonly PortConfig[]): Delta =>
  diffItems(a.map(portItem), b.map(portItem));

function portItem(p: PortConfig): Item {
  return { key: p.if_name, label: `port ${p.if_name}`, value: json(p) };
}

export const diffSavepoints = (a: SavePoints, b: SavePoints): Delta =>
  diffItems(savepointItems(a), savepointItems(b));

function savepointItems(s: SavePoints): Item[] {
  const rules = s.rules.map((sp) => ({
    key: `rules ${sp.name}`,
    label: `rule save-point '${sp.name}'`,
    value: json([
      sp.description,
      sp.readonly,
      sp.boot,
      sp.flowusage,
      sp.groupusage,
      sp.rules.length,
    ]),
  }));
  const ports = s.ports.map((sp) => ({
    key: `ports ${sp.name}`,
    label: `port save-point '${sp.name}'`,
    value: json([sp.description, sp.readonly, sp.ports]),
  }));
  return [...rules, ...ports];
}
