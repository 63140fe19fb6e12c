import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampList,
  followKey,
  type ListAction,
  type ListState,
  listReducer,
} from './list-state.js';

const action: fc.Arbitrary<ListAction> = fc.oneof(
  fc.constantFrom<ListAction>(
    { type: 'up' },
    { type: 'down' },
    { type: 'pageUp' },
    { type: 'pageDown' },
    { type: 'home' },
    { type: 'end' },
  ),
  fc.integer({ min: -100, max: 70_000 }).map((index): ListAction => ({ type: 'set', index })),
);

function valid(state: ListState, count: number, visible: number): boolean {
  if (count === 0) return state.selected === 0 && state.offset === 0;
  return (
    state.selected >= 0 &&
    state.selected <= count - 1 &&
    state.offset >= 0 &&
    state.offset <= state.selected &&
    state.selected < state.offset + visible
  );
}

describe('listReducer', () => {
  it('keeps the selection in range and visible for any sequence of actions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 70_000 }),
        fc.integer({ min: 1, max: 80 }),
        fc.record({ selected: fc.integer(), offset: fc.integer() }),
        fc.array(action, { maxLength: 40 }),
        (count, visible, start, actions) => {
          let state = clampList(start, count, visible);
          expect(valid(state, count, visible)).toBe(true);
          for (const a of actions) {
            state = listReducer(state, a, count, visible);
            expect(valid(state, count, visible)).toBe(true);
          }
        },
      ),
    );
  });

  it('stays valid through resizes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 50 }), action),
          { maxLength: 30 },
        ),
        (steps) => {
          let state: ListState = { selected: 0, offset: 0 };
          for (const [count, visible, a] of steps) {
            state = listReducer(state, { type: 'resize', count, height: visible }, count, visible);
            expect(valid(state, count, visible)).toBe(true);
            state = listReducer(state, a, count, visible);
            expect(valid(state, count, visible)).toBe(true);
          }
        },
      ),
    );
  });

  it('moves, pages and jumps', () => {
    const s0 = { selected: 0, offset: 0 };
    expect(listReducer(s0, { type: 'up' }, 100, 10)).toEqual(s0);
    expect(listReducer(s0, { type: 'down' }, 100, 10)).toEqual({ selected: 1, offset: 0 });
    expect(listReducer({ selected: 9, offset: 0 }, { type: 'down' }, 100, 10)).toEqual({
      selected: 10,
      offset: 1,
    });
    expect(listReducer({ selected: 3, offset: 0 }, { type: 'pageDown' }, 100, 10)).toEqual({
      selected: 13,
      offset: 10,
    });
    expect(listReducer({ selected: 13, offset: 10 }, { type: 'pageUp' }, 100, 10)).toEqual({
      selected: 3,
      offset: 0,
    });
    expect(listReducer(s0, { type: 'end' }, 100, 10)).toEqual({ selected: 99, offset: 90 });
    expect(listReducer({ selected: 99, offset: 90 }, { type: 'home' }, 100, 10)).toEqual(s0);
    expect(listReducer(s0, { type: 'set', index: 500 }, 100, 10)).toEqual({
      selected: 99,
      offset: 90,
    });
    expect(listReducer(s0, { type: 'down' }, 0, 10)).toEqual(s0);
  });

  it('pulls the window up when the list shrinks', () => {
    const state = listReducer(
      { selected: 99, offset: 90 },
      { type: 'resize', count: 20, height: 10 },
      100,
      10,
    );
    expect(state).toEqual({ selected: 19, offset: 10 });
  });
});

describe('a keyed list (selection by identity)', () => {
  const visible = 5;
  it('keeps the selected item when the rows re-sort, and moves from where it is now', () => {
    let keys = ['a', 'b', 'c', 'd', 'e', 'f'];
    let s = listReducer({ selected: 0, offset: 0 }, { type: 'down' }, keys.length, visible, keys);
    s = listReducer(s, { type: 'down' }, keys.length, visible, keys);
    expect(keys[s.selected]).toBe('c');
    keys = ['f', 'c', 'e', 'a', 'b', 'd']; // a poll re-sorted the rows
    s = listReducer(s, { type: 'resize', count: keys.length, height: visible }, 6, visible, keys);
    expect(keys[s.selected]).toBe('c');
    expect(s.gone).toBeUndefined();
    s = listReducer(s, { type: 'down' }, keys.length, visible, keys);
    expect(keys[s.selected]).toBe('e');
  });

  it('follows the item far down the list and keeps it in the window', () => {
    const keys = Array.from({ length: 100 }, (_, i) => `p${i}`);
    const s = followKey({ selected: 1, offset: 0, key: 'p1' }, [...keys].reverse(), visible);
    expect(s.selected).toBe(98);
    expect(s.offset).toBeLessThanOrEqual(98);
    expect(s.offset + visible).toBeGreaterThan(98);
  });

  it('says the item is gone instead of selecting the row that took its place', () => {
    const s = followKey({ selected: 2, offset: 0, key: 'eth-0-5' }, ['x', 'y', 'z', 'w'], visible);
    expect(s.gone).toBe('eth-0-5');
    expect(s.key).toBe('eth-0-5');
    // back in the list (the filter cleared): selected again
    const back = followKey(s, ['x', 'eth-0-5', 'y'], visible);
    expect(back.gone).toBeUndefined();
    expect(back.selected).toBe(1);
    // a move while gone selects a row again, by its key
    const moved = listReducer(s, { type: 'down' }, 4, visible, ['x', 'y', 'z', 'w']);
    expect(moved.gone).toBeUndefined();
    expect(moved.key).toBe('w');
  });

  it('adopts the row at the selection when no item was selected yet', () => {
    const s = followKey({ selected: 0, offset: 0 }, ['q', 'r'], visible);
    expect(s.key).toBe('q');
  });
});
