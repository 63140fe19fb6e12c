import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARK, parseJson, parseLossless, stringifyJson, unmark } from './json.js';

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

/** parseJson's answer or its error's class, to compare two parsers on any text. */
function outcome(parse: (text: string) => unknown, text: string): unknown {
  try {
    return { value: parse(text) };
  } catch (e) {
    return { error: (e as Error).constructor.name };
  }
}

describe('parseJson (JSON.parse where no integer can be beyond 2^53)', () => {
  it('gives what the lossless parse gives for any device answer, 64-bit integers included', () => {
    const big = fc.oneof(
      fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
      // 16 digits: either side of 2^53 (counters are often that long)
      fc.bigInt({ min: 10n ** 15n, max: 10n ** 16n - 1n }),
      fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 3 },
        fc.jsonValue({ maxDepth: 1 }),
        big,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(fc.string(), fc.constant('__proto__')), tie('node'), {
          maxKeys: 4,
        }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (v, dup) => {
        let text = stringifyJson(v);
        // a duplicate key: the last one wins in both
        if (dup && text.startsWith('{"')) text = `{"k":1,"k":[2],${text.slice(1)}`;
        if (dup && text === '{"k":1,"k":[2],}') text = '{"k":1,"k":[2]}';
        expect(outcome(parseJson, text)).toEqual(outcome(parseLossless, text));
      }),
      { numRuns: 2000 },
    );
  });

  it('fails where the lossless parse fails, and with its error, on any text', () => {
    const pieces = [
      '{',
      '}',
      '[',
      ']',
      '"a"',
      ':',
      ',',
      '1',
      '-0',
      '1.5e3',
      '12345678901234567',
      '9007199254740991',
      '9007199254740993',
      'true',
      'null',
      ' ',
      '\n',
      '\u00a0',
      "'x'",
      '"\\u12"',
      'NaN',
      '01',
      '"',
      '\\',
      '"\\"',
      '-',
      '.',
      'e',
      '0',
      '\u007f',
      '"\\u007f"',
      '{"k":',
      '-9223372036854775808',
      '18446744073709551615',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(outcome(parseJson, text)).toEqual(outcome(parseLossless, text));
      }),
      { numRuns: 6000 },
    );
  });

  it('refuses an integer as a key, as the lossless parse does (the quotes must not make it JSON)', () => {
    expect(() => parseJson('{12345678901234567:1}')).toThrow(SyntaxError);
    expect(() => parseJson('{"a":1, 12345678901234567:1}')).toThrow(SyntaxError);
    // digits JSON reads inside an (unterminated) string stay there
    expect(() => parseJson('"\\12345678901234567')).toThrow(SyntaxError);
    expect(() => parseJson('"a 12345678901234567 ')).toThrow(SyntaxError);
    expect(parseJson('{"12345678901234567":12345678901234567}')).toEqual({
      '12345678901234567': 12345678901234567n,
    });
  });
});

describe('the marking of long integers', () => {
  it('leaves digits that follow a quote to JSON.parse: in a string, or not JSON at all', () => {
    expect(parseJson('{"cookie":"1152921504606846978","n":1152921504606846979}')).toEqual({
      cookie: '1152921504606846978',
      n: 1152921504606846979n,
    });
    expect(parseJson('[{"cookie":"1152921504606846978"}]')).toEqual([
      { cookie: '1152921504606846978' },
    ]);
    expect(() => parseJson('["a"1152921504606846978]')).toThrow(SyntaxError);
  });

  it("ends unmark's walk at the last of the marks it was told of", () => {
    const marked = [`${MARK}1152921504606846978`, { a: `${MARK}7` }, `${MARK}9`];
    expect(unmark(marked, 2)).toEqual([1152921504606846978n, { a: 7 }, `${MARK}9`]);
    expect(unmark([`${MARK}1`, [`${MARK}2`]])).toEqual([1, [2]]);
  });
});
