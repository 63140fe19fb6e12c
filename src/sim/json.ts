/**
 * JSON in and out of the simulated device. Cookies and counters are 64-bit, so bodies are
 * parsed without losing integers beyond 2^53 (they stay strings) and bigint values are
 * written as plain JSON numbers, as the device does.
 */
import { isSafeNumber, parse } from 'lossless-json';

export function parseBody(text: string): unknown {
  return parse(text, null, (value: string) =>
    isSafeNumber(value) ? Number(value) : /^-?\d+$/.test(value) ? value : Number(value),
  );
}

const MARK = '\uE000';
const MARKED = /"\uE000(-?\d+)\uE000"/g;

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${MARK}${value}${MARK}`;
  if (typeof value === 'string' && value.includes(MARK)) return value.replaceAll(MARK, '\uFFFD');
  return value;
}

export function stringify(value: unknown): string {
  const text = JSON.stringify(value, replacer);
  return text.includes(MARK) ? text.replace(MARKED, '$1') : text;
}

/** An answer already serialized (hot paths build their JSON text directly). */
class RawJson {
  constructor(readonly text: string) {}
}

function serialize(value: unknown): string {
  return value instanceof RawJson ? value.text : stringify(value);
}

/** An answer already serialized and encoded (GET /rules/all builds big tables in slices). */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

/** The answer as UTF-8 bytes. */
export function encode(value: unknown): Buffer {
  return value instanceof JsonBytes ? value.bytes : Buffer.from(serialize(value));
}
