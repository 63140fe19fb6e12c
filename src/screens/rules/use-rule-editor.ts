/**
 * The rule editor of the Rules screen (a/e/c): the open form, its analysis and traffic
 * impact (computed once per form and device), apply (the confirmation with the TCAM and
 * traffic warnings; success closes the editor, a refusal goes back to it as typed) and the
 * keys it reads while open.
 */

import { useMemo, useRef } from 'react';
import type { Rule } from '../../model/index.js';
import { useConsole } from '../../store/react.js';
import { sameKey } from '../../tcam/index.js';
import { applyBlocked, editorStep, warningLines } from '../../widgets/forms/editor-form.js';
import { useDialogKeys } from '../dialog-keys.js';
import { analyze } from './analysis.js';
import { planRule } from './apply.js';
import { confirmForm, type EditSession } from './edit-session.js';
import {
  type EditorMode,
  editorKey,
  newRuleForm,
  type RuleForm,
  refusalTarget,
} from './editor-state.js';
import { editorImpact, impactLines } from './impact.js';
import { reloadedForm } from './reload.js';

/** One line: why a malformed rule (see RuleKey.malformed) is not edited or deleted. */
export const malformedRefusal = (rule: Rule, what: string) =>
  `cannot ${what} '${rule.name || '(no name)'}': malformed (${rule.malformed}) — the device did not say exactly which rule it is, so pbc sends nothing for it`;

export function useRuleEditor(s: EditSession<RuleForm>, notify: (message: string) => void) {
  const { device, formRef, form, traffic, prediction } = s;
  const { store } = useConsole();
  /** The rule table the console holds now (refreshed after a refused write). */
  const heldRules = () => store.getState().resources.rules.data?.rules;
  // what each key does in the editor: the keymap's editor layer, through the frame
  const commands = useDialogKeys();
  const analysis = useMemo(() => (form ? analyze(form, device) : null), [form, device]);
  const impact = useMemo(
    () => (analysis ? editorImpact(analysis, traffic) : null),
    [analysis, traffic],
  );

  // the rules the editor was opened on: the base of its write, until the operator reloads
  const seen = useRef<readonly Rule[]>([]);
  const reload = () => {
    const held = heldRules();
    if (!held) return;
    seen.current = held;
    const f = formRef.current();
    const key = f?.original;
    if (f && key)
      formRef.set(
        reloadedForm(
          f,
          held.find((r) => sameKey(r, key)),
        ),
      );
  };

  const open = (mode: EditorMode, rule: Rule | null) => {
    if (mode !== 'add' && !rule) return notify('no rule selected');
    if (mode === 'edit' && rule?.malformed) return notify(malformedRefusal(rule, 'edit'));
    seen.current = device.rules;
    formRef.set(newRuleForm(mode, rule));
    prediction.clear();
  };

  const apply = (f: RuleForm) => {
    const a = analyze(f, device);
    if (applyBlocked(f, a, formRef.set, notify)) return;
    const build = (saveFirst: boolean) => planRule({ ...f, saveFirst }, a, device, new Date());
    const plan = build(f.saveFirst);
    if (!plan) return;
    const traffic1 = f === form ? impact : editorImpact(a, traffic);
    const lines = [
      ...warningLines(a.issues),
      ...(traffic1?.warnings ?? []).map((w) => `! ${w}`),
      ...impactLines(traffic1),
    ];
    confirmForm(
      s,
      f,
      plan,
      (save) => build(save)!,
      lines,
      refusalTarget,
      () => prediction.expect(`'${f.name.text || '(no name)'}'`, traffic1),
      { seen: seen.current, onReload: reload },
    );
  };

  /** A key for the open editor; false when none is open. */
  const key = (k: string): boolean => {
    const f = formRef.current();
    if (!f) return false;
    const a = f === form && analysis ? analysis : analyze(f, device);
    const ctx = {
      commands,
      env: device.env,
      fixes: a.fixes,
      overrideShown: a.tcam.level === 'over',
    };
    return editorStep(formRef, k, () => editorKey(f, k, ctx), notify, apply);
  };

  return { form, analysis, impact, open, key };
}
