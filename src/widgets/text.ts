/**
 * Display-width text helpers shared by the widgets. Every cell a widget draws is measured
 * in terminal columns (a CJK character or an emoji takes two), never in code units, so
 * columns line up and no line grows wider than the widget's `width`.
 *
 * Inputs may be huge (a 100 KB device string): the helpers only ever segment the part of
 * the text that can be shown.
 */
import stringWidth from 'string-width';
import { sanitize } from '../model/index.js';

const segmenter = new Intl.Segmenter();
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

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
  // A grapheme is rarely longer than a few code units; the window bounds the work.
  const windowEnd = Math.min(text.length, start + width * 8 + 64);
  const windowCut = windowEnd < text.length;
  let used = 0;
  let end = start;
  for (const { segment, index } of segmenter.segment(text.slice(start, windowEnd))) {
    // The last segment of a cut window may be an incomplete grapheme.
    if (windowCut && start + index + segment.length === windowEnd) break;
    const w = stringWidth(segment);
    if (used + w > width) break;
    used += w;
    end = start + index + segment.length;
  }
  return { end, used };
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
  const cut = truncateText(sanitize(text), width);
  return padText(cut.text, cut.width, width, align);
}

/** Sanitized single line cut to `width` columns, not padded. */
export function clipLine(text: string, width: number): string {
  return truncateText(sanitize(text), width).text;
}
