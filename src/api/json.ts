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
  return parse(text, null, {
    parseNumber,
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

/** Stringifies a request body; bigint is written as a JSON number, digit for digit. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}
