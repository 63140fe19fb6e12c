/** Wire → model for rules and groups (GET /rules/all, GET /groups/all, save-point contents). */

import { rememberBounded } from '../model/bounded.js';
import type { Bucket, Group, GroupType, Match, Rule } from '../model/types.js';
import { actionListKey, splitActions } from '../model/vocabulary.js';
import { parseJson } from './json.js';
import { type ElementMap, mapElements } from './json-slices.js';
import { At, type Item, isObject, items, Rec, str, stringMap } from './shape.js';

/** OpenFlow's default priority, also what PUT /rules assumes when priority is empty. */
export const DEFAULT_PRIORITY = 32768;

/** Actions arrive as one comma string (/rules/all, groups) or an array (save-points). */
function normalizeActions(value: unknown, at: At): string[] {
  if (value === undefined || value === null) return NO_ACTIONS;
  if (typeof value === 'string') return sharedActions(splitActions(value));
  if (Array.isArray(value))
    return sharedActions(value.flatMap((v, i) => splitActions(str(v, at.index(i)))));
  return at.fail('actions as a comma-separated string or an array', value);
}

/**
 * One frozen array per distinct action list, shared by every rule and bucket that has it. A
 * table uses a few lists, and a list made by `push` keeps ~17 slots: on 65,536 rules the
 * rules' own arrays were ~12 MB of the console's heap (docs/performance.md, "The Rules
 * screen's heap"). Frozen, so that no code can change one rule's actions through another's.
 */
const NO_ACTIONS = Object.freeze([]) as unknown as string[];
const ACTION_LISTS_MAX = 4_096;
const actionLists = new Map<string, string[]>();

function sharedActions(list: string[]): string[] {
  if (list.length === 0) return NO_ACTIONS;
  return rememberBounded(
    actionLists,
    ACTION_LISTS_MAX,
    actionListKey(list),
    // (a copy: `slice` sizes it to the list, without push's spare slots)
    () => Object.freeze(list.slice()) as string[],
  );
}

/** A rule priority exactly as the device must have meant it, or null. */
function exactPriority(value: unknown): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,5}\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 0xffff ? n : null;
}

/** A received value as JSON text, for display (a bigint as its digits). */
const shown = (v: unknown): string => {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? typeof v;
  } catch {
    return typeof v;
  }
};

/**
 * Priority and match — the rule's identity on the device — read strictly. Anything not
 * exactly known (priority missing, null or not an integer 0..65535; a match value null, an
 * object or a list) makes the rule malformed: it keeps what was received, for display, and
 * `malformed` says why. '' stays a legitimate value (key-only fields).
 */
function ruleIdentity(r: Rec, at: At): Pick<Rule, 'priority' | 'match' | 'malformed'> {
  const why: string[] = [];
  const rawPriority = r.get('priority');
  let priority = exactPriority(rawPriority);
  if (priority === null) {
    why.push(
      rawPriority === undefined || rawPriority === null
        ? 'priority missing'
        : `priority ${shown(rawPriority)} is not an integer 0..65535`,
    );
    priority =
      typeof rawPriority === 'number' && Number.isSafeInteger(rawPriority) ? rawPriority : -1;
  }
  const rawMatch = r.get('match');
  let match: Match = {};
  if (isObject(rawMatch)) {
    const exact: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(rawMatch)) {
      if (typeof v === 'string' || typeof v === 'number') exact[k] = v;
      else {
        why.push(
          `match ${k} is ${v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : shown(v)}`,
        );
        exact[k] = shown(v);
      }
    }
    match = stringMap(exact, at.key('match'));
  } else if (rawMatch !== undefined && rawMatch !== null) {
    why.push(`match is ${shown(rawMatch)}, not an object`);
  }
  return why.length > 0 ? { priority, match, malformed: why.join(', ') } : { priority, match };
}

export function normalizeRule(value: unknown, at: At): Rule {
  const r = new Rec(value, at);
  return {
    cookie: r.big('cookie', 0n),
    name: r.str('name', ''),
    description: r.str('description', ''),
    ...ruleIdentity(r, at),
    actions: normalizeActions(r.get('actions'), at.key('actions')),
    // a brand-new rule may report 'n/a' (as it does for its rate): read as 0
    n_packets: r.counter('n_packets'),
    n_bytes: r.counter('n_bytes'),
    datarate: r.str('datarate', ''),
    datarate_raw: r.rate('datarate_raw'),
    real_flow_ct: r.int('real_flow_ct', 0),
  };
}

export interface RuleList {
  rules: Rule[];
  /** TCAM flows in use; the sum of real_flow_ct when the device leaves it out. */
  used_flows: number;
}

export function normalizeRuleList(wire: unknown, endpoint = 'GET /rules/all'): RuleList {
  const list = ruleItems(wire, endpoint);
  return list.end(list.items.map((i) => normalizeRule(i.value, i.at)));
}

/**
 * `normalizeRuleList`; a table of more than 4,096 rules is read a slice at a time (slices.ts).
 * `share` is applied to each rule as soon as it is made (it may return an equal rule instead).
 */
export async function normalizeRuleListInSlices(
  wire: unknown,
  endpoint = 'GET /rules/all',
  share: (rule: Rule) => Rule = (rule) => rule,
): Promise<RuleList> {
  return ruleListRead(await mapElements(wire, ruleElements(endpoint, share)), endpoint);
}

const isRulesMember = (member: string) => member.replace(/[_-]/g, '').toLowerCase() === 'rules';

/**
 * What each element of a GET /rules/all answer becomes as the answer is parsed (the transport's
 * `elements`, json-slices.ts): the rules — of a bare array, or of the object's `rules` member —
 * normalized and given to `share`; the elements of any other array stay as they are. The wire
 * objects of the whole answer then never exist at once. Read the list with `ruleListRead`.
 */
export function ruleElements(
  endpoint = 'GET /rules/all',
  share: (rule: Rule) => Rule = (rule) => rule,
): ElementMap {
  const top = new At(endpoint);
  const member = top.key('rules');
  return (value, index, key) => {
    if (key === undefined) return share(normalizeRule(value, top.index(index)));
    return isRulesMember(key) ? share(normalizeRule(value, member.index(index))) : value;
  };
}

/** The list of an answer whose rules `ruleElements` has already made. */
export function ruleListRead(wire: unknown, endpoint = 'GET /rules/all'): RuleList {
  const list = ruleItems(wire, endpoint);
  return list.end(list.items.map((i) => i.value as Rule));
}

/**
 * The rules of a GET /rules/all answer — a bare array, or `{rules, used_flows}` — and how the
 * list is completed once they are normalized (used_flows read after the rules, as the device
 * sends them; the sum of real_flow_ct when it is left out).
 */
function ruleItems(
  wire: unknown,
  endpoint: string,
): { items: Item[]; end: (rules: Rule[]) => RuleList } {
  const at = new At(endpoint);
  if (Array.isArray(wire))
    return {
      items: wire.map((value, i) => ({ value, at: at.index(i) })),
      end: (rules) => ({ rules, used_flows: sumFlows(rules) }),
    };
  const r = new Rec(wire, at);
  return {
    items: r.list('rules', { required: true }),
    end: (rules) => ({ rules, used_flows: r.int('used_flows', sumFlows(rules)) }),
  };
}

function sumFlows(rules: Rule[]): number {
  return rules.reduce((n, rule) => n + rule.real_flow_ct, 0);
}

const GROUP_TYPES: Record<string, GroupType> = {
  select: 'select',
  ff: 'ff',
  fast_failover: 'ff',
  'fast-failover': 'ff',
  fastfailover: 'ff',
  all: 'all',
};

function normalizeGroupType(value: unknown, at: At): GroupType {
  const type = GROUP_TYPES[str(value, at).trim().toLowerCase()];
  return type ?? at.fail("a group type ('select', 'ff' or 'all')", value);
}

function normalizeBucket(value: unknown, at: At): Bucket {
  const r = new Rec(value, at);
  return {
    watch_port: r.str('watch_port', ''),
    actions: normalizeActions(r.get('actions'), at.key('actions')),
  };
}

/** Buckets are an array, or (in save-points, "as strings") that array JSON-encoded. */
function bucketItems(value: unknown, at: At): Item[] {
  if (value === undefined || value === null || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = parseJson(value);
    } catch {
      return at.fail('buckets as an array or a JSON-encoded array', value);
    }
  }
  return items(list, at, false);
}

export function normalizeGroup(value: unknown, at: At, key?: string): Group {
  const r = new Rec(value, at);
  const keyId = key !== undefined && /^\d+$/.test(key) ? Number(key) : undefined;
  return {
    group_id: r.int('group_id', keyId),
    type: normalizeGroupType(r.get('type'), at.key('type')),
    description: r.str('description', ''),
    buckets: bucketItems(r.get('buckets'), at.key('buckets')).map((b) =>
      normalizeBucket(b.value, b.at),
    ),
  };
}

/** GET /groups/all answers `{rules: [...groups]}`; `{groups: …}` and a bare array also pass. */
export function normalizeGroupList(wire: unknown, endpoint = 'GET /groups/all'): Group[] {
  const at = new At(endpoint);
  if (isObject(wire)) {
    const r = new Rec(wire, at);
    const name = r.has('groups') ? 'groups' : 'rules';
    return r
      .list(name, { required: true, allowMap: true })
      .map((i) => normalizeGroup(i.value, i.at, i.key));
  }
  return items(wire, at, false).map((i) => normalizeGroup(i.value, i.at));
}
