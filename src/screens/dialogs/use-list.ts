/** Selection of a screen's list (listReducer) and the keys that move it. */
import { useEffect, useMemo, useReducer } from 'react';
import {
  followKey,
  type ListMove,
  type ListState,
  listReducer,
  NAV_KEYS,
} from '../../widgets/index.js';

export interface ListControl {
  /** `selected` is -1 while the selected item is gone from the list. */
  state: ListState;
  /** Moves the selection when `key` is a navigation key; true when it was. */
  move(key: string): boolean;
  /** Makes a move (a `nav.*` command). */
  go(move: ListMove): void;
  set(index: number): void;
  /** `eth-0-5 is gone from the list` while the selected item is not in it, else undefined. */
  goneNote: string | undefined;
}

/**
 * `count` rows, `visible` of them on screen. With `keys` (memoized: the rows' identities in
 * the order shown) the selection is the item, kept across re-sorts, filters and polls.
 */
export function useList(count: number, visible: number, keys?: readonly string[]): ListControl {
  const [stored, dispatch] = useReducer(
    (s: ListState, action: Parameters<typeof listReducer>[1]) =>
      listReducer(s, action, count, visible, keys),
    { selected: 0, offset: 0 },
  );
  // new rows (a poll, a sort, a filter): the stored selection follows its item
  useEffect(
    () => dispatch({ type: 'resize', count: keys?.length ?? count, height: visible }),
    [count, visible, keys],
  );
  // the item where it is in this render's rows: a key pressed before the effect acts on it
  const shown = useMemo(
    () => (keys ? followKey(stored, keys, visible) : stored),
    [stored, keys, visible],
  );
  const gone = shown.gone;
  return {
    state: gone === undefined ? shown : { ...shown, selected: -1 },
    goneNote: gone === undefined ? undefined : `${gone} is gone from the list`,
    move(key) {
      const type = NAV_KEYS[key];
      if (!type) return false;
      dispatch({ type });
      return true;
    },
    go(type) {
      dispatch({ type });
    },
    set(index) {
      dispatch({ type: 'set', index });
    },
  };
}

/** `useList` over `rows`, the selection kept on the item `keyOf` names. */
export function useKeyedList<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  visible: number,
): ListControl {
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyOf is a pure accessor
  const keys = useMemo(() => rows.map(keyOf), [rows]);
  return useList(rows.length, visible, keys);
}
