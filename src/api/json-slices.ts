/**
 * Big answers parsed in slices. GET /rules/all with 65,536 rules is ≈ 17 MB of JSON, which the
 * lossless parser (json.ts) reads in about half a second: in one piece that would freeze the
 * console — keys, frames — for as long. Here a scanner finds where the elements of the
 * answer's big arrays start and end (a top-level array, or an array that is a member of the
 * top-level object), following strings, their escapes and brackets, and parses them a slice
 * of elements at a time, the event loop running in between.
 *
 * The scanner reads the answer's **bytes** (UTF-8), never the whole answer as one text: JSON's
 * punctuation is ASCII, so every slice begins and ends on a whole character and is decoded on
 * its own. With `elements` each element becomes what the caller makes of it (a model Rule) as
 * its slice is parsed, so the wire objects of the whole answer never exist at once either.
 *
 * A slice is parsed by `JSON.parse`, 3–4 times faster than the lossless parser and with far
 * less garbage, made exact: the scanner notes every integer of 16 digits or more outside
 * strings (a cookie, a 64-bit counter; every shorter integer is below 2^53), the slice's text
 * is given to JSON.parse with those integers quoted behind a mark (U+007F), and the marked
 * strings are turned back into numbers by `parseNumber`, exactly as the lossless parser does.
 * A slice whose text holds the mark itself, written or escaped, goes to the lossless parser.
 *
 * The result is the value `parseJson(text)` gives for the decoded text, or its SyntaxError:
 * anything the scanner does not follow, or any slice that does not parse, and the whole text is
 * decoded and parsed in one go by `parseJson`. Answers below SLICED_MIN_CHARS always are.
 */
import { bodyText } from './body-bytes.js';
import { holdsMark, MARK, parseJson, unmark } from './json.js';
import { defineOwn } from './shape.js';
import { mapInSlices, nextTurn } from './slices.js';

/** Answers of at least this many bytes are parsed in slices (4,096 rules are ≈ 1.1 MB). */
export const SLICED_MIN_CHARS = 2 * 1024 * 1024;
/** Bytes of array elements per slice: ≈ 500 rules, ≈ 3 ms on the build machine. */
const SLICE_CHARS = 128 * 1024;

/**
 * What each element of the answer's big arrays becomes as its slice is parsed: `member` is the
 * name of the top-level object's member holding the array, undefined for a top-level array.
 * The GET /rules/all reader normalizes (and shares) each rule here, so the wire objects of the
 * whole answer never exist at once. Its errors are the parse's: thrown as they are.
 */
export type ElementMap = (value: unknown, index: number, member: string | undefined) => unknown;

export interface SliceOptions {
  /** Answers shorter than this (bytes, or characters of a text) are parsed in one go; SLICED_MIN_CHARS by default. */
  minChars?: number;
  /** Bytes per slice (tests use small ones). */
  sliceChars?: number;
  /** Awaited between slices; `nextTurn` by default. */
  pause?: () => Promise<void>;
  /** Applied to each element of the top-level array and of the top-level object's arrays. */
  elements?: ElementMap;
}

/** An error of `elements`, carried past the fallback to the one-shot parse. */
class ElementFailure {
  constructor(readonly error: unknown) {}
}

/** `map` with its errors wrapped, so that no fallback takes them for the parser's. */
const elementsOf =
  (map: ElementMap): ElementMap =>
  (value, index, member) => {
    try {
      return map(value, index, member);
    } catch (error) {
      throw new ElementFailure(error);
    }
  };

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;
const hasBom = (bytes: Uint8Array) => UTF8_BOM.every((b, i) => bytes[i] === b);

/**
 * An answer's body, as bytes, parsed: the value `parseJson` gives for the body decoded as
 * UTF-8 (a leading BOM dropped, as TextDecoder does), with `elements` applied, or its
 * SyntaxError. A big body is never decoded as a whole: each slice's elements are decoded on
 * their own (slices begin and end at JSON's ASCII punctuation, never inside a character).
 */
export async function parseJsonBytes(
  bytes: Uint8Array,
  options: SliceOptions = {},
): Promise<unknown> {
  try {
    if (bytes.length >= (options.minChars ?? SLICED_MIN_CHARS)) {
      try {
        return await new SlicedParser(bytes, options, hasBom(bytes) ? 3 : 0).parse();
      } catch (error) {
        if (error instanceof ElementFailure) throw error;
        // not JSON, or not a shape the scanner follows: the lossless parser decides
      }
    }
    const value = parseJson(bodyText(bytes));
    return options.elements ? await mapElements(value, elementsOf(options.elements)) : value;
  } catch (error) {
    throw error instanceof ElementFailure ? error.error : error;
  }
}

/**
 * `elements` applied to a value parsed in one go, as the sliced parse applies it: the top-level
 * array's elements, or those of the top-level object's arrays. `value` is left as it is.
 */
export async function mapElements(value: unknown, map: ElementMap): Promise<unknown> {
  if (Array.isArray(value)) return mapInSlices(value, (v, i) => map(v, i, undefined));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    defineOwn(out, key, Array.isArray(v) ? await mapInSlices(v, (x, i) => map(x, i, key)) : v);
  return out;
}

/** A text not one-to-one with its UTF-8 bytes (lone surrogates, a BOM): parsed by `parseJson`. */
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();
const notBytes = (text: string) => !wellFormed(text) || text.charCodeAt(0) === 0xfeff;

/** `parseJson(text)`, without holding the event loop for long when `text` is big. */
export async function parseJsonInSlices(
  text: string,
  options: SliceOptions = {},
): Promise<unknown> {
  if (text.length < (options.minChars ?? SLICED_MIN_CHARS) || notBytes(text)) {
    const value = parseJson(text);
    return options.elements ? mapElements(value, options.elements) : value;
  }
  return parseJsonBytes(Buffer.from(text, 'utf8'), { ...options, minChars: 0 });
}

/** The sliced parse alone, of a text or of bytes: throws where the others would fall back (for tests). */
export async function parseSlicesOnly(
  source: string | Uint8Array,
  options: SliceOptions = {},
): Promise<unknown> {
  if (typeof source === 'string' && !wellFormed(source))
    throw new SyntaxError('lone surrogates are not read in slices');
  const bytes = typeof source === 'string' ? Buffer.from(source, 'utf8') : source;
  const start = typeof source === 'string' || !hasBom(bytes) ? 0 : 3;
  try {
    return await new SlicedParser(bytes, options, start).parse();
  } catch (error) {
    throw error instanceof ElementFailure ? error.error : error;
  }
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
  private pos: number;
  private readonly bytes: Buffer;
  /** Start and end of each long integer noted since the last slice. */
  private longs: number[] = [];
  private readonly sliceChars: number;
  private readonly pause: () => Promise<void>;
  private readonly elements: ElementMap | undefined;

  constructor(bytes: Uint8Array, options: SliceOptions, start: number) {
    this.bytes = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.sliceChars = Math.max(1, options.sliceChars ?? SLICE_CHARS);
    this.pause = options.pause ?? nextTurn;
    this.elements = options.elements;
  }

  async parse(): Promise<unknown> {
    const value = await this.value(0, undefined);
    this.space();
    if (this.pos !== this.bytes.length) throw new SyntaxError('end of input expected');
    return value;
  }

  /** Bytes `start`–`end` as text (they begin and end at ASCII, so whole characters). */
  private text(start: number, end: number): string {
    return this.bytes.toString('utf8', start, end);
  }

  /**
   * The top-level array or object, and arrays that are members of the top-level object, are
   * walked; any other value is parsed whole.
   */
  private async value(depth: number, member: string | undefined): Promise<unknown> {
    this.space();
    const c = this.bytes[this.pos];
    if (c === OPEN_ARRAY && depth <= 1) return this.array(member);
    if (c === OPEN_OBJECT && depth === 0) return this.object();
    const start = this.pos;
    this.skipValue();
    this.longs = [];
    return parseJson(this.text(start, this.pos));
  }

  private async object(): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    this.pos++; // {
    this.space();
    if (this.take(CLOSE_OBJECT)) return out;
    for (;;) {
      if (this.bytes[this.pos] !== QUOTE) throw new SyntaxError('key expected');
      const start = this.pos;
      this.skipString();
      const key = parseJson(this.text(start, this.pos)) as string;
      this.space();
      if (!this.take(COLON)) throw new SyntaxError("':' expected");
      const value = await this.value(1, key);
      // as the parser does: the last of duplicate keys wins, __proto__ is plain data
      defineOwn(out, key, value);
      this.space();
      if (this.take(CLOSE_OBJECT)) return out;
      if (!this.take(COMMA)) throw new SyntaxError("',' or '}' expected");
      this.space();
    }
  }

  private async array(member: string | undefined): Promise<unknown[]> {
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
        this.append(out, slice, member);
        if (last) return out;
        await this.pause();
        this.space();
        start = this.pos;
        count = 0;
      } else this.space();
    }
  }

  /** A slice's elements added to `out`, each as `elements` makes it. */
  private append(out: unknown[], slice: unknown[], member: string | undefined): void {
    const map = this.elements;
    if (!map) {
      for (const v of slice) out.push(v);
      return;
    }
    try {
      for (let i = 0; i < slice.length; i++) {
        out.push(map(slice[i], out.length, member));
        slice[i] = undefined; // the wire object is garbage as soon as it is read
      }
    } catch (error) {
      throw new ElementFailure(error);
    }
  }

  /** The elements between `start` and `end` (comma-separated values), parsed exactly. */
  private slice(start: number, end: number): unknown[] {
    const { longs } = this;
    this.longs = [];
    const body = this.text(start, end);
    if (holdsMark(body)) return parseJson(`[${body}]`) as unknown[];
    if (longs.length === 0) return JSON.parse(`[${body}]`);
    const parts = ['['];
    let at = start;
    for (let i = 0; i < longs.length; i += 2) {
      parts.push(this.text(at, longs[i]!), `"${MARK}`, this.text(longs[i]!, longs[i + 1]!), '"');
      at = longs[i + 1]!;
    }
    parts.push(this.text(at, end), ']');
    return unmark(JSON.parse(parts.join('')), longs.length / 2) as unknown[];
  }

  /** Moves past one value (its content is checked by the parser later). */
  private skipValue(): void {
    const { bytes } = this;
    const c = bytes[this.pos];
    if (c === QUOTE) {
      this.skipString();
      return;
    }
    if (c !== OPEN_ARRAY && c !== OPEN_OBJECT) {
      this.skipToken();
      return;
    }
    let depth = 0;
    while (this.pos < bytes.length) {
      const d = bytes[this.pos]!;
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
    const { bytes } = this;
    const start = this.pos;
    while (this.pos < bytes.length && !endsToken(bytes[this.pos]!)) this.pos++;
    if (this.pos === start) throw new SyntaxError('value expected');
    const digits = bytes[start] === MINUS ? start + 1 : start;
    if (this.pos - digits < LONG_INTEGER || bytes[digits] === 0x30) return;
    for (let i = digits; i < this.pos; i++) if (!isDigit(bytes[i]!)) return;
    // quoted, a number before ':' would become a valid key: leave that to fail as it should
    let next = this.pos;
    while (isSpace(bytes[next]!)) next++;
    if (bytes[next] !== COLON) this.longs.push(start, this.pos);
  }

  /** From an opening quote to just past its closing quote (one after an even run of backslashes). */
  private skipString(): void {
    const { bytes } = this;
    let at = this.pos + 1;
    for (;;) {
      const quote = bytes.indexOf(QUOTE, at);
      if (quote === -1) throw new SyntaxError('unterminated string');
      let backslashes = 0;
      while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
      at = quote + 1;
      if (backslashes % 2 === 0) break;
    }
    this.pos = at;
  }

  private space(): void {
    while (isSpace(this.bytes[this.pos]!)) this.pos++;
  }

  private take(code: number): boolean {
    if (this.bytes[this.pos] !== code) return false;
    this.pos++;
    return true;
  }
}
