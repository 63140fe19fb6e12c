/**
 * Log viewer: bottom-anchored (new lines appear at the bottom while scrollFromBottom is 0),
 * optional hard wrap by display width, case-insensitive filter with highlighted matches.
 * Only the lines that can be on screen are wrapped and cut into rows; a 100 KB line costs
 * no more than a screenful of text.
 */
import { Box } from 'ink';
import type { JSX } from 'react';
import { useMemo } from 'react';
import { Text } from './safe-text.js';
import { cleanText, fitCell, takeWidth } from './text.js';

export interface LogRow {
  text: string;
  /** [start, end) code-unit offsets into `text` where the filter matched. */
  matches: Array<[number, number]>;
}

export interface LogLayoutOptions {
  width: number;
  height: number;
  wrap: boolean;
  /** Rows scrolled up from the newest; 0 follows the tail. Clamped to what exists. */
  scrollFromBottom: number;
  /** Case-insensitive substring; lines without it are hidden. */
  filter?: string;
}

export interface LogLayout {
  /** At most `height` rows, top to bottom. */
  rows: LogRow[];
  /** Rows the whole (filtered) log takes at this width: the scroll range is total - height. */
  total: number;
}

/** A wrapped line is cut after this many rows (the last one ends in '…'). */
export const MAX_ROWS_PER_LINE = 50;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Span {
  start: number;
  end: number;
  ellipsis: boolean;
}

/** Row spans of one sanitized line, at most `maxRows` of them. */
function wrapSpans(text: string, width: number, maxRows: number): Span[] {
  const spans: Span[] = [];
  let start = 0;
  do {
    let { end } = takeWidth(text, start, width);
    if (end === start) {
      // Nothing fits: a wide character in a one-column view, or a pathological grapheme
      // (thousands of combining marks) longer than takeWidth's window.
      const window = width * 8 + 64;
      if (text.length - start <= window) {
        spans.push({ start, end: start, ellipsis: true });
        return spans;
      }
      end = start + window;
    }
    if (spans.length === maxRows - 1 && end < text.length) {
      spans.push({ start, end: takeWidth(text, start, width - 1).end, ellipsis: true });
      return spans;
    }
    spans.push({ start, end, ellipsis: false });
    start = end;
  } while (start < text.length);
  return spans;
}

function rowCount(text: string, width: number, wrap: boolean): number {
  if (!wrap) return 1;
  if (PRINTABLE_ASCII.test(text)) {
    return Math.max(1, Math.min(MAX_ROWS_PER_LINE, Math.ceil(text.length / width)));
  }
  return wrapSpans(text, width, MAX_ROWS_PER_LINE).length;
}

function matchRanges(
  text: string,
  pattern: RegExp | undefined,
  limit: number,
): Array<[number, number]> {
  if (!pattern) return [];
  const ranges: Array<[number, number]> = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m && m.index < limit; m = pattern.exec(text)) {
    ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

function clip(
  ranges: Array<[number, number]>,
  start: number,
  end: number,
): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [a, b] of ranges) {
    const from = Math.max(a, start);
    const to = Math.min(b, end);
    if (from < to) out.push([from - start, to - start]);
  }
  return out;
}

export function layoutLog(lines: readonly string[], opts: LogLayoutOptions): LogLayout {
  const width = Math.max(0, Math.trunc(opts.width));
  const height = Math.max(0, Math.trunc(opts.height));
  // Wrapping needs room for a wide character; narrower views truncate instead.
  const wrap = opts.wrap && width >= 2;
  const needle = opts.filter ?? '';
  const test = needle === '' ? undefined : new RegExp(escapeRegExp(needle), 'iu');
  const find = needle === '' ? undefined : new RegExp(escapeRegExp(needle), 'giu');

  const texts: string[] = [];
  const counts: number[] = [];
  let total = 0;
  for (const line of lines) {
    const text = cleanText(line);
    if (test && !test.test(text)) continue;
    const n = width === 0 ? 1 : rowCount(text, width, wrap);
    texts.push(text);
    counts.push(n);
    total += n;
  }
  if (height === 0 || width === 0 || total === 0) return { rows: [], total };

  const scroll = Math.min(
    Math.max(0, Math.trunc(opts.scrollFromBottom) || 0),
    Math.max(0, total - height),
  );
  const bottom = total - scroll;
  const top = Math.max(0, bottom - height);

  // Walk back from the newest line to the ones that intersect [top, bottom).
  const rows: LogRow[] = [];
  let lineEnd = total;
  for (let i = texts.length - 1; i >= 0 && lineEnd > top; i--) {
    const text = texts[i]!;
    const lineStart = lineEnd - counts[i]!;
    if (lineStart < bottom) {
      const spans = wrapSpans(text, width, wrap ? MAX_ROWS_PER_LINE : 1);
      const visibleEnd = spans.at(-1)?.end ?? 0;
      const ranges = matchRanges(text, find, visibleEnd);
      const lineRows: LogRow[] = [];
      spans.forEach((span, k) => {
        const row = lineStart + k;
        if (row < top || row >= bottom) return;
        const body = text.slice(span.start, span.end);
        lineRows.push({
          text: span.ellipsis ? `${body}…` : body,
          matches: clip(ranges, span.start, span.end),
        });
      });
      rows.unshift(...lineRows);
    }
    lineEnd = lineStart;
  }
  return { rows, total };
}

export interface LogViewProps extends LogLayoutOptions {
  lines: readonly string[];
}

/** The row's text cut into plain and matched pieces, in order (for highlighting). */
export function splitMatches(row: LogRow): Array<{ text: string; match: boolean }> {
  const parts: Array<{ text: string; match: boolean }> = [];
  let at = 0;
  for (const [a, b] of row.matches) {
    if (a > at) parts.push({ text: row.text.slice(at, a), match: false });
    parts.push({ text: row.text.slice(a, b), match: true });
    at = b;
  }
  if (at < row.text.length || parts.length === 0) {
    parts.push({ text: row.text.slice(at), match: false });
  }
  return parts;
}

function Highlighted({ row }: { row: LogRow }): JSX.Element {
  if (row.matches.length === 0) return <Text wrap="truncate-end">{row.text}</Text>;
  return (
    <Text wrap="truncate-end">
      {splitMatches(row).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
        <Text key={i} inverse={part.match}>
          {part.text}
        </Text>
      ))}
    </Text>
  );
}

export function LogView(props: LogViewProps): JSX.Element {
  const { lines, width, height, wrap, scrollFromBottom, filter } = props;
  const layout = useMemo(
    () => layoutLog(lines, { width, height, wrap, scrollFromBottom, filter }),
    [lines, width, height, wrap, scrollFromBottom, filter],
  );
  const w = Math.max(0, Math.trunc(width));
  const h = Math.max(0, Math.trunc(height));
  if (w === 0 || h === 0) return <Box width={w} height={0} />;
  return (
    <Box flexDirection="column" width={w} height={h} overflow="hidden">
      {layout.rows.length === 0 ? (
        <Text dimColor wrap="truncate-end">
          {fitCell(filter ? `No lines match "${filter}"` : 'No log lines', w)}
        </Text>
      ) : (
        layout.rows.map((row, i) => (
          // Rows are positional: the same slot shows whatever line scrolls into it.
          // biome-ignore lint/suspicious/noArrayIndexKey: positional rows
          <Highlighted key={i} row={row} />
        ))
      )}
    </Box>
  );
}
