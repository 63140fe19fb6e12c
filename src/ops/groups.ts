/**
 * Group writes: POST/PUT/DELETE /groups and DELETE /groups/all. The body is the api's own
 * `groupBody`. Adding an existing group or deleting all groups makes the device delete the
 * rules that use them, so every group write also affects the rule list.
 */
import { type GroupInput, groupBody } from '../api/index.js';
import { operation } from './operation.js';

export type { GroupInput } from '../api/index.js';

const GROUPS = ['groups', 'rules', 'flows'] as const;

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
