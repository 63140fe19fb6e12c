/** Selection of a screen's list (listReducer) and the keys that move it. */
import { useEffect, useMemo, useReducer, useRef } from 'react';
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
  /** Selects the item `key` names (an item the operator renamed), wherever it shows up. */
  follow(key: string): void;
  /** `eth-0-5 is gone from the list` while the selected item is not in it, else undefined. */
  goneNote: string | undefined;
}

/**
 * `count` rows, `visible` of them on screen. With `keys` (memoized: the rows' identities in
 * the order shown) the selection is the item, kept across re-sorts, filters and polls.
 */
export function useList(
  count: number,
  visible: number,
  keys?: readonly string[],
  nameOf: (key: string) => string = (key) => key,
  /** 'top': the first row is selected; 'top-if-gone': it is when the item is gone. */
  pin?: 'top' | 'top-if-gone',
): ListControl {
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
  const shown = useMemo(() => {
    if (!keys) return stored;
    const followed = followKey(stored, keys, visible);
    const top = keys[0];
    const pinned = pin === 'top' || (pin === 'top-if-gone' && followed.gone !== undefined);
    return pinned && top !== undefined && followed.key !== top
      ? { selected: 0, offset: 0, key: top }
      : followed;
  }, [stored, keys, visible, pin]);
  // a pinned selection drawn this render becomes the stored one (keys then move from it)
  useEffect(() => {
    if (shown.key !== undefined && shown.key !== stored.key)
      dispatch({ type: 'follow', key: shown.key });
  }, [shown, stored]);
  const gone = shown.gone;
  return {
    state: gone === undefined ? shown : { ...shown, selected: -1 },
    goneNote: gone === undefined ? undefined : `${nameOf(gone)} is gone from the list`,
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
    follow(key) {
      dispatch({ type: 'follow', key });
    },
  };
}

/** `useList` over `rows`, the selection kept on the item `keyOf` names. */
export function useKeyedList<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  visible: number,
  opts: {
    /** The name an item is shown by, where its key is not (a port's number). */
    nameOf?: (row: T) => string;
    /** The operator's `/` filter: a new filter that hides the item selects its first match. */
    filter?: string;
    /** The operator's sort: a sort chosen (`s`, `<`, `>`) selects the new first row. */
    sort?: string;
  } = {},
): ListControl {
  const { nameOf, filter, sort } = opts;
  // the same keys in the same order keep their array: rows rebuilt at each render (a screen
  // that does not memoize them) do not make the selection follow them again
  const last = useRef<readonly string[]>([]);
  // the name an item was last shown by, for the note when it is gone (its key may be a number)
  const names = useRef(new Map<string, string>());
  // keys and names are read again only for new rows: a key that moves the selection over the
  // same rows costs nothing per row (65,536 rules: ↓ took 5 ms more per key without this)
  const seenRows = useRef<readonly T[] | null>(null);
  if (rows !== seenRows.current) {
    seenRows.current = rows;
    const next = rows.map(keyOf);
    if (!sameKeys(last.current, next)) last.current = next;
    if (nameOf) for (const r of rows) names.current.set(keyOf(r), nameOf(r));
  }
  // The selection is the item the operator picked: polls re-sorting the rows keep it, a poll
  // that drops it says so. Until the operator picks one (a move, a pick), and again after
  // they choose a sort, the selection is the top row of what they asked to see; a filter they
  // type that hides the picked item moves to its first match. Decided in the render itself,
  // so no frame shows the old selection in the new order.
  const picked = useRef(false);
  const seen = useRef({ filter, sort });
  const filtered = filter !== seen.current.filter;
  if (sort !== seen.current.sort) picked.current = false;
  seen.current = { filter, sort };
  const pin = !picked.current ? 'top' : filtered ? 'top-if-gone' : undefined;
  const control = useList(
    rows.length,
    visible,
    last.current,
    (k) => names.current.get(k) ?? k,
    pin,
  );
  const pick =
    <A extends unknown[], R>(f: (...a: A) => R) =>
    (...a: A): R => {
      picked.current = true;
      return f(...a);
    };
  return {
    ...control,
    move: (key) => {
      const moved = control.move(key);
      if (moved) picked.current = true;
      return moved;
    },
    go: pick(control.go),
    set: pick(control.set),
    follow: pick(control.follow),
  };
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
