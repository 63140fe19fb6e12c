/**
 * A dialog's field form: fields of a few kinds, focus, typed text, validation. Screens open a
 * form inside a dialog; the dialog feeds it every key while it is open, so typing 'q' into a
 * field never reaches the global keymap. Its keys are run by the console's one form engine
 * (`form-engine.ts`, as the rule and group editors' are): each field an item of it, the keys
 * of a dialog form its verbs (`FORM_VERBS`); Esc with changes asks the same question as the
 * editors (`discardAnswer`).
 */
import { DISCARD_LINE, DISCARD_QUESTION, discardAnswer, discardGate } from './discard.js';
import { isPrintable } from './field.js';
import { type FormSchema, formStep } from './form-engine.js';
import type { FormItem } from './form-items.js';

export { isPrintable };

export type FieldKind = 'text' | 'password' | 'number' | 'select' | 'checkbox';

export type FormValues = Record<string, string>;

export interface FieldSpec {
  /** Key of the value in `values`. */
  id: string;
  label: string;
  kind: FieldKind;
  /** Initial value: text as is, 'true'/'false' for checkboxes, one of `options` for selects. */
  value?: string;
  options?: readonly string[];
  /** One line shown while the field has the focus. */
  help?: string;
  /** Shown dimmed while the field is empty (e.g. "unchanged"). */
  placeholder?: string;
  /** Hidden fields are skipped by the focus and not validated. */
  visible?: (values: FormValues) => boolean;
  /** A message when the value is not acceptable. */
  validate?: (value: string, values: FormValues) => string | null;
  required?: boolean;
  maxLength?: number;
  /** A number field's limits where the device's are known (checked before sending). */
  min?: number;
  max?: number;
}

export interface FormState {
  fields: readonly FieldSpec[];
  values: FormValues;
  /** id of the focused field. */
  focus: string;
  /** The last validation failure (or the device's refusal), shown under the form. */
  error?: { field?: string; message: string };
  /** The values the form opened with: Esc after a change asks before discarding. */
  initial?: FormValues;
  /** Esc was pressed with changes: the form asks "discard changes? y/n". */
  asking?: boolean;
  /** Where the cursor is in each text field edited so far (at the end when not set). */
  cursors?: Readonly<Record<string, number>>;
}

export type FormOutcome = 'submit' | 'cancel' | null;

export function createForm(fields: readonly FieldSpec[]): FormState {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === 'checkbox') values[f.id] = f.value === 'true' ? 'true' : 'false';
    else if (f.kind === 'select') values[f.id] = f.value ?? f.options?.[0] ?? '';
    else values[f.id] = f.value ?? '';
  }
  const state: FormState = { fields, values, focus: fields[0]?.id ?? '', initial: { ...values } };
  const first = visibleFields(state)[0];
  return first ? { ...state, focus: first.id } : state;
}

function isVisible(field: FieldSpec, values: FormValues): boolean {
  return field.visible ? field.visible(values) : true;
}

export function visibleFields(state: FormState): FieldSpec[] {
  return state.fields.filter((f) => isVisible(f, state.values));
}

/** Whether a visible field differs from what the form opened with. */
export function isDirty(state: FormState): boolean {
  const initial = state.initial;
  if (!initial) return false;
  return visibleFields(state).some((f) => (state.values[f.id] ?? '') !== (initial[f.id] ?? ''));
}

export { DISCARD_LINE, DISCARD_QUESTION, discardAnswer };

/**
 * The form with `message` (e.g. the device's refusal) shown at the field it names — a
 * visible field whose id or label occurs in it as a word — and the focus there; under the
 * form when it names none. The values stay as typed.
 */
export function withError(state: FormState, message: string): FormState {
  // the device's words, not the request line before them ("POST /users/radius failed: …")
  const text = message.replace(/^.*?\bfailed:\s*/i, '').toLowerCase();
  const names = (f: FieldSpec) => [f.id, f.label].map((n) => n.toLowerCase());
  const word = (n: string) =>
    new RegExp(`(^|[^a-z0-9_])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9_])`).test(
      text,
    );
  const field = visibleFields(state).find((f) => names(f).some(word));
  const next: FormState = { ...state, asking: false, error: { message } };
  if (field) {
    next.error = { field: field.id, message };
    next.focus = field.id;
  }
  return next;
}

/** The first problem of the visible fields, or null when the form can be submitted. */
export function validateForm(state: FormState): { field: string; message: string } | null {
  for (const f of visibleFields(state)) {
    const v = state.values[f.id] ?? '';
    if (f.required && v.trim() === '') return { field: f.id, message: `${f.label} is required` };
    if (f.kind === 'number' && v !== '' && !/^\d+$/.test(v))
      return { field: f.id, message: `${f.label} must be a whole number` };
    if (f.kind === 'number' && v !== '' && !inRange(Number(v), f))
      return { field: f.id, message: `${f.label} must be ${rangeText(f)}, not ${v}` };
    const message = f.validate?.(v, state.values) ?? null;
    if (message) return { field: f.id, message };
  }
  return null;
}

function inRange(n: number, f: FieldSpec): boolean {
  return (f.min === undefined || n >= f.min) && (f.max === undefined || n <= f.max);
}

function rangeText(f: FieldSpec): string {
  if (f.min !== undefined && f.max !== undefined) return `${f.min}–${f.max}`;
  return f.min !== undefined ? `at least ${f.min}` : `at most ${f.max}`;
}

/** The values of the visible fields only (hidden ones are not sent). */
export function submittedValues(state: FormState): FormValues {
  return Object.fromEntries(visibleFields(state).map((f) => [f.id, state.values[f.id] ?? '']));
}

function setValue(state: FormState, id: string, value: string): FormState {
  const values = { ...state.values, [id]: value };
  const next: FormState = { ...state, values };
  delete next.error;
  // a change may hide the focused field: keep the focus on a visible one
  if (!visibleFields(next).some((f) => f.id === next.focus)) {
    const first = visibleFields(next)[0];
    if (first) next.focus = first.id;
  }
  return next;
}

/** Where the cursor is in a text field: where the last key left it, else at the end. */
export function cursorOf(state: FormState, id: string): number {
  const value = state.values[id] ?? '';
  return Math.min(state.cursors?.[id] ?? value.length, value.length);
}

/** A letter jumps to the next option that starts with it. */
const jump =
  (options: readonly string[]) =>
  (key: string, value: string): string | null => {
    const start = options.indexOf(value);
    for (let i = 1; i <= options.length; i++) {
      const o = options[(start + i) % options.length]!;
      if (o.toLowerCase().startsWith(key.toLowerCase())) return o;
    }
    return null;
  };

const yesNo = (key: string): string | null =>
  /^[yY]$/.test(key) ? 'true' : /^[nN]$/.test(key) ? 'false' : null;

/**
 * A text, password or number field: edited as every field of the console is (`editText`),
 * a number field takes digits only, `maxLength` is never passed.
 */
function textItem(f: FieldSpec): FormItem<FormState> {
  return {
    kind: 'text',
    id: f.id,
    get: (s) => ({ text: s.values[f.id] ?? '', cursor: cursorOf(s, f.id) }),
    set: (s, t) => {
      if (f.maxLength !== undefined && [...t.text].length > f.maxLength) return s;
      const next = t.text === (s.values[f.id] ?? '') ? s : setValue(s, f.id, t.text);
      return { ...next, cursors: { ...s.cursors, [f.id]: t.cursor } };
    },
    ...(f.kind === 'number' ? { accept: (key: string) => key.replace(/\D/g, '') } : {}),
  };
}

/** A field form as a form of the one engine: each field an item, shown while visible. */
function fieldsSchema(state: FormState): FormSchema<FormState> {
  const item = (f: FieldSpec): FormItem<FormState> => {
    if (f.kind !== 'select' && f.kind !== 'checkbox') return textItem(f);
    const options = f.kind === 'checkbox' ? ['false', 'true'] : (f.options ?? []);
    return {
      kind: 'choice',
      id: f.id,
      options,
      get: (s) => s.values[f.id] ?? '',
      set: (s, v) => setValue(s, f.id, v),
      enter: 'step',
      typed: f.kind === 'checkbox' ? yesNo : jump(options),
    };
  };
  return {
    items: state.fields.map((f) => ({
      ...item(f),
      when: (s: FormState) => isVisible(f, s.values),
    })),
  };
}

/** The keys of a field form, as the engine's verbs. */
const FORM_VERBS: Readonly<Record<string, string>> = {
  escape: 'cancel',
  enter: 'apply',
  tab: 'next',
  down: 'next',
  'shift+tab': 'prev',
  up: 'prev',
  left: 'pickPrev',
  right: 'pickNext',
};

/**
 * One key: Tab/↓ and Shift-Tab/↑ move between fields, ←/→/Space change a select or
 * checkbox, typing edits a text field, Backspace deletes, Ctrl-U clears the field, Enter
 * submits (when valid), Esc cancels (asking first after a change).
 */
export function formKey(state: FormState, key: string): { state: FormState; outcome: FormOutcome } {
  const gated = discardGate(
    state.asking === true,
    key,
    () => isDirty(state),
    () => formStep(fieldsSchema(state), state, key, FORM_VERBS[key]),
  );
  switch (gated.gate) {
    case 'discard':
    case 'close':
      return { state, outcome: 'cancel' };
    case 'back':
      return { state: { ...state, asking: false }, outcome: null };
    case 'wait':
      return { state, outcome: null };
    case 'ask':
      return { state: { ...state, asking: true }, outcome: null };
  }
  const { state: next, event } = gated.step;
  if (event === 'apply') {
    const problem = validateForm(state);
    if (problem)
      return { state: { ...state, error: problem, focus: problem.field }, outcome: null };
    return { state, outcome: 'submit' };
  }
  return { state: next, outcome: null };
}

/** How a value is drawn: passwords as bullets, checkboxes as [x]. */
export function displayValue(field: FieldSpec, value: string): string {
  if (field.kind === 'password') return '•'.repeat([...value].length);
  if (field.kind === 'checkbox') return value === 'true' ? '[x] yes' : '[ ] no';
  if (field.kind === 'select') return `‹ ${value} ›`;
  return value;
}
