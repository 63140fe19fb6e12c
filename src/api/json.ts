/**
 * Lossless JSON for the device API. The device writes 64-bit cookies and counters as bare
 * JSON numbers; `JSON.parse` would round 1152921504606846978 to …976 and merge two rules'
 * identities. Integers beyond 2^53 therefore parse to bigint; everything else to number.
 */
import { parse, stringify } from 'lossless-json';

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
  // Where no integer can be beyond 2^53, JSON.parse gives the same value (last of duplicate
  // keys, __proto__ as data), natively; an invalid text gets the lossless parser's error.
  if (!mayBeUnsafe(text)) {
    try {
      return JSON.parse(text);
    } catch {}
  }
  return parseLossless(text);
}

/** 16 digits or more in a row (in a number or a string). */
const LONG_DIGITS = /\d{16,}/g;
const MAX_SAFE = String(Number.MAX_SAFE_INTEGER); // 16 digits

/** The text may hold an integer beyond 2^53: a run of digits longer or greater than 2^53 − 1. */
function mayBeUnsafe(text: string): boolean {
  for (const [digits] of text.matchAll(LONG_DIGITS))
    if (digits.length > MAX_SAFE.length || digits > MAX_SAFE) return true;
  return false;
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
