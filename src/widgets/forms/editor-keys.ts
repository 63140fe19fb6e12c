/**
 * The keys every editor form (rules, groups) handles alike: the focus kept on a target
 * that is still there, cancel / apply, next / previous field, completing the focused field,
 * Enter or Space on the Apply and Cancel buttons, and text editing in the focused field.
 * Each editor's own commands (remove rows, move actions, pickers) stay in its reducer.
 *
 * Which key does what is the keymap's editor layer (`within: 'editor'` bindings of
 * src/tui/keymap.ts): the frame resolves each key there (src/tui/dispatch.ts `dialogCommand`)
 * and hands the screens the resolver (`ScreenProps.keys.command`, and the same function as the
 * dialogs' context, src/screens/dialog-keys.ts), so a key changed in the
 * table changes what the editor does. Keys the layer does not bind are text.
 */
import { complete, editText, moveFocus, type TextField, textField } from './field.js';

export type FormEvent = 'none' | 'apply' | 'cancel';

/**
 * The editor layer of the keymap, as an editor reads it: the command a key is bound to
 * (`rules.editor.apply`), undefined for a key it leaves to the text.
 */
export type EditorCommands = (key: string) => string | undefined;

/** What a key does in an editor: its command without the `<screen>.editor.` prefix ('apply'). */
export function editorVerb(commands: EditorCommands, key: string): string | undefined {
  const command = commands(key);
  return command === undefined ? undefined : /^[a-z]+\.editor\.(.+)$/.exec(command)?.[1];
}

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

/** The commands every editor handles (commonKey), as `<screen>.editor.<verb>` in the keymap. */
export const COMMON_VERBS = ['apply', 'cancel', 'next', 'prev', 'complete'] as const;

/**
 * The editor verbs every editor has: `cancel` (Esc), `apply` (Ctrl-S), `next` (↓), `prev`
 * (↑, ⇧Tab), `complete` (Tab: completes the focused field, or moves on when nothing
 * completes); null for any other. `st` has its focus on a target (see onTarget).
 */
export function commonKey<S extends { focus: string }>(
  st: S,
  verb: string | undefined,
  targets: readonly string[],
  fields: FormFields<S>,
): FormStep<S> | null {
  switch (verb) {
    case 'cancel':
      return step(st, 'cancel');
    case 'apply':
      return step(st, 'apply');
    case 'next':
      return moveStep(st, targets, 1);
    case 'prev':
      return moveStep(st, targets, -1);
    case 'complete': {
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
