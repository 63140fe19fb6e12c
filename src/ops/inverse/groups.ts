/** Undo of group writes: the groups as they were, and the rules the device deleted with them. */
import { type groupKinds, groupOps } from '../groups.js';
import { type RuleState, ruleOps } from '../rules.js';
import { groupInput, type InverseTable, type Json, ruleInput, steps } from './common.js';

/** The groups and rules of `b` added again (a group replace or delete also deleted rules). */
export function groupsAndRulesBack(b: Json) {
  return [
    ...(b.groups.length > 0 ? [groupOps.add(b.groups.map(groupInput))] : []),
    ...(b.rules as RuleState[]).map((r) => ruleOps.add(ruleInput(r))),
  ];
}

export const groupInverses: InverseTable<keyof typeof groupKinds> = {
  'groups.add': ({ params, before: b }) => {
    const existed = new Set((b.groups as Json[]).map((g) => Number(g.group_id)));
    const added = Object.keys(params)
      .map(Number)
      .filter((id) => !existed.has(id));
    return steps(
      [...added.map((id) => groupOps.remove(id)), ...groupsAndRulesBack(b)],
      ...(b.rules.length > 0
        ? [`the ${b.rules.length} rules the device deleted with the group are added again`]
        : []),
    );
  },
  'groups.modify': ({ before: b }) =>
    steps(b.groups.length > 0 ? [groupOps.modify(b.groups.map(groupInput))] : []),
  'groups.remove': ({ before }) => steps(groupsAndRulesBack(before)),
  'groups.removeAll': ({ before }) => steps(groupsAndRulesBack(before)),
};
