import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from './json.js';
import { parseJsonInSlices, parseSlicesOnly, SLICED_MIN_CHARS } from './json-slices.js';

/** Every slice boundary exercised: slices of a few characters, no waiting between them. */
const sliced = (text: string, sliceChars = 1) =>
  parseJsonInSlices(text, { minChars: 0, sliceChars, pause: async () => undefined });
/** The same without the fallback to a one-shot parse: shows the slices did the work. */
const slicedOnly = (text: string, sliceChars = 1) =>
  parseSlicesOnly(text, { sliceChars, pause: async () => undefined });

/**
 * The value written out with everything toEqual could blur: key order, own keys only (a
 * __proto__ key included), number vs bigint, -0.
 */
function canon(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (typeof v === 'object') {
    if (Object.getPrototypeOf(v) !== Object.prototype) return '<wrong prototype>';
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .map((k) => `${JSON.stringify(k)}:${canon(o[k])}`)
      .join(',')}}`;
  }
  return `<${typeof v}>`;
}

async function outcome(parse: () => unknown): Promise<string> {
  try {
    return canon(await parse());
  } catch (e) {
    return e instanceof SyntaxError ? 'SyntaxError' : `other error: ${String(e)}`;
  }
}

// JSON text built from pieces that are hard for a scanner: strings holding brackets, quotes,
// backslashes, commas, colons, long digit runs, the mark U+007F (raw and escaped), unicode
// and lone surrogates; integers of any size; numbers in every notation; any whitespace.
const ws = fc.constantFrom('', '', '', ' ', '\n', '\t', '\r\n ', '  ');
const tricky = fc.constantFrom(
  '[',
  ']',
  '{',
  '}',
  '"',
  '\\',
  ',',
  ':',
  '\\"',
  '12345678901234567890',
  '-9223372036854775808',
  '\u007F',
  '\u007F1152921504606846976',
  '\uE000',
  'é',
  '😀',
  '\uD800',
  '\uDFFF',
  '\u0000',
  '\u2028',
  '/',
);
const stringValue = fc
  .array(fc.oneof(fc.string({ maxLength: 4, unit: 'binary' }), tricky), { maxLength: 4 })
  .map((parts) => parts.join(''));
/** A string in one of several spellings: JSON.stringify, or with characters written as \u escapes. */
const stringText = fc
  .tuple(stringValue, fc.constantFrom('plain', 'escapeAll', 'escapeMark', 'solidus'))
  .map(([s, how]) => {
    const text = JSON.stringify(s);
    if (how === 'escapeAll')
      return `"${[...s].map((ch) => [...ch].map((u) => `\\u${u.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')).join('')}"`;
    if (how === 'escapeMark') return text.replaceAll('\u007F', '\\u007f');
    if (how === 'solidus') return text.replaceAll('/', '\\/');
    return text;
  });
const integerText = fc
  .oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
    fc.bigInt({ min: 2n ** 60n, max: 2n ** 64n }),
  )
  .map(String);
const numberText = fc.oneof(
  integerText,
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom(
    '-0',
    '0',
    '1E400',
    '-1e-400',
    '0.5e+3',
    '12345678901234567.5',
    '1234567890123456789e2',
  ),
);
const leaf = fc.oneof(
  { weight: 3, arbitrary: stringText },
  { weight: 3, arbitrary: numberText },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null') },
);
const keyText = fc.oneof(stringText, fc.constantFrom('"__proto__"', '"rules"', '"a"', '"a"'));

const { value: valueText } = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .array(fc.tuple(ws, tie('value'), ws), { maxLength: 4 })
      .map((items) => `[${items.map(([a, v, b]) => a + v + b).join(',')}]`),
    fc
      .array(fc.tuple(ws, keyText, ws, tie('value')), { maxLength: 4 })
      .map((members) => `{${members.map(([a, k, b, v]) => `${a}${k}${b}:${v}`).join(',')}}`),
  ),
}));

const arrayText = fc
  .tuple(ws, fc.array(fc.tuple(ws, valueText, ws), { maxLength: 12 }), ws)
  .map(([a, items, b]) => `${a}[${items.map(([x, v, y]) => x + v + y).join(',')}]${b}`);
/** The shape of GET /rules/all: an object whose members include big arrays. */
const objectText = fc
  .array(fc.tuple(ws, keyText, ws, fc.oneof(arrayText, valueText)), { maxLength: 4 })
  .map((members) => `{${members.map(([a, k, b, v]) => `${a}${k}${b}:${v}`).join(',')}}`);
const documentText = fc.oneof(arrayText, objectText, valueText);

describe('parseJsonInSlices', () => {
  it('reads a rules answer exactly: 64-bit cookies, strings that look like JSON', async () => {
    const rule = (i: number) =>
      `{"cookie":${(1n << 60n) + BigInt(i)},"name":"r[${i}]\\"}{,:","description":"id 12345678901234567890",` +
      `"priority":${100 + i},"match":{"in_port":"1","tcp":""},"actions":"output:2",` +
      `"n_bytes":"18446744073709551615","n_packets":18446744073709551615,"datarate_raw":1.5e3,"real_flow_ct":1}`;
    const text = `{"rules":[${Array.from({ length: 50 }, (_, i) => rule(i)).join(',')}],"used_flows":50}`;
    const value = (await slicedOnly(text, 200)) as { rules: Array<Record<string, unknown>> };
    expect(canon(value)).toBe(canon(parseJson(text)));
    expect(value.rules[3]!.cookie).toBe((1n << 60n) + 3n);
    expect(value.rules[3]!.n_packets).toBe(18446744073709551615n);
    expect(value.rules[3]!.description).toBe('id 12345678901234567890');
  });

  it('leaves a string holding the mark alone', async () => {
    for (const s of ['"\u007F1234567890123456789"', '"\\u007F1234567890123456789"', '"\\u007f"']) {
      const text = `[${s},12345678901234567890,{"k":[${s}]}]`;
      expect(canon(await slicedOnly(text))).toBe(canon(parseJson(text)));
    }
  });

  it('refuses what the lossless parser refuses', async () => {
    for (const text of [
      '[{12345678901234567890:1}]',
      '{"a":[{12345678901234567890 :1}]}',
      '[00012345678901234567890]',
      '[1,]',
      '[,1]',
      '[1 2]',
      '{"a":[1],}',
      '{"a" [1]}',
      '["abc]',
      '[1]]',
      '',
      '[-]',
      '[12345678901234567890true]',
    ]) {
      await expect(slicedOnly(text), text).rejects.toThrow(SyntaxError);
      await expect(sliced(text), text).rejects.toThrow(SyntaxError);
      expect(() => parseJson(text), text).toThrow(SyntaxError);
    }
  });

  it('lets the event loop run between slices of a big answer, not for a small one', async () => {
    const text = `[${Array.from({ length: 1000 }, (_, i) => `{"n":${i},"s":"x"}`).join(',')}]`;
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    await parseJsonInSlices(text, { minChars: 0, sliceChars: 1000, pause });
    expect(pauses).toBeGreaterThan(10);
    pauses = 0;
    expect(text.length).toBeLessThan(SLICED_MIN_CHARS);
    await parseJsonInSlices(text, { pause });
    expect(pauses).toBe(0);
  });

  it('gives what the one-shot parse gives, for any JSON text and any slice size (property)', async () => {
    await fc.assert(
      fc.asyncProperty(documentText, fc.integer({ min: 1, max: 64 }), async (text, size) => {
        const want = await outcome(() => parseJson(text));
        expect(want).not.toMatch(/^other error|^SyntaxError/);
        // the slices alone read it: no fallback to the one-shot parse
        expect(await outcome(() => slicedOnly(text, size))).toBe(want);
      }),
      { numRuns: 1500 },
    );
  });

  it('fails where the one-shot parse fails, for broken texts (property)', async () => {
    const broken = fc
      .tuple(
        documentText,
        fc.nat(),
        fc.constantFrom('', ',', ':', '"', '[', ']', '{', '}', '\\', '1', ' '),
      )
      .map(([text, at, insert]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + insert + text.slice(i + (insert === '' ? 1 : 0));
      });
    await fc.assert(
      fc.asyncProperty(broken, fc.integer({ min: 1, max: 64 }), async (text, size) => {
        const want = await outcome(() => parseJson(text));
        expect(await outcome(() => sliced(text, size))).toBe(want);
        // and the slices alone never accept what the lossless parser refuses
        const alone = await outcome(() => slicedOnly(text, size));
        if (alone !== 'SyntaxError') expect(alone).toBe(want);
      }),
      { numRuns: 1500 },
    );
  });
});
