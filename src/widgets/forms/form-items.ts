/**
 * What a form is made of, for the one form engine (`form-engine.ts`): text fields, checkboxes,
 * choices, lists of rows of text cells (match rows, an ordered action list, buckets) and the
 * Apply / Cancel buttons. A form's state is its own record (`RuleForm`, `GroupForm`, a dialog
 * form's values); its items say how the engine reads and changes it, and each item's focus
 * targets (`name`, `m3.f`, `a4`, `addMatch`, `apply`). Behaviours a form adds to a field —
 * what Tab completes, choices ←/→ step through, typing a whole `in_port=1` — are the item's
 * plug-ins; the engine knows no screen.
 */
import type { TextField } from './field.js';

/** What every engine form holds besides its own fields: the focus and the next row id. */
export interface FocusState {
  focus: string;
  /** The id the next added row gets (forms without lists need none). */
  nextId?: number;
}

interface Shown<S> {
  /** The item is on the form (and in the focus order) only when this says so. */
  when?: (s: S) => boolean;
}

/** Plug-ins of a text field (or a list's cell). */
export interface TextBehaviour<S> {
  /** What Tab may complete the text to. */
  complete?: (s: S) => readonly string[];
  /** The values the pick keys (←/→ in the groups editor) step through, '' first. */
  choices?: (s: S) => readonly string[];
  /** What of a typed key the field takes (a number field: its digits); '' takes nothing. */
  accept?: (key: string) => string;
}

export interface TextItem<S> extends Shown<S>, TextBehaviour<S> {
  kind: 'text';
  id: string;
  get(s: S): TextField;
  set(s: S, f: TextField): S;
}

export interface CheckboxItem<S> extends Shown<S> {
  kind: 'checkbox';
  id: string;
  get(s: S): boolean;
  set(s: S, on: boolean): S;
}

/** One of a few words; Space and the pick keys step through them, Enter moves on or steps. */
export interface ChoiceItem<S> extends Shown<S> {
  kind: 'choice';
  id: string;
  options: readonly string[];
  get(s: S): string;
  set(s: S, value: string): S;
  enter: 'next' | 'step';
  /** The option a typed character picks (a select: the next starting with it); null: none. */
  typed?: (key: string, value: string) => string | null;
}

export interface ButtonItem<S> extends Shown<S> {
  kind: 'button';
  id: 'apply' | 'cancel';
}

export interface Row {
  id: number;
}

/** A text cell of a list's rows; `name` '' for a one-cell row (target `a4`, else `m3.f`). */
export interface Cell<S, R extends Row> extends TextBehaviour<S> {
  name: string;
  get(r: R): TextField;
  set(r: R, f: TextField): R;
}

/** Rows of text cells, with an "add" button after them; Remove drops the focused row. */
export interface ListItem<S, R extends Row = Row> extends Shown<S> {
  kind: 'list';
  /** Targets are `<prefix><row id>[.<cell>]`. */
  prefix: string;
  cells: readonly Cell<S, R>[];
  rows(s: S): readonly R[];
  setRows(s: S, rows: readonly R[]): S;
  newRow(id: number): R;
  /** The target of the button that appends a row (the focus then goes to its first cell). */
  add: string;
  max?: number;
  /** The rows' order means something: the move keys swap the focused row with its neighbour. */
  ordered?: boolean;
  /** Typing into a cell that the list reads itself (a whole `field=value`); null: plain text. */
  typeIn?: (s: S, key: string) => S | null;
}

export type FormItem<S> =
  | TextItem<S>
  | CheckboxItem<S>
  | ChoiceItem<S>
  | ButtonItem<S>
  | ListItem<S>;

/** A list of rows of type `R`, as an item of a form of `S`. */
export const list = <S, R extends Row>(item: Omit<ListItem<S, R>, 'kind'>): FormItem<S> =>
  ({ kind: 'list', ...item }) as unknown as FormItem<S>;

/** The Apply and Cancel buttons every editor ends with. */
export const buttons = <S>(): FormItem<S>[] => [
  { kind: 'button', id: 'apply' },
  { kind: 'button', id: 'cancel' },
];

export const isShown = <S>(item: FormItem<S>, s: S): boolean => item.when?.(s) ?? true;

/** A row's target for one of its cells. */
export const cellTarget = (prefix: string, id: number, cell: string): string =>
  cell === '' ? `${prefix}${id}` : `${prefix}${id}.${cell}`;

/** The focus targets of an item, in screen order. */
export function itemTargets<S>(item: FormItem<S>, s: S): string[] {
  if (item.kind !== 'list') return [item.id];
  const rows = item
    .rows(s)
    .flatMap((r) => item.cells.map((c) => cellTarget(item.prefix, r.id, c.name)));
  return [...rows, item.add];
}

/** The row and cell a list target names, or null. */
export function rowAt<S>(
  item: ListItem<S>,
  s: S,
  target: string,
): { row: Row; index: number; cell: Cell<S, Row> } | null {
  if (!target.startsWith(item.prefix)) return null;
  const m = /^(\d+)(?:\.(\w+))?$/.exec(target.slice(item.prefix.length));
  if (!m) return null;
  const cell = item.cells.find((c) => c.name === (m[2] ?? ''));
  const rows = item.rows(s);
  const index = rows.findIndex((r) => r.id === Number(m[1]));
  return cell && index !== -1 ? { row: rows[index]!, index, cell } : null;
}
