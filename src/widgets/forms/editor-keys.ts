/**
 * The keys every editor form (rules, groups) handles alike: the focus kept on a target
 * that is still there, Esc / Ctrl-S, ↓ / ↑ / ⇧Tab, Tab completing the focused field,
 * Enter or Space on the Apply and Cancel buttons, and text editing in the focused field.
 * Each editor's own keys (add and remove rows, pickers) stay in its reducer.
 */
import { complete, editText, moveFocus, type TextField, textField } from './field.js';

export type FormEvent = 'none' | 'apply' | 'cancel';

export interface FormStep<S> {
  state: S;
  event: FormEvent;
}

/** How a reducer reaches the text fields of its form. */
export interface FormFields<S> {
  fieldAt(s: S, target: string): TextField | null;
  setField(s: S, target: string, f: TextField): S;
  /** What Tab can complete in the focused field. */
  completions(s: S): readonly string[];
}

/** `s` with its focus on one of `targets`: its own when still there, else the first. */
export function onTarget<S extends { focus: string }>(s: S, targets: readonly string[]): S {
  const focus = targets.includes(s.focus) ? s.focus : targets[0]!;
  return focus === s.focus ? s : { ...s, focus };
}

export const step = <S>(state: S, event: FormEvent = 'none'): FormStep<S> => ({ state, event });

/** The form with the focus `delta` targets on. */
export const moveStep = <S extends { focus: string }>(
  st: S,
  targets: readonly string[],
  delta: number,
): FormStep<S> => step({ ...st, focus: moveFocus(targets, st.focus, delta) });

/**
 * Esc cancels, Ctrl-S applies, ↓ moves on, ↑ and ⇧Tab back, Tab completes the focused
 * field (or moves on when nothing completes); null for any other key. `st` has its focus
 * on a target (see onTarget).
 */
export function commonKey<S extends { focus: string }>(
  st: S,
  key: string,
  targets: readonly string[],
  fields: FormFields<S>,
): FormStep<S> | null {
  switch (key) {
    case 'escape':
      return step(st, 'cancel');
    case 'ctrl+s':
      return step(st, 'apply');
    case 'down':
      return moveStep(st, targets, 1);
    case 'up':
    case 'shift+tab':
      return moveStep(st, targets, -1);
    case 'tab': {
      const f = fields.fieldAt(st, st.focus);
      const text = f ? complete(f.text, fields.completions(st)) : null;
      return text !== null
        ? step(fields.setField(st, st.focus, textField(text)))
        : moveStep(st, targets, 1);
    }
  }
  return null;
}

/** On the Apply or Cancel button: Enter or Space presses it, other keys do nothing; else null. */
export function buttonKey<S extends { focus: string }>(st: S, key: string): FormStep<S> | null {
  const activate = key === 'enter' || key === ' ';
  if (st.focus === 'apply') return step(st, activate ? 'apply' : 'none');
  if (st.focus === 'cancel') return step(st, activate ? 'cancel' : 'none');
  return null;
}

/** Enter moves on; any other key edits the focused text field (or does nothing). */
export function textKey<S extends { focus: string }>(
  st: S,
  key: string,
  targets: readonly string[],
  fields: FormFields<S>,
): FormStep<S> {
  if (key === 'enter') return moveStep(st, targets, 1);
  const f = fields.fieldAt(st, st.focus);
  const edited = f ? editText(f, key) : null;
  return step(edited ? fields.setField(st, st.focus, edited) : st);
}
