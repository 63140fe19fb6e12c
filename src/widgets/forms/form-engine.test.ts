import { describe, expect, it } from 'vitest';
import { type TextField, textField } from './field.js';
import { type FormSchema, formStep, formTargets } from './form-engine.js';
import { buttons, list } from './form-items.js';

interface Row {
  id: number;
  port: TextField;
}

interface Toy {
  focus: string;
  nextId: number;
  name: TextField;
  mode: string;
  keep: boolean;
  rows: Row[];
}

const toy = (): Toy => ({
  focus: 'name',
  nextId: 3,
  name: textField('web'),
  mode: 'fast',
  keep: false,
  rows: [
    { id: 1, port: textField('1') },
    { id: 2, port: textField('2') },
  ],
});

const SCHEMA: FormSchema<Toy> = {
  items: [
    {
      kind: 'text',
      id: 'name',
      get: (s) => s.name,
      set: (s, name) => ({ ...s, name }),
      complete: () => ['webserver', 'webcache'],
    },
    {
      kind: 'choice',
      id: 'mode',
      options: ['fast', 'safe', 'slow'],
      get: (s) => s.mode,
      set: (s, mode) => ({ ...s, mode }),
      enter: 'next',
    },
    list<Toy, Row>({
      prefix: 'r',
      cells: [
        {
          name: '',
          get: (r) => r.port,
          set: (r, port) => ({ ...r, port }),
          choices: () => ['', '1', '2', '3'],
        },
      ],
      rows: (s) => s.rows,
      setRows: (s, rows) => ({ ...s, rows: [...rows] }),
      newRow: (id) => ({ id, port: textField() }),
      add: 'addRow',
      max: 3,
      ordered: true,
    }),
    { kind: 'checkbox', id: 'keep', get: (s) => s.keep, set: (s, keep) => ({ ...s, keep }) },
    ...buttons<Toy>(),
  ],
};

/** Presses [key, verb] pairs (the verb the keymap would bind the key to). */
function press(s: Toy, ...keys: [string, string?][]) {
  let state = s;
  const events: string[] = [];
  for (const [key, verb] of keys) {
    const r = formStep(SCHEMA, state, key, verb);
    state = r.state;
    events.push(r.event);
  }
  return { state, events };
}

describe('the one form engine', () => {
  it('orders the focus over fields, list rows, the add button, checkboxes and buttons', () => {
    expect(formTargets(SCHEMA, toy())).toEqual([
      'name',
      'mode',
      'r1',
      'r2',
      'addRow',
      'keep',
      'apply',
      'cancel',
    ]);
  });

  it('Tab completes what it can, then moves on; text is edited at the cursor', () => {
    const { state } = press(toy(), ['s'], ['tab', 'complete'], ['home'], ['x']);
    expect(state.name.text).toBe('xwebserver');
    expect(state.focus).toBe('name');
    // 'web' is all both candidates share: nothing to add, Tab moves on
    expect(press(toy(), ['tab', 'complete']).state.focus).toBe('mode');
  });

  it('adds rows up to the maximum, removes the focused one and moves the ordered rows', () => {
    const added = press({ ...toy(), focus: 'addRow' }, ['enter']).state;
    expect(added.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(added.focus).toBe('r3');
    const full = press({ ...added, focus: 'addRow' }, [' ']).state;
    expect(full.rows).toHaveLength(3);
    const moved = press({ ...toy(), focus: 'r2' }, ['u', 'moveUp']).state;
    expect(moved.rows.map((r) => r.port.text)).toEqual(['2', '1']);
    const removed = press({ ...toy(), focus: 'r1' }, ['d', 'remove']).state;
    expect(removed.rows.map((r) => r.id)).toEqual([2]);
    expect(removed.focus).toBe('r2');
  });

  it('choices step with Space and the pick keys; a field picks from its choices', () => {
    const s = press(
      { ...toy(), focus: 'mode' },
      [' '],
      ['left', 'pickPrev'],
      ['left', 'pickPrev'],
    ).state;
    expect(s.mode).toBe('slow');
    expect(press({ ...toy(), focus: 'mode' }, ['enter']).state.focus).toBe('r1');
    const picked = press({ ...toy(), focus: 'r2' }, ['right', 'pickNext']).state;
    expect(picked.rows[1]?.port.text).toBe('3');
    // a key the layer leaves alone edits the text: ← moves the cursor
    const typed = press({ ...toy(), focus: 'r2' }, ['left'], ['9']).state;
    expect(typed.rows[1]?.port.text).toBe('92');
  });

  it('Enter or Space ticks a checkbox and presses a button; apply and cancel are events', () => {
    expect(press({ ...toy(), focus: 'keep' }, [' ']).state.keep).toBe(true);
    expect(press({ ...toy(), focus: 'apply' }, ['enter']).events).toEqual(['apply']);
    expect(press({ ...toy(), focus: 'cancel' }, [' ']).events).toEqual(['cancel']);
    expect(press(toy(), ['ctrl+s', 'apply'], ['escape', 'cancel']).events).toEqual([
      'apply',
      'cancel',
    ]);
  });
});
