/**
 * Virtualized table: lays out columns for the available width (dropping low-priority
 * columns first) and renders only the rows inside the window, so 65,536 rows cost the
 * same as 20. Selection and scrolling live in `listReducer` (list-state.ts).
 */
import { Box } from 'ink';
import type { JSX } from 'react';
import { memo, useMemo } from 'react';
import { clampList } from './list-state.js';
import { Text } from './safe-text.js';
import { cleanText, fitCell, padText, truncateText } from './text.js';

export type { ListAction, ListState } from './list-state.js';
export { clampList, listReducer } from './list-state.js';
export { fitCell } from './text.js';

export interface Column<T> {
  key: string;
  title: string;
  /** Preferred width in columns. */
  width: number;
  /** Narrowest acceptable width; defaults to `width`. */
  min?: number;
  /** Takes a share of the leftover width. */
  flex?: boolean;
  align?: 'left' | 'right';
  /** Higher = kept longer when the terminal is narrow; default 0. */
  priority?: number;
  render: (row: T) => string;
  color?: (row: T) => string | undefined;
}

export interface TableProps<T> {
  columns: Column<T>[];
  rows: readonly T[];
  width: number;
  /** Lines including the header line. */
  height: number;
  /** -1: nothing selected (the selected item is gone from the list). */
  selected: number;
  offset: number;
  sortKey?: string;
  sortDesc?: boolean;
  emptyText?: string;
  rowKey: (row: T) => string;
  focused?: boolean;
}

export type LaidOutColumn<T> = Column<T> & { shown: number };

/** Columns between cells. */
const GAP = 1;
/** The selection marker column at the left edge. */
const GUTTER = 1;
const MARKER = '›';

function minWidth<T>(column: Column<T>): number {
  return Math.max(1, Math.trunc(column.min ?? column.width));
}

function preferredWidth<T>(column: Column<T>): number {
  return Math.max(minWidth(column), Math.trunc(column.width));
}

function needed<T>(columns: Column<T>[]): number {
  let sum = 0;
  for (const column of columns) sum += minWidth(column);
  return sum + Math.max(0, columns.length - 1) * GAP;
}

/**
 * Fits columns into `width` terminal columns (one-column gaps between cells included):
 * drops the lowest-priority column (the rightmost among equals) until the rest fit at
 * their minimum widths, grows the survivors toward their preferred widths (higher
 * priority first), then shares what is left among the `flex` columns.
 */
export function layoutColumns<T>(
  columns: Column<T>[],
  width: number,
): Array<Column<T> & { shown: number }> {
  const avail = Math.max(0, Math.trunc(width));
  if (avail === 0 || columns.length === 0) return [];
  const kept = [...columns];
  while (kept.length > 1 && needed(kept) > avail) {
    let drop = 0;
    for (let i = 1; i < kept.length; i++) {
      if ((kept[i]!.priority ?? 0) <= (kept[drop]!.priority ?? 0)) drop = i;
    }
    kept.splice(drop, 1);
  }
  if (needed(kept) > avail) return [{ ...kept[0]!, shown: avail }];
  const shown = kept.map(minWidth);
  let spare = avail - needed(kept);
  const byPriority = kept
    .map((column, i) => ({ i, priority: column.priority ?? 0 }))
    .sort((a, b) => b.priority - a.priority || a.i - b.i);
  for (const { i } of byPriority) {
    const grow = Math.min(spare, preferredWidth(kept[i]!) - shown[i]!);
    shown[i]! += grow;
    spare -= grow;
  }
  const flexible = kept.flatMap((column, i) => (column.flex ? [i] : []));
  if (flexible.length > 0 && spare > 0) {
    const share = Math.floor(spare / flexible.length);
    let extra = spare % flexible.length;
    for (const i of flexible) {
      shown[i]! += share + (extra > 0 ? 1 : 0);
      extra--;
    }
  }
  return kept.map((column, i) => ({ ...column, shown: shown[i]! }));
}

/** The header line: titles aligned like their cells, the sort column marked ▲ or ▼. */
export function headerLine<T>(
  layout: LaidOutColumn<T>[],
  width: number,
  sortKey?: string,
  sortDesc?: boolean,
): string {
  let line = ' '.repeat(Math.min(GUTTER, width));
  layout.forEach((column, i) => {
    if (i > 0) line += ' '.repeat(GAP);
    if (column.key === sortKey && column.shown >= 2) {
      const title = truncateText(cleanText(column.title), column.shown - 1);
      const arrow = sortDesc ? '▼' : '▲';
      line += padText(title.text + arrow, title.width + 1, column.shown, column.align);
    } else {
      line += fitCell(column.title, column.shown, column.align);
    }
  });
  return fitCell(line, width);
}

interface RowProps<T> {
  row: T;
  layout: LaidOutColumn<T>[];
  width: number;
  isSelected: boolean;
  focused: boolean;
}

function RowLine<T>({ row, layout, width, isSelected, focused }: RowProps<T>): JSX.Element {
  let used = GUTTER;
  const cells = layout.map((column, i) => {
    used += column.shown + (i > 0 ? GAP : 0);
    const text = fitCell(column.render(row), column.shown, column.align);
    return (
      <Text key={column.key} color={column.color?.(row)}>
        {i > 0 ? ' '.repeat(GAP) + text : text}
      </Text>
    );
  });
  const pad = ' '.repeat(Math.max(0, width - used));
  return (
    <Text inverse={isSelected && focused} wrap="truncate-end">
      {isSelected ? MARKER : ' '}
      {cells}
      {pad}
    </Text>
  );
}

const MemoRow = memo(RowLine) as typeof RowLine;

export function Table<T>(props: TableProps<T>): JSX.Element {
  const { columns, rows, sortKey, sortDesc, rowKey } = props;
  const width = Math.max(0, Math.trunc(props.width));
  const height = Math.max(0, Math.trunc(props.height));
  const focused = props.focused ?? true;
  const layout = useMemo(
    () => layoutColumns(columns, Math.max(0, width - GUTTER)),
    [columns, width],
  );
  if (width === 0 || height === 0) return <Box width={width} height={0} />;
  const visible = Math.max(0, height - 1);
  // selected -1: the selected item is gone from the list, no row is marked
  const none = props.selected < 0;
  const view = clampList(
    none ? { selected: props.offset, offset: props.offset } : props,
    rows.length,
    Math.max(1, visible),
  );
  // Only the window is touched: O(visible), whatever rows.length is.
  const windowRows = rows.slice(view.offset, view.offset + visible);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {headerLine(layout, width, sortKey, sortDesc)}
      </Text>
      {rows.length === 0 && visible > 0 ? (
        <Text dimColor wrap="truncate-end">
          {fitCell(` ${props.emptyText ?? 'No rows'}`, width)}
        </Text>
      ) : (
        windowRows.map((row, i) => (
          <MemoRow
            key={rowKey(row)}
            row={row}
            layout={layout}
            width={width}
            isSelected={!none && view.offset + i === view.selected}
            focused={focused}
          />
        ))
      )}
    </Box>
  );
}
