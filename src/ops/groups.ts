/**
 * Group writes: POST/PUT/DELETE /groups and DELETE /groups/all. The body is the api's own
 * `groupBody`. Adding an existing group or deleting all groups makes the device delete the
 * rules that use them, so every group write also affects the rule list.
 */
import { type ApiRequest, type Client, type GroupInput, groupBody } from '../api/index.js';
import type { Group, Rule } from '../model/index.js';
import { usesGroups } from '../tcam/index.js';
import { type KindTable, kinded, type StateReader } from './operation.js';
import { ruleState } from './rule-state.js';

export type { GroupInput } from '../api/index.js';

const GROUPS = ['groups', 'rules', 'flows'] as const;

/** The groups and the rules that output to them (`any` group): a re-add deletes those rules. */
async function groupsAndUsers(c: Client, ids: Set<number> | 'any') {
  const [groups, rules] = await Promise.all([c.groups.list(), c.rules.list()]);
  return {
    groups: ids === 'any' ? groups : groups.filter((g: Group) => ids.has(g.group_id)),
    rules: rules.rules.filter((x: Rule) => usesGroups(x.actions, ids)).map(ruleState),
  };
}

/** The group ids a request names (a query's group_id, or the keys of a JSON body). */
const idsOf = (r: ApiRequest) =>
  new Set<number>(
    r.query?.group_id !== undefined
      ? [Number(r.query.group_id)]
      : Object.keys((r.json ?? {}) as object).map(Number),
  );

const groupsAt: StateReader = (c, r) => groupsAndUsers(c, idsOf(r));

export const groupKinds = {
  'groups.add': { route: 'POST /groups', read: groupsAt },
  'groups.modify': { route: 'PUT /groups', read: groupsAt },
  'groups.remove': { route: 'DELETE /groups', read: groupsAt },
  'groups.removeAll': { route: 'DELETE /groups/all', read: (c) => groupsAndUsers(c, 'any') },
} satisfies KindTable;

const operation = kinded(groupKinds);

export const groupOps = {
  /** POST /groups: the device deletes every rule that uses a group being (re)added. */
  add: (group: GroupInput | GroupInput[]) =>
    operation(
      'groups.add',
      { method: 'POST', path: '/groups', json: groupBody(group) },
      (c) => c.groups.add(group),
      GROUPS,
    ),
  /** PUT /groups, matched by group ID; no rule is deleted. */
  modify: (group: GroupInput | GroupInput[]) =>
    operation(
      'groups.modify',
      { method: 'PUT', path: '/groups', json: groupBody(group) },
      (c) => c.groups.modify(group),
      GROUPS,
    ),
  remove: (groupId: number) =>
    operation(
      'groups.remove',
      { method: 'DELETE', path: '/groups', query: { group_id: groupId } },
      (c) => c.groups.remove(groupId),
      GROUPS,
    ),
  /** DELETE /groups/all; the device also deletes every rule that outputs to a group. */
  removeAll: () =>
    operation(
      'groups.removeAll',
      { method: 'DELETE', path: '/groups/all' },
      (c) => c.groups.removeAll(),
      GROUPS,
    ),
};
