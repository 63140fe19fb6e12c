/**
 * An app's paramFormat tuples as form fields: [internal name, label, input type, help,
 * visibility rule, default]. Input types understood: text, number, checkbox, password and
 * select:a|b|c (the simulator's convention); anything else is a text field.
 */

import type { FieldSpec, FormValues } from '../../widgets/forms/form-state.js';
import type { AppAction, AppParam } from './types.js';
import { evaluateVisibility } from './visibility.js';

export const DESCRIPTION_FIELD = 'user_description';

export function paramField(p: AppParam, value: string | undefined): FieldSpec {
  const [id, label, type, help, visible, fallback] = p;
  const kind = type.trim().toLowerCase();
  const field: FieldSpec = {
    id,
    label: label || id,
    kind: 'text',
    value: value ?? fallback,
    ...(help ? { help } : {}),
    // hidden only when pbc understands the rule and it is false; shown otherwise
    visible: (values: FormValues) => evaluateVisibility(visible, values) !== false,
  };
  if (kind === 'number') {
    field.kind = 'number';
    // the range the app documents in its help ("Seconds between polls, 16..1024")
    const range = /(\d+)\s*(?:\.\.|–)\s*(\d+)/.exec(help ?? '');
    if (range) {
      field.min = Number(range[1]);
      field.max = Number(range[2]);
    }
  } else if (kind === 'checkbox' || kind === 'boolean') {
    field.kind = 'checkbox';
    field.value = ['true', '1', 'on', 'yes'].includes((field.value ?? '').toLowerCase())
      ? 'true'
      : 'false';
  } else if (kind === 'password') field.kind = 'password';
  else if (kind.startsWith('select:')) {
    field.kind = 'select';
    field.options = type.trim().slice(7).split('|');
    if (!field.options.includes(field.value ?? ''))
      field.options = [field.value ?? '', ...field.options];
  }
  return field;
}

/** The start/modify form: the instance's own description first, then the app's parameters. */
export function appFields(
  format: readonly AppParam[],
  values: Record<string, string>,
  description: string,
): FieldSpec[] {
  return [
    {
      id: DESCRIPTION_FIELD,
      label: 'Description (yours)',
      kind: 'text',
      value: description,
      maxLength: 256,
    },
    ...format.map((p) => paramField(p, values[p[0]])),
  ];
}

/** Parameters to send on modify: visible ones whose value changed. */
export function changedParams(
  submitted: FormValues,
  before: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(submitted).filter(
      ([k, v]) => k !== DESCRIPTION_FIELD && (before[k] ?? '') !== v,
    ),
  );
}

/** An entry of an app's `actions` list, read defensively (the spec does not show its shape). */
export function readAction(a: Record<string, unknown>): AppAction | null {
  const name = [a.name, a.action_name, a.id].find((x) => typeof x === 'string' && x !== '') as
    | string
    | undefined;
  if (!name) return null;
  const level =
    typeof a.level === 'number'
      ? a.level
      : typeof a.level === 'string' && /^\d+$/.test(a.level)
        ? Number(a.level)
        : undefined;
  return {
    name,
    label: typeof a.label === 'string' && a.label ? a.label : name,
    description: typeof a.description === 'string' ? a.description : '',
    ...(level !== undefined ? { level } : {}),
  };
}
