/**
 * Answers parsed from their bytes (json-slices.ts `parseJsonBytes`, body-bytes.ts): the same
 * value as decoding the whole body and parsing it in one go, however the body arrived in
 * chunks — split inside a multi-byte character, holding bytes that are not UTF-8, a BOM —
 * and each element of the big arrays made by `elements` as its slice is parsed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyBytes } from './body-bytes.js';
import { parseJson } from './json.js';
import { type ElementMap, mapElements, parseJsonBytes, parseSlicesOnly } from './json-slices.js';

const noPause = async () => undefined;
const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : Object.is(x, -0) ? '-0' : x));

/** What the console read before: the body decoded whole (BOM dropped), parsed by the lossless parser. */
async function oneShot(bytes: Uint8Array, elements?: ElementMap): Promise<string> {
  try {
    const value = parseJson(new TextDecoder().decode(bytes));
    return canon(elements ? await mapElements(value, elements) : value);
  } catch (e) {
    return e instanceof SyntaxError ? 'SyntaxError' : `other: ${String(e)}`;
  }
}

async function fromBytes(
  bytes: Uint8Array,
  options: Parameters<typeof parseJsonBytes>[1],
  parse = parseJsonBytes,
) {
  try {
    return canon(await parse(bytes, options));
  } catch (e) {
    return e instanceof SyntaxError ? 'SyntaxError' : `other: ${String(e)}`;
  }
}

/** The bytes as the network might deliver them: cut at the given offsets. */
async function* chunked(bytes: Uint8Array, cuts: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.subarray(at, cut);
    at = cut;
  }
  yield bytes.subarray(at);
}

// rule-like elements whose strings hold multi-byte characters, long integers and JSON punctuation
const piece = fc.constantFrom(
  'é',
  '😀',
  '€',
  '\u2028',
  '"',
  '\\',
  '[',
  ']',
  '{',
  '}',
  ',',
  ':',
  'x',
  '\u007F',
);
const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));
const element = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), text, fc.integer({ min: 0, max: 65535 }))
    .map(
      ([cookie, name, priority]) =>
        `{"cookie":${cookie},"name":${JSON.stringify(name)},"priority":${priority},"match":{"in_port":"1"}}`,
    ),
  text.map((s) => JSON.stringify(s)),
  fc.constantFrom('null', '12345678901234567890', '-0', '1.5e3', '[1,[2]]'),
);
const document = fc
  .tuple(fc.array(element, { maxLength: 20 }), fc.boolean(), fc.constantFrom('', ' ', '\n'))
  .map(([items, bare, ws]) => {
    const list = `[${items.join(`,${ws}`)}]`;
    return bare
      ? list
      : `{"rules":${list},"other":[${items.slice(0, 2).join(',')}],"used_flows":3}`;
  });
/** Raw bytes that are not (all) UTF-8: lone continuation bytes, a cut sequence, an encoded surrogate. */
const odd = fc.constantFrom(
  [0x80],
  [0xc3],
  [0xe2, 0x82],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xff],
);

/** The document's bytes with odd bytes put into its strings (after an opening quote). */
const bodies = fc
  .tuple(document, fc.array(fc.tuple(fc.nat(), odd), { maxLength: 3 }), fc.boolean())
  .map(([doc, inserts, bom]) => {
    let bytes = [...Buffer.from(doc, 'utf8')];
    for (const [at, raw] of inserts) {
      const quotes = bytes.flatMap((b, i) => (b === 0x22 ? [i] : []));
      if (quotes.length === 0) break;
      const q = quotes[at % quotes.length]!;
      bytes = [...bytes.slice(0, q + 1), ...raw, ...bytes.slice(q + 1)];
    }
    return Uint8Array.from(bom ? [0xef, 0xbb, 0xbf, ...bytes] : bytes);
  });

describe('parseJsonBytes', () => {
  it('gives what decoding the whole body and parsing it gives, chunked anywhere (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.integer({ min: 1, max: 48 }),
        fc.boolean(),
        async (body, cuts, sliceChars, declare) => {
          const bytes = await bodyBytes(
            chunked(body, cuts),
            Infinity,
            undefined,
            declare ? body.length : undefined,
          );
          expect([...bytes]).toEqual([...body]);
          const want = await oneShot(body);
          const options = { minChars: 0, sliceChars, pause: noPause };
          expect(await fromBytes(bytes, options)).toBe(want);
          // the slices alone read it: no fallback to a one-shot parse of the decoded text
          expect(await fromBytes(bytes, options, parseSlicesOnly)).toBe(want);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('applies elements to each element of the big arrays as the one-shot parse then map would (property)', async () => {
    const tag: ElementMap = (value, index, member) => ({ member: member ?? null, index, value });
    await fc.assert(
      fc.asyncProperty(bodies, fc.integer({ min: 1, max: 48 }), async (body, sliceChars) => {
        const want = await oneShot(body, tag);
        const options = { minChars: 0, sliceChars, pause: noPause, elements: tag };
        expect(await fromBytes(body, options)).toBe(want);
        expect(await fromBytes(body, options, parseSlicesOnly)).toBe(want);
      }),
      { numRuns: 400 },
    );
  });

  it('makes each element as its slice is parsed, before the rest of the answer is read', async () => {
    const body = Buffer.from(
      `{"rules":[${Array.from({ length: 40 }, (_, i) => `{"n":${i}}`).join(',')}]}`,
    );
    const events: string[] = [];
    const value = (await parseJsonBytes(body, {
      minChars: 0,
      sliceChars: 40,
      pause: async () => {
        events.push('pause');
      },
      elements: (v, i) => {
        events.push(`element ${i}`);
        return (v as { n: number }).n * 2;
      },
    })) as { rules: number[] };
    expect(value.rules).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    // the first elements are made before the parser pauses for the next slice
    expect(events.indexOf('element 0')).toBeLessThan(events.indexOf('pause'));
    expect(events.filter((e) => e === 'pause').length).toBeGreaterThan(5);
  });

  it("throws the element's own error, not a SyntaxError, and does not fall back to a second parse", async () => {
    const body = Buffer.from(`[${Array.from({ length: 30 }, (_, i) => `{"n":${i}}`).join(',')}]`);
    let calls = 0;
    const bad = new RangeError('rule 5 is malformed');
    const elements: ElementMap = (v, i) => {
      calls++;
      if (i === 5) throw bad;
      return v;
    };
    await expect(
      parseJsonBytes(body, { minChars: 0, sliceChars: 8, pause: noPause, elements }),
    ).rejects.toBe(bad);
    expect(calls).toBe(6);
    // parsed in one go (small answer): the same error
    await expect(parseJsonBytes(body, { elements })).rejects.toBe(bad);
  });
});

describe('bodyBytes', () => {
  it('stops at the limit without reading further, with or without a declared length', async () => {
    for (const declared of [undefined, 10, 100]) {
      let read = 0;
      async function* body() {
        for (let i = 0; i < 100; i++) {
          read++;
          yield Buffer.alloc(10, 0x20);
        }
      }
      await expect(bodyBytes(body(), 35, () => new Error('too large'), declared)).rejects.toThrow(
        'too large',
      );
      expect(read).toBe(4);
    }
  });

  it('keeps every byte when the body is longer or shorter than declared', async () => {
    const body = Buffer.from('[1,2,3,"é😀"]');
    for (const declared of [0, 3, body.length - 1, body.length, body.length + 5]) {
      const got = await bodyBytes(chunked(body, [2, 5, 9]), Infinity, undefined, declared);
      expect(got.toString('utf8'), String(declared)).toBe(body.toString('utf8'));
    }
  });
});
