import fc from 'fast-check';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { LogView, layoutLog, MAX_ROWS_PER_LINE, splitMatches } from './logview.js';

afterEach(() => cleanup());

const numbered = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
const texts = (rows: Array<{ text: string }>) => rows.map((r) => r.text);

describe('layoutLog', () => {
  it('follows the tail and scrolls up from the bottom', () => {
    const base = { width: 20, height: 3, wrap: false };
    expect(layoutLog(numbered, { ...base, scrollFromBottom: 0 })).toEqual({
      rows: [
        { text: 'line 98', matches: [] },
        { text: 'line 99', matches: [] },
        { text: 'line 100', matches: [] },
      ],
      total: 100,
    });
    expect(texts(layoutLog(numbered, { ...base, scrollFromBottom: 10 }).rows)).toEqual([
      'line 88',
      'line 89',
      'line 90',
    ]);
    expect(texts(layoutLog(numbered, { ...base, scrollFromBottom: 1e9 }).rows)).toEqual([
      'line 1',
      'line 2',
      'line 3',
    ]);
    expect(texts(layoutLog(['a', 'b'], { ...base, scrollFromBottom: 5 }).rows)).toEqual(['a', 'b']);
  });

  it("truncates long lines with '…' when not wrapping", () => {
    const { rows } = layoutLog(['0123456789abcdef'], {
      width: 10,
      height: 5,
      wrap: false,
      scrollFromBottom: 0,
    });
    expect(texts(rows)).toEqual(['012345678…']);
  });

  it('wraps by display width, wide characters included', () => {
    const ascii = layoutLog(['0123456789abcdefghijklmno', 'next'], {
      width: 10,
      height: 10,
      wrap: true,
      scrollFromBottom: 0,
    });
    expect(ascii.total).toBe(4);
    expect(texts(ascii.rows)).toEqual(['0123456789', 'abcdefghij', 'klmno', 'next']);
    const wide = layoutLog(['日本語'.repeat(5)], {
      width: 7,
      height: 10,
      wrap: true,
      scrollFromBottom: 0,
    });
    expect(wide.total).toBe(5);
    for (const row of wide.rows) expect(stringWidth(row.text)).toBe(6);
  });

  it('scrolls through the rows of wrapped lines', () => {
    const lines = ['aaaaaaaaaabbbbbbbbbbcccccccccc', 'short'];
    const { rows, total } = layoutLog(lines, {
      width: 10,
      height: 2,
      wrap: true,
      scrollFromBottom: 1,
    });
    expect(total).toBe(4);
    expect(texts(rows)).toEqual(['bbbbbbbbbb', 'cccccccccc']);
  });

  it('filters case-insensitively and reports match ranges per row', () => {
    const lines = ['ERROR: link down', 'info: ok', 'an error and another Error', 'xxxxxxxerror'];
    const { rows, total } = layoutLog(lines, {
      width: 80,
      height: 10,
      wrap: false,
      scrollFromBottom: 0,
      filter: 'error',
    });
    expect(total).toBe(3);
    expect(rows).toEqual([
      { text: 'ERROR: link down', matches: [[0, 5]] },
      {
        text: 'an error and another Error',
        matches: [
          [3, 8],
          [21, 26],
        ],
      },
      { text: 'xxxxxxxerror', matches: [[7, 12]] },
    ]);
    // A match broken by wrapping is reported on both rows.
    const wrapped = layoutLog(['xxxxxxxerror'], {
      width: 10,
      height: 5,
      wrap: true,
      scrollFromBottom: 0,
      filter: 'ERROR',
    });
    expect(wrapped.rows).toEqual([
      { text: 'xxxxxxxerr', matches: [[7, 10]] },
      { text: 'or', matches: [[0, 2]] },
    ]);
    // Filter text is literal, not a pattern.
    expect(
      layoutLog(['a.b', 'axb'], {
        width: 10,
        height: 5,
        wrap: false,
        scrollFromBottom: 0,
        filter: '.',
      }).total,
    ).toBe(1);
  });

  it('keeps filtered lines whose match lies beyond the visible part', () => {
    const line = `${'x'.repeat(200)}needle`;
    const { rows } = layoutLog([line, 'other'], {
      width: 20,
      height: 5,
      wrap: false,
      scrollFromBottom: 0,
      filter: 'needle',
    });
    expect(rows).toEqual([{ text: `${'x'.repeat(19)}…`, matches: [] }]);
  });

  it('sanitizes lines', () => {
    const { rows } = layoutLog(['\u001B[31mred\u001B[0m \u001B]8;;http://evil\u0007link\u0007'], {
      width: 40,
      height: 2,
      wrap: true,
      scrollFromBottom: 0,
    });
    expect(rows[0]!.text).not.toMatch(/[\u0000-\u001f]/);
    expect(rows[0]!.text).toContain('red');
  });

  it('lays out a 100 KB line without freezing and caps its rows', () => {
    const huge = 'y'.repeat(100_000);
    const cjk = '日本'.repeat(50_000);
    const family = '👨‍👩‍👧‍👦e\u0301'.repeat(10_000);
    for (const line of [huge, cjk, family]) {
      const wrapped = layoutLog(['before', line, 'after'], {
        width: 80,
        height: 20,
        wrap: true,
        scrollFromBottom: 0,
      });
      expect(wrapped.total).toBe(MAX_ROWS_PER_LINE + 2);
      expect(wrapped.rows).toHaveLength(20);
      expect(wrapped.rows[18]!.text.endsWith('…')).toBe(true);
      const flat = layoutLog([line], { width: 80, height: 20, wrap: false, scrollFromBottom: 0 });
      expect(stringWidth(flat.rows[0]!.text)).toBeLessThanOrEqual(80);
      const filtered = layoutLog([line], {
        width: 80,
        height: 20,
        wrap: true,
        scrollFromBottom: 0,
        filter: line.slice(0, 2),
      });
      expect(filtered.rows.every((r) => r.matches.length > 0)).toBe(true);
    }
    // (the time this takes is measured in bench/tui.mjs, not asserted here)
  });

  it('never returns more rows than the height or rows wider than the width', () => {
    const piece = fc.constantFrom(
      'a',
      'Z',
      ' ',
      '日',
      '😀',
      'e\u0301',
      '\u001B[31m',
      '\t',
      '\n',
      'é',
    );
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: piece, maxLength: 60 }), { maxLength: 30 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 100 }),
        fc.option(fc.constantFrom('a', 'z', '日', 'e'), { nil: undefined }),
        (lines, width, height, wrap, scrollFromBottom, filter) => {
          const { rows, total } = layoutLog(lines, {
            width,
            height,
            wrap,
            scrollFromBottom,
            filter,
          });
          expect(rows.length).toBeLessThanOrEqual(height);
          if (height > 0 && width > 0) expect(rows.length).toBe(Math.min(height, total));
          for (const row of rows) {
            expect(stringWidth(row.text)).toBeLessThanOrEqual(width);
            for (const [a, b] of row.matches)
              expect(0 <= a && a < b && b <= row.text.length).toBe(true);
          }
        },
      ),
    );
  });
});

describe('splitMatches', () => {
  it('cuts a row into plain and matched pieces for highlighting', () => {
    expect(
      splitMatches({
        text: 'an error and Error',
        matches: [
          [3, 8],
          [13, 18],
        ],
      }),
    ).toEqual([
      { text: 'an ', match: false },
      { text: 'error', match: true },
      { text: ' and ', match: false },
      { text: 'Error', match: true },
    ]);
    expect(splitMatches({ text: 'plain', matches: [] })).toEqual([{ text: 'plain', match: false }]);
    expect(splitMatches({ text: '', matches: [] })).toEqual([{ text: '', match: false }]);
  });
});

describe('<LogView>', () => {
  it('renders the visible rows with matches kept in the text', async () => {
    const h = renderTui(
      <LogView
        lines={numbered}
        width={30}
        height={4}
        wrap={false}
        scrollFromBottom={0}
        filter="LINE 9"
      />,
    );
    const frame = await h.waitFor((f) => f.includes('line 99'));
    expect(frame.split('\n')).toEqual(['line 96', 'line 97', 'line 98', 'line 99']);
  });

  it('says when nothing matches', async () => {
    const h = renderTui(
      <LogView lines={numbered} width={30} height={4} wrap scrollFromBottom={0} filter="nope" />,
    );
    expect(await h.waitFor((f) => f.includes('No lines'))).toContain('No lines match "nope"');
  });
});
