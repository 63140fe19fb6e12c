/**
 * Sideways scrolling of a panel whose lines are wider than the terminal (the transceiver
 * table, a rule's long matches at 80 columns): a window of display columns over the lines,
 * moved a step at a time. Columns are display columns (a wide character takes two); a wide
 * character cut by either edge of the window is shown as a space, never halved. The lines
 * are sanitized here (no escape sequence can be cut in two and leak its tail).
 */
import { cleanText, takeWidth, textWidth } from './text.js';

/** Columns ←/→ move the window by. */
export const HSCROLL_STEP = 8;

/** The columns [from, from + width) of already-sanitized `text`, at most `width` wide. */
export function sliceColumns(text: string, from: number, width: number): string {
  if (width <= 0) return '';
  const start = Math.max(0, Math.trunc(from));
  const skipped = takeWidth(text, 0, start);
  let at = skipped.end;
  let pad = 0;
  if (skipped.used < start && at < text.length) {
    // a wide character straddles the left edge: its visible part becomes spaces (two columns,
    // or more: string-width counts some clusters three, e.g. a note with its stem and flag)
    let wide = { end: at, used: 0 };
    for (let w = 2; wide.end === at && w <= 16; w++) wide = takeWidth(text, at, w);
    at = wide.end;
    pad = Math.min(width, skipped.used + wide.used - start);
  }
  const shown = takeWidth(text, at, width - pad);
  return ' '.repeat(pad) + text.slice(at, shown.end);
}

export interface HScrollView {
  /** The lines cut to the window, each at most `width` columns. */
  lines: string[];
  /** The window's first column (0-based), clamped to what can scroll. */
  offset: number;
  /** Columns of the widest line. */
  widest: number;
  /** The largest useful offset: 0 when every line fits. */
  max: number;
  /** `◀ col 9–86 of 99 ▶` — where the window is, with a mark on each side that has more; '' when all fits. */
  note: string;
}

/** The window of `width` columns at `offset` over `lines`. */
export function hscroll(lines: readonly string[], offset: number, width: number): HScrollView {
  const w = Math.max(1, Math.trunc(width));
  const clean = lines.map(cleanText);
  const widest = clean.reduce((m, l) => Math.max(m, textWidth(l)), 0);
  const max = Math.max(0, widest - w);
  const at = Math.max(0, Math.min(Math.trunc(offset) || 0, max));
  const note =
    max === 0
      ? ''
      : `${at > 0 ? '◀ ' : ''}col ${at + 1}–${Math.min(widest, at + w)} of ${widest}${at < max ? ' ▶' : ''}`;
  return { lines: clean.map((l) => sliceColumns(l, at, w)), offset: at, widest, max, note };
}

/** The offset after one step left (-1) or right (+1), within [0, max]. */
export function stepOffset(offset: number, direction: -1 | 1, max: number): number {
  return Math.max(0, Math.min(max, offset + direction * HSCROLL_STEP));
}
