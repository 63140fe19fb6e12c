/** Selection of a screen's list (listReducer) and the keys that move it. */
import { useEffect, useReducer } from 'react';
import { type ListMove, type ListState, listReducer, NAV_KEYS } from '../../widgets/index.js';

export interface ListControl {
  state: ListState;
  /** Moves the selection when `key` is a navigation key; true when it was. */
  move(key: string): boolean;
  /** Makes a move (a `nav.*` command). */
  go(move: ListMove): void;
  set(index: number): void;
}

/** `count` rows, `visible` of them on screen. */
export function useList(count: number, visible: number): ListControl {
  const [state, dispatch] = useReducer(
    (s: ListState, action: Parameters<typeof listReducer>[1]) =>
      listReducer(s, action, count, visible),
    { selected: 0, offset: 0 },
  );
  useEffect(() => dispatch({ type: 'resize', count, height: visible }), [count, visible]);
  return {
    state,
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
