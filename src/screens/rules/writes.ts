/**
 * The Rules screen's list writes — d delete (with the traffic that falls to other rules),
 * D delete all (save first offered), z reset counters — each behind the confirmation.
 */
import type { Rule } from '../../model/index.js';
import { planDelete, planDeleteAll, planResetCounters } from './apply.js';
import type { EditSession } from './edit-session.js';
import type { RuleForm } from './editor-state.js';
import { deleteImpact, impactLines } from './impact.js';
import { malformedRefusal } from './use-rule-editor.js';

export interface RuleWriteContext {
  session: EditSession<RuleForm>;
  rules: readonly Rule[];
  selected(): Rule | undefined;
  /** After a delete: the detail (of a rule now gone) closes. */
  closeDetail(): void;
  notify(message: string): void;
}

export function ruleWrites({ session, rules, selected, closeDetail, notify }: RuleWriteContext) {
  const { change, traffic, prediction } = session;
  return {
    'rules.delete': () => {
      const rule = selected();
      change.write('delete', () => {
        if (!rule) return notify('no rule selected');
        if (rule.malformed) return notify(malformedRefusal(rule, 'delete'));
        const falls = deleteImpact(rule, traffic);
        change.open(planDelete(rule, false, new Date()), {
          saveFirst: false,
          rebuild: (save) => planDelete(rule, save, new Date()),
          impact: [...(falls?.warnings ?? []).map((w) => `! ${w}`), ...impactLines(falls)],
          onClose: (r) => {
            if (!r?.ok) return;
            closeDetail();
            prediction.expect(`deleting '${rule.name || '(no name)'}'`, falls);
          },
        });
      });
    },
    'rules.deleteAll': () =>
      change.write('delete all', () => {
        if (rules.length === 0) return notify('there are no rules to delete');
        change.open(planDeleteAll(rules, true, new Date()), {
          saveFirst: true,
          rebuild: (save) => planDeleteAll(rules, save, new Date()),
          onClose: (r) => r?.ok && closeDetail(),
        });
      }),
    'rules.counters': () =>
      change.write('reset counters', () => change.open(planResetCounters(rules.length))),
  };
}
