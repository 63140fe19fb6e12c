/**
 * Lossless JSON for the device API. The device writes 64-bit cookies and counters as bare
 * JSON numbers; `JSON.parse` would round 1152921504606846978 to …976 and merge two rules'
 * identities. Integers beyond 2^53 therefore parse to bigint; everything else to number.
 */
import { parse, stringify } from 'lossless-json';
import { defineOwn } from './shape.js';

const INTEGER = /^-?\d+$/;

/** Safe integers and decimals → number; integers beyond ±2^53 → bigint (exact). */
export function parseNumber(text: string): number | bigint {
  if (INTEGER.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : BigInt(text);
  }
  return Number(text);
}

/**
 * Parses device JSON. Duplicate keys keep the last value (as `JSON.parse` does) instead of
 * failing the whole response. Throws SyntaxError on invalid JSON.
 */
export function parseJson(text: string): unknown {
  // JSON.parse, natively, gives the same values (last of duplicate keys, __proto__ as data)
  // where no integer can be beyond 2^53; where one may, the long integers are quoted behind a
  // mark first and turned back by parseNumber (as json-slices.ts does for big answers). An
  // invalid text, or one holding the mark, gets the lossless parser's value or error.
  try {
    return mayBeUnsafe(text) ? parseMarked(text) : JSON.parse(text);
  } catch {
    return parseLossless(text);
  }
}

/** 16 digits or more in a row (in a number or a string). */
const LONG_DIGITS = /\d{16,}/g;
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER); // 16 digits
const QUOTE = 0x22;

/**
 * The text may hold an integer beyond 2^53: a run of digits longer or greater than 2^53 − 1
 * that does not follow a quote. JSON never has a number right after a quote: such digits
 * begin a string (the cookies of GET /savepoints), or the text is not JSON and JSON.parse
 * says so. Marking a text whose long digits are all in strings would change nothing but
 * make a match per string (most of the first screen's parse garbage).
 */
function mayBeUnsafe(text: string): boolean {
  LONG_DIGITS.lastIndex = 0;
  for (let m = LONG_DIGITS.exec(text); m !== null; m = LONG_DIGITS.exec(text)) {
    const digits = m[0];
    if (
      (digits.length > MAX_SAFE.length || digits > MAX_SAFE) &&
      text.charCodeAt(m.index - 1) !== QUOTE
    )
      return true;
  }
  return false;
}

/**
 * The mark a long integer is quoted behind for JSON.parse (here and in json-slices.ts): DEL, a
 * character JSON strings may hold as it is, and one that keeps a text one byte per character
 * (a mark beyond U+00FF would make V8 parse it as two-byte text, slower).
 */
export const MARK = '\u007F';
const MARK_CODE = 0x7f;
/** A text holding the mark, written or escaped: not for marking (the lossless parser takes it). */
export const holdsMark = (text: string): boolean => text.includes(MARK) || /\\u007[fF]/.test(text);

/**
 * Marked strings (quoted long integers) back to what the lossless parser makes of them, in
 * place. `marks`, when known, is how many there are: the walk ends at the last one.
 */
export function unmark(value: unknown, marks = Number.POSITIVE_INFINITY): unknown {
  return unmarkIn(value, { marks });
}

function unmarkIn(value: unknown, left: { marks: number }): unknown {
  if (typeof value === 'string') {
    if (value.charCodeAt(0) !== MARK_CODE) return value;
    left.marks--;
    return parseNumber(value.slice(1));
  }
  if (typeof value !== 'object' || value === null) return value;
  // (indexed loops: no iterator and result object per step)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && left.marks > 0; i++) value[i] = unmarkIn(value[i], left);
    return value;
  }
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  for (let i = 0; i < keys.length && left.marks > 0; i++) {
    const key = keys[i]!;
    const v = o[key];
    if (
      typeof v === 'string' ? v.charCodeAt(0) === MARK_CODE : typeof v === 'object' && v !== null
    ) {
      if (key === '__proto__') defineOwn(o, key, unmarkIn(v, left));
      else o[key] = unmarkIn(v, left);
    }
  }
  return o;
}

/**
 * A string (kept as it is), or an integer of 16 digits or more where JSON has a value: after
 * `[`, `,`, `:`, whitespace or nothing, before `]`, `}`, `,`, whitespace or nothing. Where JSON
 * reads such digits as part of a string (an unterminated one), the mark lands outside a
 * string and the text stays invalid.
 */
const STRING_OR_LONG = /"(?:[^"\\]|\\.)*"|(?<=^|[[,: \t\n\r])-?[1-9]\d{15,}(?=$|[\]}, \t\n\r])/g;
/** A marked integer before `:`, which quoting would have made a key: no JSON before. */
const MARKED_KEY = /"\u007F[-\d]+"[ \t\n\r]*:/;

/** JSON.parse with every long integer quoted behind the mark, then exact (unmark). */
function parseMarked(text: string): unknown {
  if (holdsMark(text)) throw new SyntaxError('the mark in the text');
  let marks = 0;
  const marked = text.replace(STRING_OR_LONG, (token) => {
    if (token.charCodeAt(0) === QUOTE) return token;
    marks++;
    return `"${MARK}${token}"`;
  });
  if (MARKED_KEY.test(marked)) throw new SyntaxError('an integer as a key');
  return unmark(JSON.parse(marked), marks);
}

/** The lossless parse, every time (parseJson without the JSON.parse path; for tests). */
export function parseLossless(text: string): unknown {
  return parse(text, null, {
    parseNumber,
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

/** Stringifies a request body; bigint is written as a JSON number, digit for digit. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}
