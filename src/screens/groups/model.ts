/**
 * Groups and the rules that use them: which rules send to which group, the editor's
 * validation, and the impact of each call — POST /groups on an existing group and
 * DELETE /groups/all make the device delete every rule that uses those groups.
 */
import type { Group, Rule } from '../../model/index.js';
import {
  type GroupInput,
  groupOps,
  type Operation,
  type Plan,
  savepointStep,
} from '../../ops/index.js';
import { groupIssues, groupUsage, MAX_GROUP_ID, rulesUsingGroups } from '../../tcam/index.js';
import type { DeviceView, FormIssue } from '../rules/analysis.js';
import { describeMatch } from '../rules/apply.js';
import { bucketActions, type GroupForm, TYPE_WORDS } from './editor-state.js';

/** Group id → the rules whose actions send to it. */
export const usageIndex = (rules: readonly Rule[]): Map<number, Rule[]> => groupUsage(rules);

export const rulesUsing = (rules: readonly Rule[], ids: ReadonlySet<number>): Rule[] =>
  rulesUsingGroups(rules, ids);

export const ruleLine = (r: Rule) =>
  `'${r.name || '(no name)'}' prio ${r.priority}: ${describeMatch(r.match)} → ${r.actions.join(',')}`;

/** The impact list shown before a call that deletes rules. */
export function impactLines(doomed: readonly Rule[], max = 8): string[] {
  if (doomed.length === 0) return [];
  const shown = doomed.slice(0, max).map((r) => `  ✖ ${ruleLine(r)}`);
  return [
    `The device will DELETE ${doomed.length === 1 ? 'this rule' : `these ${doomed.length} rules`}:`,
    ...shown,
    ...(doomed.length > max ? [`  … and ${doomed.length - max} more`] : []),
  ];
}

export interface GroupAnalysis {
  id: number | null;
  input: GroupInput | null;
  exists: boolean;
  call: 'POST' | 'PUT';
  /** Rules the device deletes when this call is made. */
  impact: Rule[];
  issues: FormIssue[];
  blocked: string | null;
}

const MAX_ID = MAX_GROUP_ID;

export function analyzeGroup(
  form: GroupForm,
  device: DeviceView,
  groups: readonly Group[],
): GroupAnalysis {
  const issues: FormIssue[] = [];
  const err = (message: string, target?: string) =>
    issues.push({ severity: 'error', message, ...(target ? { target } : {}) });
  const idText = form.id.text.trim();
  const id = /^\d{1,10}$/.test(idText) && Number(idText) <= MAX_ID ? Number(idText) : null;
  if (id === null) err(`group id must be an integer 0..${MAX_ID}, got '${form.id.text}'`, 'id');
  const existing = id === null ? undefined : groups.find((g) => g.group_id === id);
  const exists = existing !== undefined;
  const call = exists ? (form.call ?? (form.mode === 'edit' ? 'PUT' : 'POST')) : 'POST';
  const users = id === null ? [] : rulesUsing(device.rules, new Set([id]));
  const impact = exists && call === 'POST' ? users : [];

  const body = {
    type: form.type,
    description: form.description.text,
    buckets: form.buckets.map((b) => ({ watch_port: b.watch.text, actions: bucketActions(b) })),
  };
  for (const i of groupIssues(body, device.ctx)) {
    const b = i.bucket === undefined ? undefined : form.buckets[i.bucket];
    const target = b
      ? `b${b.id}.${i.part === 'watch' ? 'w' : 'a'}`
      : i.part === 'buckets'
        ? 'addBucket'
        : 'description';
    const hint = i.message.endsWith('needs a watch port') ? ' (←/→ picks one)' : '';
    issues.push({ severity: i.severity, target, message: i.message + hint });
  }
  if (form.mode === 'edit' && form.original && !exists)
    issues.push({
      severity: 'warning',
      message: `group ${form.original.group_id} is no longer on the device: POST adds it again`,
    });
  if (form.mode === 'add' && exists && call === 'POST')
    issues.push({
      severity: 'warning',
      target: 'call',
      message: `group ${id} exists: POST replaces it and the device deletes the ${users.length} ${users.length === 1 ? 'rule' : 'rules'} using it — choose PUT to keep them`,
    });
  if (exists && call === 'PUT' && users.length > 0)
    issues.push({
      severity: 'info',
      target: 'call',
      message: `PUT modifies group ${id} in place: the ${users.length} ${users.length === 1 ? 'rule' : 'rules'} using it stay`,
    });

  const input: GroupInput | null =
    id === null
      ? null
      : {
          group_id: id,
          type: form.type,
          description: form.description.text,
          buckets: form.buckets.map((b) => ({
            watch_port: b.watch.text.trim(),
            actions: bucketActions(b),
          })),
        };
  const errors = issues.filter((i) => i.severity === 'error').length;
  let blocked: string | null =
    errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'} to fix first` : null;
  if (!blocked && existing && input && call === 'PUT' && sameGroup(existing, input))
    blocked = 'nothing changed';
  return { id, input, exists, call, impact, issues, blocked };
}

function sameGroup(g: Group, i: GroupInput): boolean {
  return (
    g.type === i.type &&
    g.description === (i.description ?? '') &&
    g.buckets.length === i.buckets.length &&
    g.buckets.every(
      (b, n) =>
        b.watch_port === i.buckets[n]!.watch_port &&
        b.actions.join(',') === i.buckets[n]!.actions.join(','),
    )
  );
}

const describeGroup = (g: GroupInput) =>
  `group ${g.group_id} (${TYPE_WORDS[g.type]}, ${g.buckets.length} ${g.buckets.length === 1 ? 'bucket' : 'buckets'})`;

export function planGroup(a: GroupAnalysis, saveFirst: boolean, now: Date): Plan | null {
  if (a.blocked !== null || !a.input) return null;
  const steps: Operation[] = saveFirst ? [savepointStep('group-change', now)] : [];
  const notes: string[] = [];
  if (a.call === 'PUT') {
    steps.push(groupOps.modify(a.input));
    notes.push(`PUT modifies ${describeGroup(a.input)} in place; no rule is deleted`);
  } else {
    steps.push(groupOps.add(a.input));
    notes.push(
      a.exists
        ? `POST replaces ${describeGroup(a.input)}; the device deletes every rule that uses it`
        : `POST adds ${describeGroup(a.input)}; no rule uses it yet, none is deleted`,
    );
  }
  const n = a.impact.length;
  return {
    title: a.call === 'PUT' ? 'Modify group' : a.exists ? 'Replace group' : 'Add group',
    steps,
    notes,
    ...(n > 0 ? { expectGone: a.impact } : {}),
    confirmWord: n > 0 ? String(n) : '',
  };
}

/** DELETE /groups of a group no rule uses (the device refuses one in use: groupDeleteRefusal). */
export function planGroupDelete(group: Group, saveFirst: boolean, now: Date): Plan {
  return {
    title: 'Delete group',
    steps: [
      ...(saveFirst ? [savepointStep('delete-group', now)] : []),
      groupOps.remove(group.group_id),
    ],
    notes: [`deletes group ${group.group_id} (${TYPE_WORDS[group.type]}); no rule uses it`],
    confirmWord: '',
  };
}

export function planGroupDeleteAll(
  groups: readonly Group[],
  rules: readonly Rule[],
  saveFirst: boolean,
  now: Date,
): Plan {
  const doomed = rulesUsing(rules, new Set(groups.map((g) => g.group_id)));
  return {
    title: 'Delete ALL groups',
    steps: [...(saveFirst ? [savepointStep('delete-all-groups', now)] : []), groupOps.removeAll()],
    notes: [
      `deletes all ${groups.length} groups and the ${doomed.length} ${doomed.length === 1 ? 'rule' : 'rules'} that use them`,
      saveFirst
        ? 'a rule save-point (rules and groups) is taken first'
        : 'no save-point is taken: they cannot be restored from the device',
    ],
    ...(doomed.length > 0 ? { expectGone: doomed } : {}),
    confirmWord: 'delete',
  };
}
