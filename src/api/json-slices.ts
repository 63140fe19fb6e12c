/**
 * Big answers parsed in slices. GET /rules/all with 65,536 rules is ≈ 17 MB of JSON, which the
 * lossless parser (json.ts) reads in about half a second: in one piece that would freeze the
 * console — keys, frames — for as long. Here a scanner finds where the elements of the
 * answer's big arrays start and end (a top-level array, or an array that is a member of the
 * top-level object), following strings, their escapes and brackets, and parses them a slice
 * of elements at a time, the event loop running in between.
 *
 * A slice is parsed by `JSON.parse`, 3–4 times faster than the lossless parser and with far
 * less garbage, made exact: the scanner notes every integer of 16 digits or more outside
 * strings (a cookie, a 64-bit counter; every shorter integer is below 2^53), the slice's text
 * is given to JSON.parse with those integers quoted behind a mark (U+007F), and the marked
 * strings are turned back into numbers by `parseNumber`, exactly as the lossless parser does.
 * A slice whose text holds the mark itself, written or escaped, goes to the lossless parser.
 *
 * The result is the value `parseJson(text)` gives, or its SyntaxError: anything the scanner
 * does not follow, or any slice that does not parse, and the whole text is parsed in one go by
 * `parseJson`. Texts below SLICED_MIN_CHARS always are.
 */
import { parseJson, parseNumber } from './json.js';
import { defineOwn } from './shape.js';
import { nextTurn } from './slices.js';

/** Answers of at least this many characters are parsed in slices (4,096 rules are ≈ 1.1 MB). */
export const SLICED_MIN_CHARS = 2 * 1024 * 1024;
/** Characters of array elements per slice: ≈ 500 rules, ≈ 3 ms on the build machine. */
const SLICE_CHARS = 128 * 1024;

export interface SliceOptions {
  /** Texts shorter than this are parsed in one go; SLICED_MIN_CHARS by default. */
  minChars?: number;
  /** Characters per slice (tests use small ones). */
  sliceChars?: number;
  /** Awaited between slices; `nextTurn` by default. */
  pause?: () => Promise<void>;
}

/** `parseJson(text)`, without holding the event loop for long when `text` is big. */
export async function parseJsonInSlices(
  text: string,
  options: SliceOptions = {},
): Promise<unknown> {
  if (text.length < (options.minChars ?? SLICED_MIN_CHARS)) return parseJson(text);
  try {
    return await parseSlicesOnly(text, options);
  } catch {
    // not JSON, or not a shape the scanner follows: the lossless parser decides
    return parseJson(text);
  }
}

/** The sliced parse alone: throws where `parseJsonInSlices` would fall back (for tests). */
export function parseSlicesOnly(text: string, options: SliceOptions = {}): Promise<unknown> {
  return new SlicedParser(text, options).parse();
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
/**
 * DEL: a character JSON strings may hold as it is, and one that keeps the text one byte per
 * character (a mark beyond U+00FF would make V8 parse the slice as two-byte text, slower).
 */
const MARK = '\u007F';
const MARK_CODE = 0x7f;
/** The mark written as a JSON escape. */
const ESCAPED_MARK = /\\u007[fF]/;
/** Integers this long may be beyond 2^53 (which has 16 digits). */
const LONG_INTEGER = 16;

/** JSON's four whitespace characters. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
/** Where a number or literal ends: whitespace or a character with a meaning of its own. */
const endsToken = (c: number) =>
  isSpace(c) ||
  c === COMMA ||
  c === COLON ||
  c === QUOTE ||
  c === OPEN_ARRAY ||
  c === CLOSE_ARRAY ||
  c === OPEN_OBJECT ||
  c === CLOSE_OBJECT;

class SlicedParser {
  private pos = 0;
  /** Start and end of each long integer noted since the last slice. */
  private longs: number[] = [];
  private readonly sliceChars: number;
  private readonly pause: () => Promise<void>;

  constructor(
    private readonly text: string,
    options: SliceOptions,
  ) {
    this.sliceChars = Math.max(1, options.sliceChars ?? SLICE_CHARS);
    this.pause = options.pause ?? nextTurn;
  }

  async parse(): Promise<unknown> {
    const value = await this.value(0);
    this.space();
    if (this.pos !== this.text.length) throw new SyntaxError('end of input expected');
    return value;
  }

  /**
   * The top-level array or object, and arrays that are members of the top-level object, are
   * walked; any other value is parsed whole.
   */
  private async value(depth: number): Promise<unknown> {
    this.space();
    const c = this.text.charCodeAt(this.pos);
    if (c === OPEN_ARRAY && depth <= 1) return this.array();
    if (c === OPEN_OBJECT && depth === 0) return this.object();
    const start = this.pos;
    this.skipValue();
    this.longs = [];
    return parseJson(this.text.slice(start, this.pos));
  }

  private async object(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    this.pos++; // {
    this.space();
    if (this.take(CLOSE_OBJECT)) return out;
    for (;;) {
      if (this.text.charCodeAt(this.pos) !== QUOTE) throw new SyntaxError('key expected');
      const start = this.pos;
      this.skipString();
      const key = parseJson(this.text.slice(start, this.pos)) as string;
      this.space();
      if (!this.take(COLON)) throw new SyntaxError("':' expected");
      const value = await this.value(1);
      // as the parser does: the last of duplicate keys wins, __proto__ is plain data
      defineOwn(out, key, value);
      this.space();
      if (this.take(CLOSE_OBJECT)) return out;
      if (!this.take(COMMA)) throw new SyntaxError("',' or '}' expected");
      this.space();
    }
  }

  private async array(): Promise<unknown[]> {
    const out: unknown[] = [];
    this.pos++; // [
    this.space();
    if (this.take(CLOSE_ARRAY)) return out;
    let start = this.pos;
    let count = 0;
    for (;;) {
      this.skipValue();
      count++;
      this.space();
      const end = this.pos;
      const last = this.take(CLOSE_ARRAY);
      if (!last && !this.take(COMMA)) throw new SyntaxError("',' or ']' expected");
      if (last || end - start >= this.sliceChars) {
        const slice = this.slice(start, end);
        if (slice.length !== count) throw new SyntaxError('the slice does not match the scan');
        for (const v of slice) out.push(v);
        if (last) return out;
        await this.pause();
        this.space();
        start = this.pos;
        count = 0;
      } else this.space();
    }
  }

  /** The elements between `start` and `end` (comma-separated values), parsed exactly. */
  private slice(start: number, end: number): unknown[] {
    const { text, longs } = this;
    this.longs = [];
    const body = text.slice(start, end);
    if (body.includes(MARK) || ESCAPED_MARK.test(body)) return parseJson(`[${body}]`) as unknown[];
    if (longs.length === 0) return JSON.parse(`[${body}]`);
    const parts = ['['];
    let at = start;
    for (let i = 0; i < longs.length; i += 2) {
      parts.push(text.slice(at, longs[i]), `"${MARK}`, text.slice(longs[i], longs[i + 1]), '"');
      at = longs[i + 1]!;
    }
    parts.push(text.slice(at, end), ']');
    return unmark(JSON.parse(parts.join(''))) as unknown[];
  }

  /** Moves past one value (its content is checked by the parser later). */
  private skipValue(): void {
    const { text } = this;
    const c = text.charCodeAt(this.pos);
    if (c === QUOTE) {
      this.skipString();
      return;
    }
    if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
      this.skipToken();
      return;
    }
    let depth = 0;
    while (this.pos < text.length) {
      const d = text.charCodeAt(this.pos);
      if (d === QUOTE) this.skipString();
      else if (d === MINUS || isDigit(d)) this.skipToken();
      else {
        this.pos++;
        if (d === OPEN_ARRAY || d === OPEN_OBJECT) depth++;
        else if ((d === CLOSE_ARRAY || d === CLOSE_OBJECT) && --depth === 0) return;
      }
    }
    throw new SyntaxError('unterminated array or object');
  }

  /** A number or a literal; notes an integer of LONG_INTEGER digits or more that is a value. */
  private skipToken(): void {
    const { text } = this;
    const start = this.pos;
    while (this.pos < text.length && !endsToken(text.charCodeAt(this.pos))) this.pos++;
    if (this.pos === start) throw new SyntaxError('value expected');
    const digits = text.charCodeAt(start) === MINUS ? start + 1 : start;
    if (this.pos - digits < LONG_INTEGER || text.charCodeAt(digits) === 0x30) return;
    for (let i = digits; i < this.pos; i++) if (!isDigit(text.charCodeAt(i))) return;
    // quoted, a number before ':' would become a valid key: leave that to fail as it should
    let next = this.pos;
    while (isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) !== COLON) this.longs.push(start, this.pos);
  }

  /** From an opening quote to just past its closing quote (one after an even run of backslashes). */
  private skipString(): void {
    const { text } = this;
    let at = this.pos + 1;
    for (;;) {
      const quote = text.indexOf('"', at);
      if (quote === -1) throw new SyntaxError('unterminated string');
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
      at = quote + 1;
      if (backslashes % 2 === 0) break;
    }
    this.pos = at;
  }

  private space(): void {
    while (isSpace(this.text.charCodeAt(this.pos))) this.pos++;
  }

  private take(code: number): boolean {
    if (this.text.charCodeAt(this.pos) !== code) return false;
    this.pos++;
    return true;
  }
}

/** Marked strings (quoted long integers) back to what the lossless parser makes of them. */
function unmark(value: unknown): unknown {
  if (typeof value === 'string')
    return value.charCodeAt(0) === MARK_CODE ? parseNumber(value.slice(1)) : value;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = unmark(value[i]);
    return value;
  }
  const o = value as Record<string, unknown>;
  for (const key of Object.keys(o)) {
    const v = o[key];
    if (
      typeof v === 'string' ? v.charCodeAt(0) === MARK_CODE : typeof v === 'object' && v !== null
    ) {
      if (key === '__proto__') defineOwn(o, key, unmark(v));
      else o[key] = unmark(v);
    }
  }
  return o;
}
