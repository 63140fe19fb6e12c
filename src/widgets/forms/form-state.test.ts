import { describe, expect, it } from 'vitest';
import {
  createForm,
  discardAnswer,
  type FieldSpec,
  type FormState,
  formKey,
  withError,
} from './form-state.js';

const FIELDS: FieldSpec[] = [
  { id: 'server', label: 'Server', kind: 'text', value: '10.0.0.1' },
  { id: 'port', label: 'UDP port', kind: 'number', value: '1812', min: 1, max: 65535 },
];

function type(state: FormState, ...keys: string[]) {
  let s = state;
  let outcome: ReturnType<typeof formKey>['outcome'] = null;
  for (const k of keys) ({ state: s, outcome } = formKey(s, k));
  return { state: s, outcome };
}

describe('never lose typed work', () => {
  it('Esc on an unchanged form cancels at once', () => {
    expect(type(createForm(FIELDS), 'escape').outcome).toBe('cancel');
  });

  it('Esc after a change asks; n (or Esc) goes back with the text intact, y discards', () => {
    const typed = type(createForm(FIELDS), '2');
    const asked = type(typed.state, 'escape');
    expect(asked.outcome).toBeNull();
    expect(asked.state.asking).toBe(true);
    // other keys do not type while asking
    expect(type(asked.state, 'x').state.values.server).toBe('10.0.0.12');
    const back = type(asked.state, 'n');
    expect(back.outcome).toBeNull();
    expect(back.state.asking).toBe(false);
    expect(back.state.values.server).toBe('10.0.0.12');
    expect(type(asked.state, 'escape').state.asking).toBe(false);
    expect(type(asked.state, 'y').outcome).toBe('cancel');
  });

  it('a change typed back to the original is no change', () => {
    expect(type(createForm(FIELDS), '2', 'backspace', 'escape').outcome).toBe('cancel');
  });

  it("puts the device's refusal at the field it names, values as typed", () => {
    const s = type(createForm(FIELDS), '9').state;
    const refused = withError(s, "refused: POST /users/radius failed: 'port' out of range");
    expect(refused.error).toEqual({
      field: 'port',
      message: "refused: POST /users/radius failed: 'port' out of range",
    });
    expect(refused.focus).toBe('port');
    expect(refused.values.server).toBe('10.0.0.19');
    // by its label too; none named: under the form, focus unchanged
    expect(withError(s, 'the Server does not answer').error?.field).toBe('server');
    expect(withError(s, 'internal failure').error).toEqual({ message: 'internal failure' });
    expect(withError(s, 'internal failure').focus).toBe('server');
  });
});

describe('limits checked before sending', () => {
  it('refuses a number outside the known range, at its field', () => {
    const s = createForm(FIELDS);
    const out = type(s, 'down', 'ctrl+u', '7', '0', '0', '0', '0', 'enter');
    expect(out.outcome).toBeNull();
    expect(out.state.error).toEqual({
      field: 'port',
      message: 'UDP port must be 1–65535, not 70000',
    });
    expect(type(s, 'down', 'ctrl+u', '0', 'enter').state.error?.message).toBe(
      'UDP port must be 1–65535, not 0',
    );
    expect(type(s, 'down', 'ctrl+u', '1', '8', '1', '3', 'enter').outcome).toBe('submit');
  });
});

describe('text edited as in every field of the console', () => {
  it('← moves the cursor, typing inserts there, Backspace deletes before it', () => {
    const s = type(createForm(FIELDS), 'left', 'left', 'backspace', '9').state;
    expect(s.values.server).toBe('10.0.9.1');
    // a number field takes the digits of a paste only, at the cursor
    const n = type(s, 'down', 'home', 'a2b').state;
    expect(n.values.port).toBe('21812');
  });

  it('the discard question answers alike in a field form and an editor', () => {
    expect(['y', 'Y', 'n', 'N', 'escape', 'x'].map(discardAnswer)).toEqual([
      'discard',
      'discard',
      'back',
      'back',
      'back',
      null,
    ]);
  });
});
