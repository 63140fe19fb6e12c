/**
 * How the Ports list is sorted: by one column, each column comparing what its header shows.
 * `s` steps through the columns in triage order — what is wrong now first (ERR/s, DROP/s) —
 * `<` / `>` move to the column left / right of the sorted one as laid out on screen (as htop
 * does), `S` reverses. A column of numbers sorts largest first when picked.
 */
export interface PortSort {
  key: string;
  desc: boolean;
}

/** The order `s` steps through, from the port number (the start). */
export const SORT_CYCLE = [
  'port',
  'errps',
  'dropps',
  'line',
  'rx',
  'tx',
  'rxpps',
  'txpps',
  'errs',
  'drops',
  'now',
  'state',
  'speed',
  'load',
  'trend',
];

export const START_SORT: PortSort = { key: 'port', desc: false };

interface Sortable {
  key: string;
  desc?: boolean;
}

const pick = (columns: readonly Sortable[], key: string): PortSort => ({
  key,
  desc: columns.find((c) => c.key === key)?.desc ?? false,
});

/** `s`: the next column of the cycle that the table has. */
export function nextSort(sort: PortSort, columns: readonly Sortable[]): PortSort {
  const cycle = SORT_CYCLE.filter((k) => columns.some((c) => c.key === k));
  const next = cycle[(cycle.indexOf(sort.key) + 1) % cycle.length] ?? 'port';
  return pick(columns, next);
}

/**
 * `<` / `>`: the column left (-1) or right (+1) of the sorted one among those on screen
 * (`shown`, left to right); from a column not on screen, the first or last one.
 */
export function moveSort(
  sort: PortSort,
  by: -1 | 1,
  shown: readonly string[],
  columns: readonly Sortable[],
): PortSort {
  if (shown.length === 0) return sort;
  const at = shown.indexOf(sort.key);
  const i =
    at < 0 ? (by > 0 ? 0 : shown.length - 1) : Math.max(0, Math.min(shown.length - 1, at + by));
  return pick(columns, shown[i]!);
}

/** The rows in the order of `sort`; ties keep the port order. */
export function sortRows<T extends { no: string }>(
  rows: readonly T[],
  sort: PortSort,
  columns: ReadonlyArray<{ key: string; compare: (a: T, b: T) => number }>,
): T[] {
  const compare = columns.find((c) => c.key === sort.key)?.compare;
  const byNo = (a: T, b: T) => Number(a.no) - Number(b.no);
  if (!compare) return [...rows].sort(byNo);
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => dir * compare(a, b) || byNo(a, b));
}
