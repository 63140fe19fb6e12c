/**
 * scripts/sea-esm.mjs `asciiOnly`: the executable's scripts are written in ASCII, so V8 holds
 * them one byte a character (a two-byte script doubles the startup snapshot's largest string).
 * The escaped script must mean what esbuild wrote: the same strings, and regular expressions
 * that match the same texts, with and without the u flag.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { asciiOnly } from '../../scripts/sea-esm.mjs';

const toAscii = asciiOnly as (text: string) => string;
const ASCII = /^[\x00-\x7f]*$/;

/** The value of a JavaScript expression. */
const value = (expression: string): unknown => new Function(`return (${expression});`)();

describe('asciiOnly (the executable scripts)', () => {
  it('escapes what esbuild leaves: the en dash of a regular expression literal', async () => {
    const { transform } = await import('esbuild');
    // src/screens/apps/params.ts's range pattern, as esbuild writes it (it keeps the dash)
    const built = (await transform('export const r = /(\\d+)\\s*(?:\\.\\.|–)\\s*(\\d+)/;', {}))
      .code;
    expect(built).not.toMatch(ASCII);
    const text = toAscii(built);
    expect(text).toMatch(ASCII);
    const r = value(/=\s*(\/.*\/);/.exec(text)![1]!) as RegExp;
    expect(r.exec('ports 1–48')?.slice(1)).toEqual(['1', '48']);
    expect(r.exec('ports 1..48')?.slice(1)).toEqual(['1', '48']);
  });

  it('keeps the meaning of any string and any regular expression of the characters', () => {
    const char = fc.oneof(
      fc.constantFrom('–', 'é', '°', '…', '✓', '😀', '\u2028', 'a', '-', '.'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    );
    fc.assert(
      fc.property(fc.array(char, { minLength: 1, maxLength: 6 }), fc.string(), (chars, probe) => {
        const plain = chars.join('');
        const quoted = JSON.stringify(plain);
        expect(value(toAscii(quoted))).toBe(plain);
        for (const flags of ['', 'u']) {
          // a class and a sequence of the characters (escaped as a regex would need them)
          const body = chars.map((c) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('');
          for (const source of [`[${body}]`, body, `(?:${body})+`]) {
            const literal = `/${source}/${flags}`;
            let original: RegExp;
            try {
              original = value(literal) as RegExp;
            } catch {
              continue; // not a valid pattern with this flag: nothing to keep
            }
            const escaped = value(toAscii(literal)) as RegExp;
            for (const text of [plain, probe, `${probe}${plain}`])
              expect(escaped.exec(text)?.[0]).toBe(original.exec(text)?.[0]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('drops the backslash of an identity escape of the character, keeps an escaped backslash', () => {
    const identity = String.raw`/a\–b/`;
    expect(toAscii(identity)).toBe(String.raw`/a\u2013b/`);
    expect((value(toAscii(identity)) as RegExp).test('a–b')).toBe(true);
    const backslash = String.raw`"\\–"`; // a backslash, then the dash
    expect(value(toAscii(backslash))).toBe('\\–');
  });
});
