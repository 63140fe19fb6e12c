/**
 * What a list screen with an editor overlay (rules, groups) does alike: the open form
 * kept in a ref (so keys that come before a render see each other's changes), the editor's
 * key results, and an Apply the analysis blocks. Keys read together reach the screen one at
 * a time already (src/tui/key-queue.ts).
 */
import { useLive } from '../use-live.js';
import { DISCARD_LINE, DISCARD_QUESTION, discardGate } from './discard.js';
import type { FormStep } from './form-engine.js';

/** The device's refusal of the last Apply, shown in the editor at the field it names. */
export interface Refusal {
  target?: string;
  message: string;
}

export interface FormRef<F> {
  /** The form as the last key left it (null: no editor open). */
  current(): F | null;
  /** Sets the form and re-renders; null closes the editor. */
  set(f: F | null): void;
  /** Whether what is typed differs from what the editor opened with (focus and cursor aside). */
  dirty(): boolean;
  /** Esc was pressed with changes: the editor asks "discard changes? y/n". */
  asking(): boolean;
  setAsking(on: boolean): void;
  refusal(): Refusal | null;
  setRefusal(r: Refusal | null): void;
}

/** What the form holds, without where the focus and the cursors are. */
const snapshot = (f: unknown) =>
  JSON.stringify(f, (k, v) =>
    k === 'focus' || k === 'cursor' || k === 'original'
      ? undefined
      : typeof v === 'bigint'
        ? v.toString()
        : v,
  );

interface Held<F> {
  form: F | null;
  initial: string;
  asking: boolean;
  refusal: Refusal | null;
}

export function useFormRef<F>(): FormRef<F> {
  const [, setHeld, live] = useLive<Held<F>>({
    form: null,
    initial: '',
    asking: false,
    refusal: null,
  });
  const update = (next: Partial<Held<F>>) => setHeld({ ...live.current, ...next });
  return {
    current: () => live.current.form,
    set: (f) => {
      if (f === null) update({ form: null, initial: '', asking: false, refusal: null });
      else if (live.current.form === null) update({ form: f, initial: snapshot(f) });
      else update({ form: f });
    },
    dirty: () => live.current.form !== null && snapshot(live.current.form) !== live.current.initial,
    asking: () => live.current.asking,
    setAsking: (asking) => update({ asking }),
    refusal: () => live.current.refusal,
    setRefusal: (refusal) => update({ refusal }),
  };
}

export { DISCARD_QUESTION };

/** The refusal as the first of the editor's issues, at its field. */
export function withRefusal<A extends { issues: readonly unknown[] }>(a: A, r: Refusal | null): A {
  if (!r) return a;
  const issue = {
    severity: 'error',
    message: r.message,
    ...(r.target ? { target: r.target } : {}),
  };
  return { ...a, issues: [issue, ...a.issues] };
}

/**
 * After a failed Apply: the editor stays open as typed, the device's words (the failed
 * step's line) as its first issue, the focus on the field `targetOf` finds named in them.
 */
export function keepRefused<F extends { focus: string }>(
  form: FormRef<F>,
  lines: readonly string[],
  targetOf: (f: F, message: string) => string | undefined,
): void {
  const f = form.current();
  if (!f) return;
  const failed = lines.find((l) => l.includes('FAILED')) ?? lines[lines.length - 1] ?? 'refused';
  // the device's own words, without the request line before them
  const words = failed.replace(/^.*?FAILED:\s*/, '').replace(/^[A-Z]+ \S+ failed:\s*/, '');
  const message = `device refused: ${words}`;
  const target = targetOf(f, words);
  if (target) form.set({ ...f, focus: target });
  form.setRefusal({ message, ...(target ? { target } : {}) });
}

/**
 * A change plan's `rebuild` for an editor's Apply: toggling "save first" in the
 * confirmation also updates the open form, so going back to the editor keeps the choice.
 */
export function rebuildFromForm<F extends { saveFirst: boolean }, P>(
  form: FormRef<F>,
  build: (saveFirst: boolean) => P,
): (saveFirst: boolean) => P {
  return (saveFirst) => {
    const current = form.current();
    if (current) form.set({ ...current, saveFirst });
    return build(saveFirst);
  };
}

/**
 * One key in an open editor. While it asks "discard changes? y/n", y closes it and n or Esc
 * goes back; otherwise `reduce` gives the key's result: cancel closes the editor (asking
 * first when something was typed), apply applies the new form.
 */
export function editorStep<F>(
  form: FormRef<F>,
  key: string,
  reduce: () => FormStep<F>,
  notify: (message: string) => void,
  apply: (f: F) => void,
): true {
  const gated = discardGate(form.asking(), key, form.dirty, reduce);
  switch (gated.gate) {
    case 'discard':
      form.set(null);
      notify('editor closed, the changes were discarded; nothing was sent');
      break;
    case 'back':
      form.setAsking(false);
      notify('back to the editor');
      break;
    case 'ask':
      form.setAsking(true);
      notify(DISCARD_LINE);
      break;
    case 'close':
      form.set(null);
      notify('editor closed, nothing was sent');
      break;
    case 'step':
      form.set(gated.step.state);
      if (gated.step.event === 'apply') {
        form.setRefusal(null);
        apply(gated.step.state);
      }
  }
  return true;
}

interface Blockable {
  blocked: string | null;
  issues: readonly { severity: string; target?: string }[];
}

/**
 * The editor's warnings, repeated in the confirmation as `! …` lines: an operator who
 * presses Ctrl-S at once still reads them before anything is sent.
 */
export function warningLines(issues: readonly { severity: string; message: string }[]): string[] {
  return issues.filter((i) => i.severity === 'warning').map((i) => `! ${i.message}`);
}

/**
 * When the analysis blocks applying: the focus moves to the first error's field, the
 * status bar says why, and the result is true.
 */
export function applyBlocked<F extends { focus: string }>(
  f: F,
  a: Blockable,
  setForm: (f: F) => void,
  notify: (message: string) => void,
): boolean {
  if (a.blocked === null) return false;
  const first = a.issues.find((i) => i.severity === 'error' && i.target);
  if (first?.target) setForm({ ...f, focus: first.target });
  notify(`cannot apply yet: ${a.blocked}`);
  return true;
}
