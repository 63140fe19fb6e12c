/**
 * The bucket editor of the Groups screen (a/e): the open form, its analysis and the traffic
 * impact of its PUT (the rules using the group follow its new buckets), apply (the
 * confirmation with the rules it deletes and the traffic it moves; success closes the editor,
 * a refusal goes back to it as typed) and the keys it reads while open.
 */

import { useMemo } from 'react';
import type { Group } from '../../model/index.js';
import { applyBlocked, editorStep, warningLines } from '../../widgets/forms/editor-form.js';
import { useDialogKeys } from '../dialog-keys.js';
import { confirmForm, type EditSession } from '../rules/edit-session.js';
import { type GroupForm, groupKey, newGroupForm, refusalTarget } from './editor-state.js';
import { analyzeGroup, impactLines, planGroup } from './model.js';
import { groupEditorImpact } from './traffic-impact.js';

export function useGroupEditor(
  s: EditSession<GroupForm>,
  groups: readonly Group[],
  notify: (message: string) => void,
) {
  const { device, formRef, form, traffic, prediction } = s;
  // what each key does in the editor: the keymap's editor layer, through the frame
  const commands = useDialogKeys();
  const analysis = useMemo(
    () => (form ? analyzeGroup(form, device, groups) : null),
    [form, device, groups],
  );
  const impact = useMemo(
    () => (analysis ? groupEditorImpact(analysis, traffic) : null),
    [analysis, traffic],
  );

  /** `a`: a new group, numbered after the highest; `e`: the group given. */
  const open = (group: Group | null) => {
    if (group) return formRef.set(newGroupForm('edit', group));
    const next = Math.max(0, ...groups.map((g) => g.group_id)) + 1;
    formRef.set(newGroupForm('add', null, next));
  };

  const apply = (fm: GroupForm) => {
    const a = analyzeGroup(fm, device, groups);
    if (applyBlocked(fm, a, formRef.set, notify)) return;
    const build = (save: boolean) => planGroup(a, save, new Date())!;
    const t = fm === form ? impact : groupEditorImpact(a, traffic);
    const lines = [
      ...warningLines(a.issues),
      ...impactLines(a.impact),
      ...(t?.warnings ?? []).map((w) => `! ${w}`),
      ...(t ? [t.summary] : []),
    ];
    confirmForm(s, fm, build(fm.saveFirst), build, lines, refusalTarget, () => {
      if (t && t.impact.ports.length > 0) prediction.expect(`group ${fm.id.text}`, t);
    });
  };

  /** A key for the open editor; false when none is open. */
  const key = (k: string): boolean => {
    const fm = formRef.current();
    if (!fm) return false;
    const a = fm === form && analysis ? analysis : analyzeGroup(fm, device, groups);
    return editorStep(
      formRef,
      k,
      () => groupKey(fm, k, device.env, a.exists, commands),
      notify,
      apply,
    );
  };

  return { form, analysis, impact, open, key };
}
