import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './json.js';

describe('lossless JSON', () => {
  it('keeps integers beyond 2^53 exact and distinct', () => {
    const v = parseJson('[1152921504606846978, 1152921504606846979, 9007199254740993]');
    expect(v).toEqual([1152921504606846978n, 1152921504606846979n, 9007199254740993n]);
    const [a, b] = v as bigint[];
    expect(a).not.toBe(b);
    // What JSON.parse would have done:
    expect(JSON.parse('1152921504606846978')).toBe(JSON.parse('1152921504606846979'));
  });

  it('parses safe integers and decimals as numbers', () => {
    expect(parseJson('{"a":42,"b":-7,"c":1.5,"d":2e3,"e":9007199254740991}')).toEqual({
      a: 42,
      b: -7,
      c: 1.5,
      d: 2000,
      e: 9007199254740991,
    });
  });

  it('keeps the last of duplicate keys instead of failing', () => {
    expect(parseJson('{"a":1,"a":2}')).toEqual({ a: 2 });
  });

  it('keeps a __proto__ key as plain data', () => {
    const v = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
    expect(Object.hasOwn(v, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('throws SyntaxError on invalid JSON', () => {
    expect(() => parseJson('<html>')).toThrow(SyntaxError);
  });

  it('stringifies bigint as a JSON number, round-tripping exactly', () => {
    const text = stringifyJson({ cookie: 1152921504606846979n, n: 1, s: 'x' });
    expect(text).toBe('{"cookie":1152921504606846979,"n":1,"s":"x"}');
    expect(parseJson(text)).toEqual({ cookie: 1152921504606846979n, n: 1, s: 'x' });
  });
});
