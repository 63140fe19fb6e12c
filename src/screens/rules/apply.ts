/**
 * What the Rules screen sends: the editor's add / modify / delete + add, and the table's
 * delete, delete-all and counter reset, each as a Plan of operations (src/ops).
 */
import type { Rule, RuleInput } from '../../model/index.js';
import { matchLabel } from '../../model/index.js';
import { type Operation, type Plan, ruleOps, savepointStep } from '../../ops/index.js';
import { exactKey } from '../../tcam/index.js';
import type { Analysis, DeviceView } from './analysis.js';
import type { RuleForm } from './editor-state.js';

/** `in_port=1 tcp tcp_dst=443`, `(match all)` for none: src/model's one match formatter. */
export const describeMatch = matchLabel;

export const ruleLabel = (r: { name: string; priority: number; match: Record<string, string> }) =>
  `'${r.name || '(no name)'}' (priority ${r.priority}, ${describeMatch(r.match)})`;

/** The plan for Apply in the editor; null while the form is blocked. */
export function planRule(form: RuleForm, a: Analysis, device: DeviceView, now: Date): Plan | null {
  if (a.blocked !== null || a.priority === null) return null;
  const input: RuleInput = {
    name: form.name.text,
    description: form.description.text,
    priority: a.priority,
    match: a.match,
    actions: a.actions,
  };
  const steps: Operation[] = [];
  const notes: string[] = [];
  if (form.saveFirst) steps.push(savepointStep(a.intent === 'add' ? 'add-rule' : 'edit-rule', now));
  const first = steps.length;
  let rollback: Plan['rollback'];
  const target = a.target;
  if (a.intent === 'add') {
    steps.push(ruleOps.add(input));
    notes.push(
      `adds ${ruleLabel(input as Rule)} using ${a.tcam.flows} TCAM ${a.tcam.flows === 1 ? 'flow' : 'flows'}`,
    );
  } else if (a.intent === 'modify' && target) {
    // PUT identifies the rule by its match and priority: send the device's own, unchanged
    steps.push(ruleOps.modify({ ...input, ...exactKey(target) }));
    notes.push(`modifies ${ruleLabel(target)}: only name, description and actions can change`);
    if (target.actions.join(',') !== a.actions.join(','))
      notes.push(`actions: ${target.actions.join(',') || '(none)'} → ${a.actions.join(',')}`);
    if (target.name !== input.name) notes.push(`name: '${target.name}' → '${input.name}'`);
    if (target.description !== input.description) notes.push('description changes');
  } else if (a.intent === 'replace' && target) {
    const add = ruleOps.add(input);
    const del = ruleOps.remove(exactKey(target));
    // Adding first leaves no gap in the traffic, but needs room for both for a moment.
    const bothFit = device.used + a.tcam.flows <= device.maximum;
    if (bothFit) {
      steps.push(add, del);
      notes.push(
        'match or priority changed, which PUT cannot do: adds the new rule, then deletes the old one',
      );
    } else {
      steps.push(del, add);
      rollback = {
        after: first,
        step: ruleOps.add({
          name: target.name,
          description: target.description,
          priority: target.priority,
          match: target.match,
          actions: target.actions,
          cookie: target.cookie,
        }),
      };
      notes.push(
        'match or priority changed, which PUT cannot do; both rules do not fit the TCAM at once, so the old rule is deleted first (and re-added if the new one is refused)',
      );
    }
    notes.push('the new rule gets a new cookie and its counters start from 0');
  } else return null;
  return {
    title: a.intent === 'add' ? 'Add rule' : a.intent === 'modify' ? 'Modify rule' : 'Replace rule',
    steps,
    notes,
    ...(rollback ? { rollback } : {}),
    expect: {
      key: {
        priority: a.intent === 'modify' && target ? target.priority : a.priority,
        match: a.intent === 'modify' && target ? target.match : a.match,
      },
      flows: a.tcam.flows,
    },
    confirmWord: '',
  };
}

export function planDelete(rule: Rule, saveFirst: boolean, now: Date): Plan {
  return {
    title: 'Delete rule',
    steps: [
      ...(saveFirst ? [savepointStep('delete-rule', now)] : []),
      ruleOps.remove(exactKey(rule)),
    ],
    notes: [
      `deletes ${ruleLabel(rule)}, ${rule.real_flow_ct} TCAM ${rule.real_flow_ct === 1 ? 'flow' : 'flows'} freed`,
    ],
    confirmWord: '',
  };
}

export function planDeleteAll(rules: readonly Rule[], saveFirst: boolean, now: Date): Plan {
  const flows = rules.reduce((n, r) => n + r.real_flow_ct, 0);
  return {
    title: 'Delete ALL rules',
    steps: [...(saveFirst ? [savepointStep('delete-all', now)] : []), ruleOps.removeAll()],
    notes: [
      `deletes all ${rules.length} rules (${flows} TCAM flows): the device forwards nothing until rules are added again`,
      saveFirst
        ? 'a rule save-point is taken first, so the Save-points screen can restore them'
        : 'no save-point is taken: the rules cannot be restored from the device',
    ],
    confirmWord: 'delete',
  };
}

export function planResetCounters(count: number): Plan {
  return {
    title: 'Reset rule counters',
    steps: [ruleOps.resetCounters()],
    notes: [`sets the packet and byte counters of all ${count} rules to zero`],
    confirmWord: '',
  };
}
