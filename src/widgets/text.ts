/**
 * Display-width text helpers shared by the widgets. Every cell a widget draws is measured
 * in terminal columns (a CJK character or an emoji takes two), never in code units, so
 * columns line up and no line grows wider than the widget's `width`.
 *
 * Inputs may be huge (a 100 KB device string): the helpers only ever segment the part of
 * the text that can be shown.
 */
import stringWidth from 'string-width';
import { sanitize, setBounded } from '../model/index.js';
import oneColumn from '../model/one-column.json' with { type: 'json' };

// made at first use: the first Intl.Segmenter of a process loads ICU's grapheme rules (15–30
// ms), which plain text never needs (scripts/ink-output-cache.mjs)
let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string) => {
  segmenter ??= new Intl.Segmenter();
  return segmenter.segment(text);
};
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Code points that can join a neighbour into one grapheme (marks, joiners, variation
// selectors, emoji modifiers and flags, tags, Hangul jamo, prepend and spacing marks).
// Text without them is segmented per code point, which is many times faster than
// Intl.Segmenter.
const CLUSTERING =
  /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e0fff}\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;

// Code points that attach to whatever precedes them (extend, spacing marks, joiners).
const LEADING_MARK =
  /^(?:\p{M}|\u200c|\u200d|[\u{1f3fb}-\u{1f3ff}]|[\u0e33\u0eb3\u{e0020}-\u{e007f}])/u;

/**
 * Device text made safe to draw: escape sequences and controls removed, and a text that
 * begins with a combining mark gets a dotted circle (U+25CC, Unicode's base for a lone
 * mark) so the mark cannot fuse with the padding or cell drawn before it.
 */
export function cleanText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  const clean = sanitize(text);
  // every code point LEADING_MARK matches is U+0300 or above: below it, no Unicode regular
  // expression to compile (its first use costs ~0.1 ms in every process)
  return clean.charCodeAt(0) >= 0x300 && LEADING_MARK.test(clean) ? `\u25cc${clean}` : clean;
}

// string-width is slow per call (emoji regexes); graphemes repeat, so remember them.
const graphemeWidths = new Map<string, number>();

/**
 * One column by string-width, and never joined to a neighbour: ASCII, Latin letters,
 * punctuation, arrows, box drawing and the console's symbols (·, —, °, ●, …). The one list
 * (src/model/one-column.json) that the string-width Ink and pbc share takes as its fast path
 * too (scripts/ink-output-cache.mjs); test/build/ink-cache-plugin.test.ts checks each against
 * stock string-width. Measured without it: the first measurement compiles string-width's emoji
 * regex.
 */
export const ONE_COLUMN = new RegExp(`^[${oneColumn.class}]$`);

/** Text of ONE_COLUMN code points only (every one a grapheme of its own). */
const ONE_COLUMN_RUN = new RegExp(`^[${oneColumn.class}]*$`);

function graphemeWidth(segment: string): number {
  const code = segment.charCodeAt(0);
  if (segment.length === 1 && code >= 0x20 && code < 0x7f) return 1;
  if (ONE_COLUMN.test(segment)) return 1;
  let width = graphemeWidths.get(segment);
  if (width === undefined) {
    width = setBounded(graphemeWidths, 4096, segment, stringWidth(segment));
  }
  return width;
}

/** Display width of already-sanitized text. */
export function textWidth(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/**
 * How far from `start` the already-sanitized `text` can be taken without exceeding `width`
 * columns: the end index (exclusive, on a grapheme boundary) and the columns used.
 * Looks at no more than a bounded window of the text, whatever its length.
 */
export function takeWidth(
  text: string,
  start: number,
  width: number,
): { end: number; used: number } {
  if (width <= 0 || start >= text.length) return { end: start, used: 0 };
  const ascii = text.slice(start, start + width);
  const after = text.charCodeAt(start + width);
  // Fast path: plain ASCII and the next character cannot combine with the last one.
  if (PRINTABLE_ASCII.test(ascii) && (Number.isNaN(after) || after < 0x80)) {
    return { end: start + ascii.length, used: ascii.length };
  }
  // ASCII and the console's symbols (·, —, °, ●, █, …): one column a code unit, none joining
  // a neighbour, and nothing below U+0300 joins the last one. No Unicode expression (CLUSTERING)
  // compiled, no code point looked at one by one: the first frame's header and lines are these.
  if (ONE_COLUMN_RUN.test(ascii) && (Number.isNaN(after) || after < 0x300)) {
    return { end: start + ascii.length, used: ascii.length };
  }
  // A grapheme is rarely longer than a few code units; the window bounds the work.
  const windowEnd = Math.min(text.length, start + width * 8 + 64);
  const windowCut = windowEnd < text.length;
  const window = text.slice(start, windowEnd);
  if (!CLUSTERING.test(window)) return takeCodePoints(window, start, width, windowCut);
  let used = 0;
  let end = start;
  for (const { segment, index } of graphemes(window)) {
    // The last segment of a cut window may be an incomplete grapheme.
    if (windowCut && start + index + segment.length === windowEnd) break;
    const w = graphemeWidth(segment);
    if (used + w > width) break;
    used += w;
    end = start + index + segment.length;
  }
  return { end, used };
}

/** takeWidth for text where every code point is a grapheme of its own (the common case). */
function takeCodePoints(
  window: string,
  start: number,
  width: number,
  windowCut: boolean,
): { end: number; used: number } {
  // In a cut window the last unit may be half of a surrogate pair.
  const limit = window.length - (windowCut ? 1 : 0);
  let used = 0;
  let i = 0;
  while (i < limit) {
    const code = window.codePointAt(i)!;
    const len = code > 0xffff ? 2 : 1;
    const w = code >= 0x20 && code < 0x7f ? 1 : graphemeWidth(window.slice(i, i + len));
    if (used + w > width) break;
    used += w;
    i += len;
  }
  return { end: start + i, used };
}

/** Already-sanitized text cut to `width` columns, ending in '…' when anything was cut. */
export function truncateText(text: string, width: number): { text: string; width: number } {
  if (width <= 0) return { text: '', width: 0 };
  const whole = takeWidth(text, 0, width);
  if (whole.end >= text.length) return { text, width: whole.used };
  const head = takeWidth(text, 0, width - 1);
  return { text: `${text.slice(0, head.end)}…`, width: head.used + 1 };
}

/** Pads text of known display width to exactly `width` columns. */
export function padText(
  text: string,
  used: number,
  width: number,
  align: 'left' | 'right' = 'left',
): string {
  const pad = Math.max(0, width - used);
  if (pad === 0) return text;
  return align === 'right' ? ' '.repeat(pad) + text : text + ' '.repeat(pad);
}

/**
 * One table cell: sanitized, cut by display width with '…', padded to exactly `width`
 * columns (a wide character that does not fit is replaced by padding, never split).
 */
export function fitCell(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  // Sanitizing is linear; slicing first could cut an escape sequence and leak its tail.
  const cut = truncateText(cleanText(text), width);
  return padText(cut.text, cut.width, width, align);
}

/** Sanitized single line cut to `width` columns, not padded. */
export function clipLine(text: string, width: number): string {
  return truncateText(cleanText(text), width).text;
}

/**
 * A keys line (`y delete · R send, revert … · G guarded · any other key cancels`) as the lines
 * of `width` it needs, split between its ` · ` parts (at most `max` lines; the last is cut).
 */
export function keyLines(text: string, width: number, max = 2): string[] {
  if (textWidth(text) <= width) return [text];
  const lines: string[] = [];
  for (const part of text.split(' · ')) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(`${last} · ${part}`) <= width)
      lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(part);
  }
  const kept = lines.slice(0, max - 1);
  return [...kept, lines.slice(max - 1).join(' · ')].map((l) => clipLine(l, width));
}
