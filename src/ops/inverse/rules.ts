/** Undo of rule writes: add ↔ delete or modify back, delete ↔ add again. */
import { type RuleState, type ruleKinds, ruleOps } from '../rules.js';
import { type InverseTable, never, ruleInput, steps } from './common.js';

const modifyBack = (before: RuleState[]) => steps(before.map((r) => ruleOps.modify(ruleInput(r))));
const addBack = (before: RuleState[]) => steps(before.map((r) => ruleOps.add(ruleInput(r))));

export const ruleInverses: InverseTable<keyof typeof ruleKinds> = {
  // a rule that was there is modified back; a new one is deleted
  'rules.add': ({ before, after }) =>
    before.length > 0
      ? modifyBack(before)
      : steps(
          ((after ?? []) as RuleState[]).map((r) =>
            ruleOps.remove({ priority: r.priority, match: r.match }),
          ),
        ),
  'rules.modify': ({ before }) => modifyBack(before),
  'rules.remove': ({ before }) => addBack(before),
  'rules.removeAll': ({ before }) => addBack(before),
  'rules.resetCounters': never('reset counters cannot be put back'),
};
