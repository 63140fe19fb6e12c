/** The rules and groups families: /rules, /rules/all, /rules/counters, /groups, /groups/all. */
import type { Bucket, Group, GroupType, Rule, RuleInput, RuleKey } from '../model/types.js';
import { joinActions } from '../model/vocabulary.js';
import {
  normalizeGroupList,
  type RuleList,
  ruleElements,
  ruleListRead,
} from './normalize-rules.js';
import type { Transport } from './transport.js';

export interface RulesApi {
  /**
   * GET /rules/all. `share` is applied to each rule as it is read (the store gives back the
   * previous poll's equal rule: src/store/share-rules.ts).
   */
  list(share?: (rule: Rule) => Rule): Promise<RuleList>;
  /** POST /rules. Returns the device's result text. */
  add(rule: RuleInput): Promise<string>;
  /** PUT /rules: changes actions, name or description of the rule with this match+priority. */
  modify(rule: RuleInput): Promise<string>;
  /** DELETE /rules: the rule identified by its match fields and priority. */
  remove(key: RuleKey): Promise<string>;
  /** DELETE /rules/all. */
  removeAll(): Promise<string>;
  /** DELETE /rules/counters. */
  resetCounters(): Promise<string>;
}

/** Query parameters of a rule write: `match[in_port]=1`, actions comma-joined. */
export function ruleQuery(rule: RuleInput): Record<string, unknown> {
  const q: Record<string, unknown> = {};
  if (rule.name !== undefined) q.name = rule.name;
  if (rule.cookie !== undefined) q.cookie = String(rule.cookie);
  if (rule.description !== undefined) q.description = rule.description;
  q.priority = rule.priority;
  q.match = { ...rule.match };
  q.actions = joinActions(rule.actions);
  return q;
}

export function rulesApi(t: Transport): RulesApi {
  return {
    async list(share) {
      // each rule normalized and shared as its slice of the answer is parsed
      const elements = ruleElements('GET /rules/all', share);
      return ruleListRead(await t.request('GET', '/rules/all', { elements }));
    },
    add: (rule) => t.write('POST', '/rules', { query: ruleQuery(rule) }),
    modify: (rule) => t.write('PUT', '/rules', { query: ruleQuery(rule) }),
    remove: (key) =>
      t.write('DELETE', '/rules', { query: { priority: key.priority, match: { ...key.match } } }),
    removeAll: () => t.write('DELETE', '/rules/all'),
    resetCounters: () => t.write('DELETE', '/rules/counters'),
  };
}

/** What a client sends to add or modify a group. */
export interface GroupInput {
  group_id: number;
  type: GroupType;
  description?: string;
  buckets: Bucket[];
}

export interface GroupsApi {
  /** GET /groups/all. */
  list(): Promise<Group[]>;
  /** POST /groups. Note: the device deletes every rule that uses a group being added. */
  add(group: GroupInput | GroupInput[]): Promise<string>;
  /** PUT /groups, matched by group ID. */
  modify(group: GroupInput | GroupInput[]): Promise<string>;
  /** DELETE /groups?group_id=… */
  remove(groupId: number): Promise<string>;
  /** DELETE /groups/all; the device also deletes every rule that outputs to a group. */
  removeAll(): Promise<string>;
}

/** The spec's Group input: `{ "<gid>": {group_id:"<gid>", type, buckets:[{actions, watch_port}]} }`. */
export function groupBody(groups: GroupInput | GroupInput[]): Record<string, unknown> {
  const list = Array.isArray(groups) ? groups : [groups];
  return Object.fromEntries(
    list.map((g) => {
      const id = String(g.group_id);
      const value: Record<string, unknown> = { group_id: id, type: g.type };
      if (g.description) value.description = g.description;
      value.buckets = g.buckets.map((b) => ({
        actions: joinActions(b.actions),
        watch_port: b.watch_port,
      }));
      return [id, value];
    }),
  );
}

export function groupsApi(t: Transport): GroupsApi {
  return {
    async list() {
      return normalizeGroupList(await t.request('GET', '/groups/all'));
    },
    add: (group) => t.write('POST', '/groups', { json: groupBody(group) }),
    modify: (group) => t.write('PUT', '/groups', { json: groupBody(group) }),
    remove: (groupId) => t.write('DELETE', '/groups', { query: { group_id: groupId } }),
    removeAll: () => t.write('DELETE', '/groups/all'),
  };
}
