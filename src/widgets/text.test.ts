import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sanitize } from '../model/index.js';
import {
  cleanText,
  fitCell,
  keyLines,
  ONE_COLUMN,
  takeWidth,
  textWidth,
  truncateText,
} from './text.js';

describe('fitCell', () => {
  it('pads short text to the width, left or right aligned', () => {
    expect(fitCell('ab', 5)).toBe('ab   ');
    expect(fitCell('ab', 5, 'right')).toBe('   ab');
    expect(fitCell('abcde', 5)).toBe('abcde');
  });

  it("cuts long text with '…' to exactly the width", () => {
    expect(fitCell('abcdefgh', 5)).toBe('abcd…');
    expect(fitCell('abcdefgh', 1)).toBe('…');
    expect(fitCell('abcdefgh', 0)).toBe('');
  });

  it('measures wide characters by display width and never splits one', () => {
    expect(fitCell('日本語', 6)).toBe('日本語');
    // 4 columns: '日' (2) + '…' (1) + padding, since '本' would overflow.
    const cut = fitCell('日本語', 4);
    expect(cut).toBe('日… ');
    expect(stringWidth(cut)).toBe(4);
    expect(stringWidth(fitCell('a😀b😀c😀', 5))).toBe(5);
    expect(stringWidth(fitCell('👨‍👩‍👧‍👦 family', 6, 'right'))).toBe(6);
  });

  it('keeps combining marks with their base character', () => {
    const text = 'e\u0301e\u0301e\u0301e\u0301';
    expect(fitCell(text, 4)).toBe(text);
    expect(fitCell(text, 3)).toBe('e\u0301e\u0301…');
  });

  it('strips escape sequences and control characters', () => {
    const cell = fitCell('\u001B[31mred\u001B[0m\u001B]0;title\u0007\u0008x', 8);
    expect(cell).not.toMatch(/[\u0000-\u001f]/);
    expect(cell.startsWith('red')).toBe(true);
    expect(stringWidth(cell)).toBe(8);
  });

  it('cuts a 100 KB cell quickly', () => {
    const huge = `${'x'.repeat(50_000)}${'日本'.repeat(12_500)}\u001B[2J`;
    const cjk = '日本'.repeat(50_000);
    const family = '👨‍👩‍👧‍👦'.repeat(9_000);
    expect(stringWidth(fitCell(huge, 40))).toBe(40);
    expect(fitCell(cjk, 7)).toBe('日本日…');
    expect(fitCell(cjk, 8)).toBe('日本日… ');
    expect(fitCell(family, 6)).toBe('👨‍👩‍👧‍👦👨‍👩‍👧‍👦… ');
    // (speed on 100 KB inputs is measured in bench/tui.mjs, not asserted here)
  });
});

describe('cleanText', () => {
  it('gives a leading combining mark a dotted circle to sit on', () => {
    expect(cleanText('\u0301x')).toBe('\u25cc\u0301x');
    expect(fitCell('\u0301x', 4, 'right')).toBe('  \u25cc\u0301x');
    expect(cleanText('🇯🇵')).toBe('🇯🇵');
    expect(cleanText('plain')).toBe('plain');
  });
  it('marks exactly the texts that begin with a code point that attaches to its neighbour (property)', () => {
    const attaches =
      /^(?:\p{M}|\u200c|\u200d|[\u{1f3fb}-\u{1f3ff}]|[\u0e33\u0eb3\u{e0020}-\u{e007f}])/u;
    const first = fc.constantFrom(
      '\u0300',
      '\u0301',
      '\u036f',
      '\u02ff',
      '\u200c',
      '\u0e33',
      '·',
      'é',
      '\u{1f3fb}',
      '\u{e0041}',
      'a',
    );
    fc.assert(
      fc.property(
        fc.oneof(first, fc.string({ unit: 'binary', maxLength: 1 })),
        fc.string(),
        (a, b) => {
          const clean = sanitize(a + b);
          expect(cleanText(a + b)).toBe(attaches.test(clean) ? `\u25cc${clean}` : clean);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('takeWidth / truncateText / textWidth', () => {
  it('takes whole graphemes up to the width', () => {
    expect(takeWidth('abcdef', 2, 3)).toEqual({ end: 5, used: 3 });
    expect(takeWidth('日本語', 0, 3)).toEqual({ end: 1, used: 2 });
    expect(takeWidth('abc', 0, 0)).toEqual({ end: 0, used: 0 });
  });

  it('does not cut a combining mark off its ASCII base on the fast path', () => {
    expect(takeWidth('abe\u0301', 0, 3)).toEqual({ end: 4, used: 3 });
  });

  it('takes what whole graphemes measured by string-width take, symbols and joiners among ASCII', () => {
    const piece = fc.constantFrom(
      'a',
      ' ',
      '·',
      '—',
      '°',
      '●',
      '█',
      '…',
      'é',
      '\u0301',
      '\ufe0f',
      '\u200d',
      '日',
      '😀',
      '↔',
      '©',
    );
    const segmenter = new Intl.Segmenter();
    const reference = (text: string, start: number, width: number) => {
      let end = start;
      let used = 0;
      for (const { segment } of segmenter.segment(text.slice(start))) {
        const w = stringWidth(segment);
        if (used + w > width) break;
        used += w;
        end += segment.length;
      }
      return { end, used };
    };
    fc.assert(
      fc.property(
        fc.string({ unit: piece, maxLength: 30 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 40 }),
        (text, from, width) => {
          // from a grapheme boundary, as every caller starts
          const starts = [
            0,
            ...[...segmenter.segment(text)].map((g) => g.index + g.segment.length),
          ];
          const start = starts[Math.min(from, starts.length - 1)]!;
          expect(takeWidth(text, start, width)).toEqual(reference(text, start, width));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reports the width of what it returns', () => {
    expect(truncateText('日本語', 5)).toEqual({ text: '日本…', width: 5 });
    expect(textWidth('日本')).toBe(4);
    expect(textWidth('ab')).toBe(2);
  });
});

describe('fitCell properties', () => {
  const piece = fc.constantFrom(
    'a',
    ' ',
    '日',
    '한',
    '\u1100\u1161\u11a8',
    'e\u0301',
    '😀',
    '👍🏽',
    '👨‍👩‍👧‍👦',
    '🇯🇵',
    '❤️',
    'ก',
    'ำ',
    '\u200b',
    '\u001B[1m',
    '\t',
    'é',
  );
  const anyText = fc.oneof(
    fc.string({ unit: piece, maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

  it('always yields exactly `width` columns and keeps text that fits', () => {
    fc.assert(
      fc.property(anyText, fc.integer({ min: 0, max: 30 }), fc.boolean(), (text, width, right) => {
        const cell = fitCell(text, width, right ? 'right' : 'left');
        expect(stringWidth(cell)).toBe(width);
        const clean = cleanText(text);
        if (width === 0) expect(cell).toBe('');
        else if (stringWidth(clean) <= width) expect(cell.includes(clean)).toBe(true);
        else if (width > 0) expect(cell.trimEnd().endsWith('…')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('keyLines', () => {
  const keys =
    'y delete · R send, revert in 5 min unless confirmed · G guarded · any other key cancels';
  it('keeps a line that fits as it is', () => {
    expect(keyLines(keys, 100)).toEqual([keys]);
  });
  it('splits a keys line too wide for 80 columns between its parts, nothing cut', () => {
    const lines = keyLines(keys, 76);
    expect(lines).toEqual([
      'y delete · R send, revert in 5 min unless confirmed · G guarded',
      'any other key cancels',
    ]);
  });
  it('cuts only the last of at most two lines when even two are too few', () => {
    const lines = keyLines(keys, 24);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('y delete');
    expect(lines[1]?.endsWith('…')).toBe(true);
  });
});

describe('ONE_COLUMN (measured without string-width)', () => {
  // (the string-width imported here takes the same list as its fast path: each code point is
  // checked against stock string-width in test/build/ink-cache-plugin.test.ts)
  it('holds only code points one column wide that never join a neighbour, ASCII and the console symbols among them', () => {
    for (const c of ['a', ' ', '~', '·', '—', '°', '●', '…', '→', '│', '▁', '█', '✓', '®'])
      expect(ONE_COLUMN.test(c)).toBe(true);
    for (const c of ['日', '\u0301', '\ufe0f', '\u200d', '😀', '\u001b', '\u0085'])
      expect(ONE_COLUMN.test(c)).toBe(false);
    const segmenter = new Intl.Segmenter();
    let checked = 0;
    for (let cp = 0x20; cp <= 0x2fff; cp++) {
      const c = String.fromCodePoint(cp);
      if (!ONE_COLUMN.test(c)) continue;
      checked++;
      expect({ cp: cp.toString(16), width: stringWidth(c) }).toEqual({
        cp: cp.toString(16),
        width: 1,
      });
      expect([...segmenter.segment(`a${c}${c}b`)].length).toBe(4);
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
