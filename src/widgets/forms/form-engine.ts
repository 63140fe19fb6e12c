/**
 * The console's one form engine: a pure reducer over a form described by its items
 * (`form-items.ts`). One key, already resolved to its command by the keymap's editor layer
 * (`editorVerb`), gives the next state and an event: `cancel`, `apply`, `next`, `prev`,
 * `complete` (Tab: completes the focused field, or moves on when nothing completes),
 * `remove` (the focused row), `moveUp`/`moveDown` (an ordered list's row), `pickPrev`/
 * `pickNext` (a choice, or a field's choices); a form's own verbs (`fix`) are its plug-ins.
 * Enter or Space press a button, tick a checkbox, add a row; any other key edits the focused
 * text (`field.ts`). The rule and group editors are forms of it (`RuleForm`, `GroupForm`),
 * and so is every dialog form (`form-state.ts`).
 */
import { complete, editText, isPrintable, moveFocus, type TextField, textField } from './field.js';
import {
  cellTarget,
  type FocusState,
  type FormItem,
  isShown,
  itemTargets,
  type ListItem,
  type Row,
  rowAt,
  type TextBehaviour,
} from './form-items.js';

export type FormEvent = 'none' | 'apply' | 'cancel';

export interface FormStep<S> {
  state: S;
  event: FormEvent;
}

export interface FormSchema<S> {
  items: readonly FormItem<S>[];
  /** Runs on the state before each key (the rule editor's prefilled priority). */
  prepare?: (s: S, key: string) => S;
  /** The form's own verbs beyond the engine's (the rule editor's `fix`). */
  verbs?: Readonly<Record<string, (s: S) => S>>;
}

export const step = <S>(state: S, event: FormEvent = 'none'): FormStep<S> => ({ state, event });

/** Focus targets in screen order. */
export function formTargets<S>(schema: FormSchema<S>, s: S): string[] {
  return schema.items.filter((i) => isShown(i, s)).flatMap((i) => itemTargets(i, s));
}

interface Located<S> {
  item: FormItem<S>;
  at: ReturnType<typeof rowAt<S>>;
}

function locate<S>(schema: FormSchema<S>, s: S, target: string): Located<S> | null {
  for (const item of schema.items) {
    if (!isShown(item, s)) continue;
    if (item.kind !== 'list') {
      if (item.id === target) return { item, at: null };
    } else if (item.add === target) return { item, at: null };
    else {
      const at = rowAt(item, s, target);
      if (at) return { item, at };
    }
  }
  return null;
}

function fieldOf<S>(found: Located<S> | null, s: S): TextField | null {
  if (found?.item.kind === 'text') return found.item.get(s);
  return found?.at ? found.at.cell.get(found.at.row) : null;
}

function setAt<S>(found: Located<S> | null, s: S, f: TextField): S {
  if (found?.item.kind === 'text') return found.item.set(s, f);
  if (found?.item.kind !== 'list' || !found.at) return s;
  const { item, at } = found;
  return item.setRows(
    s,
    item.rows(s).map((r) => (r.id === at.row.id ? at.cell.set(r, f) : r)),
  );
}

/** The text field a focus target edits, if it is one. */
export const fieldAt = <S>(schema: FormSchema<S>, s: S, target: string): TextField | null =>
  fieldOf(locate(schema, s, target), s);

export const setField = <S>(schema: FormSchema<S>, s: S, target: string, f: TextField): S =>
  setAt(locate(schema, s, target), s, f);

/** `s` with its focus on one of `targets`: its own when still there, else the first. */
export function onTarget<S extends { focus: string }>(s: S, targets: readonly string[]): S {
  if (targets.length === 0 || targets.includes(s.focus)) return s;
  return { ...s, focus: targets[0]! };
}

/** The form with the focus `delta` targets on. */
export const moveStep = <S extends { focus: string }>(
  s: S,
  targets: readonly string[],
  delta: number,
): FormStep<S> => step({ ...s, focus: moveFocus(targets, s.focus, delta) });

/** A list with `row` inserted at `index` (the end when -1), the next id taken. */
export function insertRow<S extends FocusState>(item: ListItem<S>, s: S, row: Row, index = -1): S {
  const rows = [...item.rows(s)];
  rows.splice(index === -1 ? rows.length : index, 0, row);
  return { ...item.setRows(s, rows), nextId: Math.max(s.nextId ?? 1, row.id + 1) };
}

/** The add button: a new last row, the focus on its first cell. */
function addRow<S extends FocusState>(item: ListItem<S>, s: S): S {
  if (item.max !== undefined && item.rows(s).length >= item.max) return s;
  const id = s.nextId ?? 1;
  const next = insertRow(item, s, item.newRow(id));
  return { ...next, focus: cellTarget(item.prefix, id, item.cells[0]!.name) };
}

/** Remove: the focused row goes, the focus to the nearest target that is still there. */
function removeRow<S extends FocusState>(schema: FormSchema<S>, s: S, targets: string[]): S {
  const found = locate(schema, s, s.focus);
  if (found?.item.kind !== 'list' || !found.at) return s;
  const { item, at } = found;
  const next = item.setRows(
    s,
    item.rows(s).filter((r) => r.id !== at.row.id),
  );
  const after = formTargets(schema, next);
  const i = targets.indexOf(s.focus);
  const near = [...targets.slice(i + 1), ...targets.slice(0, i).reverse()];
  return { ...next, focus: near.find((t) => after.includes(t)) ?? item.add };
}

/** An ordered list's focused row swapped with the one `delta` away. */
function moveRow<S extends FocusState>(schema: FormSchema<S>, s: S, delta: number): S {
  const found = locate(schema, s, s.focus);
  if (found?.item.kind !== 'list' || !found.at || !found.item.ordered) return s;
  const rows = [...found.item.rows(s)];
  const i = found.at.index;
  const j = i + delta;
  if (j < 0 || j >= rows.length) return s;
  [rows[i], rows[j]] = [rows[j]!, rows[i]!];
  return found.item.setRows(s, rows);
}

/** `value` stepped `delta` along `options` (wrapping; an unknown value counts as the first). */
export function stepChoice(options: readonly string[], value: string, delta: number): string {
  if (options.length === 0) return value;
  const i = Math.max(0, options.indexOf(value));
  return options[(i + delta + options.length) % options.length]!;
}

function behaviourOf<S>(found: Located<S> | null): TextBehaviour<S> {
  if (found?.item.kind === 'text') return found.item;
  return found?.at?.cell ?? {};
}

function completeStep<S extends FocusState>(
  schema: FormSchema<S>,
  s: S,
  targets: string[],
): FormStep<S> {
  const found = locate(schema, s, s.focus);
  const f = fieldOf(found, s);
  const text = f ? complete(f.text, behaviourOf(found).complete?.(s) ?? []) : null;
  return text !== null ? step(setAt(found, s, textField(text))) : moveStep(s, targets, 1);
}

/** The engine's own verbs; null for a verb it leaves to the focused item. */
function verbStep<S extends FocusState>(
  schema: FormSchema<S>,
  s: S,
  verb: string | undefined,
  targets: string[],
): FormStep<S> | null {
  switch (verb) {
    case 'cancel':
    case 'apply':
      return step(s, verb);
    case 'next':
      return moveStep(s, targets, 1);
    case 'prev':
      return moveStep(s, targets, -1);
    case 'complete':
      return completeStep(schema, s, targets);
    case 'remove':
      return step(removeRow(schema, s, targets));
    case 'moveUp':
    case 'moveDown':
      return step(moveRow(schema, s, verb === 'moveUp' ? -1 : 1));
  }
  const own = verb === undefined ? undefined : schema.verbs?.[verb];
  return own ? step(own(s)) : null;
}

/** A key on a button, checkbox, choice or add button; null on a text field. */
function pressStep<S extends FocusState>(
  found: Located<S> | null,
  s: S,
  key: string,
  delta: number,
  targets: string[],
): FormStep<S> | null {
  const activate = key === 'enter' || key === ' ';
  const item = found?.item;
  switch (item?.kind) {
    case 'button':
      return step(s, activate ? item.id : 'none');
    case 'checkbox':
      return step(activate ? item.set(s, !item.get(s)) : s);
    case 'choice': {
      const d = delta || (key === ' ' ? 1 : 0);
      if (d) return step(item.set(s, stepChoice(item.options, item.get(s), d)));
      if (key !== 'enter') {
        const picked = item.typed && isPrintable(key) ? item.typed(key, item.get(s)) : null;
        return step(picked === null ? s : item.set(s, picked));
      }
      if (item.enter === 'next') return moveStep(s, targets, 1);
      return step(item.set(s, stepChoice(item.options, item.get(s), 1)));
    }
    case 'list':
      return found?.at ? null : step(activate ? addRow(item, s) : s);
  }
  return null;
}

/**
 * One key in a form: `verb` is what the keymap's editor layer binds the key to (without the
 * `<screen>.editor.` prefix), undefined for a key it leaves to the text.
 */
export function formStep<S extends FocusState>(
  schema: FormSchema<S>,
  s: S,
  key: string,
  verb: string | undefined,
): FormStep<S> {
  const targets = formTargets(schema, s);
  const st = schema.prepare ? schema.prepare(onTarget(s, targets), key) : onTarget(s, targets);
  const byVerb = verbStep(schema, st, verb, targets);
  if (byVerb) return byVerb;
  const found = locate(schema, st, st.focus);
  const delta = verb === 'pickPrev' ? -1 : verb === 'pickNext' ? 1 : 0;
  const pressed = pressStep(found, st, key, delta, targets);
  if (pressed) return pressed;
  const f = fieldOf(found, st);
  const choices = delta && f ? behaviourOf(found).choices?.(st) : undefined;
  if (f && choices)
    return step(setAt(found, st, textField(stepChoice(choices, f.text.trim(), delta))));
  const typed = found?.item.kind === 'list' ? found.item.typeIn?.(st, key) : null;
  if (typed) return step(typed);
  if (key === 'enter') return moveStep(st, targets, 1);
  const accept = behaviourOf(found).accept;
  const taken = accept && isPrintable(key) ? accept(key) : key;
  const edited = f && taken !== '' ? editText(f, taken) : null;
  return step(edited ? setAt(found, st, edited) : st);
}
