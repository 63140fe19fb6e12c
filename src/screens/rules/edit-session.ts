/**
 * What a screen with an editor (Rules, Groups) holds around it: the device as the editor
 * sees it, who may write, the confirmation, the editor's form, the traffic view its impact is
 * computed from and the predicted-vs-measured check after apply. Written once for both.
 */

import type { Plan } from '../../ops/index.js';
import { usePortRates } from '../../store/react.js';
import {
  DISCARD_QUESTION,
  type FormRef,
  keepRefused,
  rebuildFromForm,
  useFormRef,
  withRefusal,
} from '../../widgets/forms/editor-form.js';
import { type DeviceView, useDeviceView, useWriteRefusal } from '../device-view.js';
import { type TrafficView, useTrafficView } from '../traffic-view.js';
import { type ChangeOptions, useChange } from '../use-change.js';
import { type PredictionCheck, usePredictionCheck } from './impact-check.js';

export interface EditSession<F> {
  device: DeviceView;
  /** Why this console may not write (--readonly, the account's level), else null. */
  refused: string | null;
  change: ReturnType<typeof useChange>;
  formRef: FormRef<F>;
  /** The form open now, else null. */
  form: F | null;
  traffic: TrafficView;
  prediction: PredictionCheck;
}

export function useEditSession<F>(notify: (message: string) => void): EditSession<F> {
  const device = useDeviceView();
  const refused = useWriteRefusal();
  const change = useChange(refused, notify);
  const formRef = useFormRef<F>();
  // the traffic impact beside the editor's preview, and predicted vs measured after apply
  const traffic = useTrafficView(usePortRates());
  const prediction = usePredictionCheck(traffic, notify);
  return { device, refused, change, formRef, form: formRef.current(), traffic, prediction };
}

/**
 * An editor's Apply, the same for rules and groups: the confirmation of `build`'s plan with
 * the impact lines; "save first" toggled there follows into the form; success closes the
 * editor (then `onApplied`), a refusal goes back to it, as typed, its field focused.
 */
export function confirmForm<F extends { saveFirst: boolean; focus: string }>(
  s: EditSession<F>,
  f: F,
  /** The plan shown first, built for the form's own "save first". */
  plan: Plan,
  build: (saveFirst: boolean) => Plan,
  impact: string[],
  refusalTarget: (f: F, message: string) => string | undefined,
  onApplied: () => void,
  /** What the editor was opened on and how to reload it (the base, issue 31). */
  base: Pick<ChangeOptions, 'seen' | 'onReload'> = {},
): void {
  s.change.open(plan, {
    ...base,
    saveFirst: f.saveFirst,
    rebuild: rebuildFromForm(s.formRef, build),
    impact,
    onCancel: () => undefined,
    onClose: (result) => {
      if (result?.ok) {
        s.formRef.set(null);
        onApplied();
      } else if (result) keepRefused(s.formRef, result.lines, refusalTarget);
    },
  });
}

/** The props both editors' views take from the session: the refusal shown, the discard question. */
export function editorViewProps<A extends { issues: readonly unknown[] }>(
  s: EditSession<unknown>,
  analysis: A,
) {
  return {
    analysis: withRefusal(analysis, s.formRef.refusal()),
    ...(s.formRef.asking() ? { question: DISCARD_QUESTION } : {}),
    refused: s.refused,
  };
}

/**
 * What both editors' views take from their screen but the size (the form, its checks with the
 * refusal and the discard question, its completions and traffic impact); null while closed.
 */
export function editorProps<F, A extends { issues: readonly unknown[] }, T>(
  s: EditSession<unknown>,
  editor: { form: F | null | undefined; analysis: A | null | undefined; impact: T },
  completions: (form: F) => string[],
) {
  const { form, analysis, impact } = editor;
  if (!form || !analysis) return null;
  return { form, ...editorViewProps(s, analysis), completions: completions(form), traffic: impact };
}
