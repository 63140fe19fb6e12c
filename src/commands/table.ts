/**
 * Plain-text tables for terminals. Every cell passes through `sanitize` (device strings
 * may carry escape sequences); columns are measured with string-width (wide characters)
 * and the widest flexible columns are truncated with cli-truncate to fit the terminal.
 */
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import { sanitize } from '../model/sanitize.js';

export interface Column {
  header: string;
  /** Right-aligned (numbers). */
  right?: boolean;
  /** May be truncated to fit the width (names, descriptions, matches). */
  flex?: boolean;
}

/** Terminal width; with no terminal, $COLUMNS or no limit. */
function termWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns;
  const env = Number(process.env.COLUMNS);
  return Number.isFinite(env) && env > 0 ? env : Number.POSITIVE_INFINITY;
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return sanitize(String(value));
}

const GAP = 2;
const ASCII = /^[\x20-\x7e]*$/;

/** Display width; printable ASCII (nearly every cell) without string-width's cost. */
function width(text: string): number {
  return ASCII.test(text) ? text.length : stringWidth(text);
}

function fitWidths(natural: number[], columns: Column[], maxWidth: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1);
  if (total() <= maxWidth) return widths;
  const floor = columns.map((c) => Math.min(width(c.header), 8));
  // Shave the widest flexible column one cell at a time (then any column) until it fits.
  for (const onlyFlex of [true, false]) {
    while (total() > maxWidth) {
      let pick = -1;
      for (let i = 0; i < widths.length; i++) {
        if (onlyFlex && !columns[i]?.flex) continue;
        if (widths[i]! <= Math.max(floor[i]!, 3)) continue;
        if (pick < 0 || widths[i]! > widths[pick]!) pick = i;
      }
      if (pick < 0) break;
      widths[pick]!--;
    }
  }
  return widths;
}

function* column(cells: string[][], i: number): Iterable<string> {
  for (const r of cells) yield r[i]!;
}

function pad(text: string, room: number, right: boolean): string {
  const fitted = width(text) > room ? cliTruncate(text, room) : text;
  const space = ' '.repeat(Math.max(0, room - width(fitted)));
  return right ? space + fitted : fitted + space;
}

/**
 * The widest of `texts`. A loop, not `Math.max(...list)`: spreading a device-sized list
 * (150,000 rules) into arguments overflows the call stack.
 */
function widest(texts: Iterable<string>, least = 0): number {
  let most = least;
  for (const t of texts) {
    const w = width(t);
    if (w > most) most = w;
  }
  return most;
}

/** Rows of raw values; each is sanitized. Returns the text with a trailing newline. */
export function renderTable(columns: Column[], rows: unknown[][], maxWidth = termWidth()): string {
  const cells = rows.map((r) => columns.map((_, i) => cell(r[i])));
  const natural = columns.map((c, i) => widest(column(cells, i), width(c.header)));
  const widths = fitWidths(natural, columns, maxWidth);
  const line = (r: string[]) =>
    r
      .map((t, i) => pad(t, widths[i]!, Boolean(columns[i]?.right)))
      .join(' '.repeat(GAP))
      .trimEnd();
  const out = [line(columns.map((c) => c.header)), ...cells.map(line)];
  return `${out.join('\n')}\n`;
}

/** `key   value` lines for one object; values are sanitized and truncated to the width. */
export function renderPairs(pairs: [string, unknown][], maxWidth = termWidth()): string {
  // Keys can come from the device too (objects printed as they are): sanitized like values.
  const keys = pairs.map(([k]) => cell(k));
  const keyWidth = widest(keys);
  const room = Math.max(10, maxWidth - keyWidth - GAP);
  const lines = pairs.map(([, v], i) => {
    const text = cell(v);
    const shown = Number.isFinite(room) && width(text) > room ? cliTruncate(text, room) : text;
    const key = keys[i]!;
    return `${key}${' '.repeat(keyWidth - width(key) + GAP)}${shown}`.trimEnd();
  });
  return `${lines.join('\n')}\n`;
}

/** Device text shown as a block (SFP report, log): sanitized, newlines kept. */
export function renderText(text: string): string {
  const out = sanitize(text, { keepNewlines: true });
  return out.endsWith('\n') ? out : `${out}\n`;
}

/** 1234567 → 1.23M; exact values are in -o json. */
export function compact(n: bigint | number): string {
  const v = typeof n === 'bigint' ? Number(n) : n;
  if (Math.abs(v) < 10_000) return String(n);
  const units = ['K', 'M', 'G', 'T', 'P', 'E'];
  let x = v;
  let u = -1;
  while (Math.abs(x) >= 1000 && u < units.length - 1) {
    x /= 1000;
    u++;
  }
  return `${x >= 100 ? x.toFixed(0) : x.toFixed(x >= 10 ? 1 : 2)}${units[u]}`;
}
