/**
 * Selection and scroll position of a virtualized list, as a pure reducer. The screen owns
 * the state; the table only draws the window it describes.
 */

export interface ListState {
  selected: number;
  offset: number;
  /**
   * The selected item's identity (port name, rule key, device…) when the list is keyed: the
   * selection follows it across re-sorts, filters and polls (see `followKey`).
   */
  key?: string | undefined;
  /** The key of a selected item no longer in the list: nothing is selected until a move. */
  gone?: string | undefined;
}

/** A move of the selection or the scroll position. */
export type ListMove = 'up' | 'down' | 'pageUp' | 'pageDown' | 'home' | 'end';

/**
 * The one navigation table: every list, scrolled view and the help overlay move by it, and the
 * keymap (src/tui/keymap.ts) lists it as its `nav.*` bindings. A key letter for a move is
 * written here and nowhere else.
 */
export const NAV: ReadonlyArray<{
  command: string;
  keys: readonly string[];
  move: ListMove;
  label: string;
}> = [
  { command: 'nav.up', keys: ['up', 'k'], move: 'up', label: 'move up' },
  { command: 'nav.down', keys: ['down', 'j'], move: 'down', label: 'move down' },
  { command: 'nav.pageUp', keys: ['pageup'], move: 'pageUp', label: 'page up' },
  { command: 'nav.pageDown', keys: ['pagedown'], move: 'pageDown', label: 'page down' },
  { command: 'nav.top', keys: ['g', 'home'], move: 'home', label: 'first line' },
  { command: 'nav.bottom', keys: ['G', 'end'], move: 'end', label: 'last line' },
];

/** Keys that move a list (a selection, or a scrolled view such as the help), from `NAV`. */
export const NAV_KEYS: Readonly<Record<string, ListMove>> = Object.fromEntries(
  NAV.flatMap((n) => n.keys.map((k) => [k, n.move])),
);

/** The move a `nav.*` command makes, from `NAV`. */
export const NAV_MOVES: Readonly<Record<string, ListMove>> = Object.fromEntries(
  NAV.map((n) => [n.command, n.move]),
);

export type ListAction =
  | { type: ListMove }
  | { type: 'set'; index: number }
  /** Select the item with this key (keyed lists), wherever it is or will be. */
  | { type: 'follow'; key: string }
  /** The row count or the number of visible rows changed (`height` = visible rows). */
  | { type: 'resize'; count: number; height: number };

function whole(n: number, fallback = 0): number {
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * The nearest valid state: selection within [0, count-1] (0 when empty), offset such that
 * offset ≤ selected < offset + visibleRows, and no blank rows below the last one when the
 * list is longer than the window.
 */
export function clampList(state: ListState, count: number, visibleRows: number): ListState {
  const n = Math.max(0, whole(count));
  const visible = Math.max(1, whole(visibleRows, 1));
  if (n === 0) return { selected: 0, offset: 0 };
  const selected = Math.min(n - 1, Math.max(0, whole(state.selected)));
  let offset = whole(state.offset);
  offset = Math.min(Math.max(offset, selected - visible + 1), selected);
  offset = Math.max(0, Math.min(offset, n - visible));
  return { selected, offset };
}

/**
 * The selection of a keyed list after its rows changed (`keys`, in the order shown): the
 * selected item where it is now, the window moved with it (same line on screen when it can);
 * marked `gone` when it is not in the list any more, instead of selecting whatever row now
 * has its old index. With no key yet, the row at the selection's index is adopted.
 */
export function followKey(
  state: ListState,
  keys: readonly string[],
  visibleRows: number,
): ListState {
  if (state.key === undefined) {
    const at = clampList(state, keys.length, visibleRows);
    return keys.length > 0 ? { ...at, key: keys[at.selected] } : at;
  }
  const at = keys.indexOf(state.key);
  if (at === -1) return state.gone === state.key ? state : { ...state, gone: state.key };
  if (at === state.selected && state.gone === undefined) {
    const same = clampList(state, keys.length, visibleRows);
    return same.offset === state.offset ? state : { ...same, key: state.key };
  }
  const line = state.gone === undefined ? state.selected - state.offset : 0;
  const moved = clampList({ selected: at, offset: at - line }, keys.length, visibleRows);
  return { ...moved, key: state.key };
}

/** `listReducer` on a keyed list: the move starts from where the selected item is now. */
function keyedReducer(
  state: ListState,
  action: ListAction,
  keys: readonly string[],
  visibleRows: number,
): ListState {
  const now = followKey(state, keys, visibleRows);
  if (action.type === 'resize') return followKey(state, keys, action.height);
  if (action.type === 'follow') return followKey({ ...state, key: action.key }, keys, visibleRows);
  const next = plainReducer(now, action, keys.length, visibleRows);
  return keys.length > 0 ? { ...next, key: keys[next.selected] } : next;
}

/**
 * One move of a list's selection. With `keys` (the rows' identities in the order shown) the
 * selection is the item, not the row number: see `followKey`.
 */
export function listReducer(
  state: ListState,
  action: ListAction,
  count: number,
  visibleRows: number,
  keys?: readonly string[],
): ListState {
  return keys
    ? keyedReducer(state, action, keys, visibleRows)
    : plainReducer(state, action, count, visibleRows);
}

function plainReducer(
  state: ListState,
  action: ListAction,
  count: number,
  visibleRows: number,
): ListState {
  const visible = Math.max(1, whole(visibleRows, 1));
  const current = clampList(state, count, visible);
  switch (action.type) {
    case 'up':
      return clampList({ ...current, selected: current.selected - 1 }, count, visible);
    case 'down':
      return clampList({ ...current, selected: current.selected + 1 }, count, visible);
    case 'pageUp':
      // Flip a whole page: the selection keeps its place within the window.
      return clampList(
        { selected: current.selected - visible, offset: current.offset - visible },
        count,
        visible,
      );
    case 'pageDown':
      return clampList(
        { selected: current.selected + visible, offset: current.offset + visible },
        count,
        visible,
      );
    case 'home':
      return clampList({ selected: 0, offset: 0 }, count, visible);
    case 'end':
      return clampList({ selected: count - 1, offset: count }, count, visible);
    case 'set':
      return clampList({ ...current, selected: action.index }, count, visible);
    case 'resize':
      return clampList(state, action.count, action.height);
    case 'follow':
      return current;
  }
}
