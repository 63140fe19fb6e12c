/**
 * What a list screen with an editor overlay (rules, groups) does alike: the open form
 * kept in a ref (so keys that come before a render see each other's changes), the editor's
 * key results, and an Apply the analysis blocks. Keys read together reach the screen one at
 * a time already (src/tui/key-queue.ts).
 */
import { useRef, useState } from 'react';
import type { FormStep } from './editor-keys.js';

export interface FormRef<F> {
  /** The form as the last key left it (null: no editor open). */
  current(): F | null;
  /** Sets the form and re-renders. */
  set(f: F | null): void;
}

export function useFormRef<F>(): FormRef<F> {
  const [, rerender] = useState(0);
  const ref = useRef<F | null>(null);
  return {
    current: () => ref.current,
    set: (f) => {
      ref.current = f;
      rerender((n) => n + 1);
    },
  };
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

/** An editor key's result: cancel closes the editor, apply applies the new form. */
export function editorStep<F>(
  { state, event }: FormStep<F>,
  setForm: (f: F | null) => void,
  notify: (message: string) => void,
  apply: (f: F) => void,
): true {
  if (event === 'cancel') {
    setForm(null);
    notify('editor closed, nothing was sent');
  } else {
    setForm(state);
    if (event === 'apply') apply(state);
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
