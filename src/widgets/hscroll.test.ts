import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { HSCROLL_STEP, hscroll, sliceColumns, stepOffset } from './hscroll.js';

describe('sliceColumns', () => {
  it('takes the display columns [from, from + width)', () => {
    expect(sliceColumns('abcdefghij', 0, 4)).toBe('abcd');
    expect(sliceColumns('abcdefghij', 3, 4)).toBe('defg');
    expect(sliceColumns('abcdefghij', 8, 4)).toBe('ij');
    expect(sliceColumns('abc', 5, 4)).toBe('');
    expect(sliceColumns('abc', 0, 0)).toBe('');
  });

  it('never halves a wide character: a cut one at either edge becomes a space or is left out', () => {
    // 日 takes columns 0-1, 本 2-3, 語 4-5
    expect(sliceColumns('日本語', 1, 4)).toBe(' 本');
    expect(sliceColumns('日本語', 1, 5)).toBe(' 本語');
    expect(stringWidth(sliceColumns('日本語', 1, 4))).toBeLessThanOrEqual(4);
    expect(sliceColumns('日本語', 0, 3)).toBe('日');
    expect(sliceColumns('日本語', 2, 4)).toBe('本語');
    expect(sliceColumns('a日b', 2, 1)).toBe(' ');
  });

  it('cuts a cluster string-width counts three columns wide without failing', () => {
    // 𝅘𝅥𝅮: a note, its stem and its flag (three code points, one grapheme, three columns)
    const note = '\u{1D158}\u{1D165}\u{1D16E}';
    expect(sliceColumns(`a${note}b`, 2, 3)).toBe('  b');
    expect(sliceColumns(note, 1, 1)).toBe(' ');
  });

  it('keeps combining marks with their base character', () => {
    expect(sliceColumns('ae\u0301b', 1, 1)).toBe('e\u0301');
  });

  it('is never wider than the window', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 40 }),
        fc.nat(60),
        fc.integer({ min: 1, max: 30 }),
        (text, from, width) => {
          const clean = hscroll([text], 0, 1000).lines[0]!;
          expect(stringWidth(sliceColumns(clean, from, width))).toBeLessThanOrEqual(width);
        },
      ),
    );
  });
});

describe('hscroll', () => {
  const lines = [
    'Port        Vendor          Rx(dBm)  Temp(C)',
    'eth-0-17    FS               -3.21     33.0',
  ];

  it('says nothing and cuts nothing when every line fits', () => {
    const v = hscroll(lines, 0, 60);
    expect(v.note).toBe('');
    expect(v.max).toBe(0);
    expect(v.lines).toEqual(lines);
  });

  it('shows where the window is, with a mark on the side that has more', () => {
    const start = hscroll(lines, 0, 30);
    expect(start.lines[1]).toBe('eth-0-17    FS               -');
    expect(start.note).toBe('col 1–30 of 44 ▶');
    const mid = hscroll(lines, HSCROLL_STEP, 30);
    expect(mid.note).toBe('◀ col 9–38 of 44 ▶');
    expect(mid.lines[0]).toBe('    Vendor          Rx(dBm)  T');
    const end = hscroll(lines, 1000, 30);
    expect(end.offset).toBe(14);
    expect(end.note).toBe('◀ col 15–44 of 44');
    expect(end.lines[1]).toBe('               -3.21     33.0');
  });

  it('strips escape sequences before it cuts (no half an escape reaches the terminal)', () => {
    const v = hscroll(['ab\u001b[31mcdefgh\u001b[0m'], 2, 3);
    expect(v.lines[0]).toBe('cde');
  });
});

describe('stepOffset', () => {
  it('moves a step, never before the start or past the last column', () => {
    expect(stepOffset(0, 1, 20)).toBe(HSCROLL_STEP);
    expect(stepOffset(16, 1, 20)).toBe(20);
    expect(stepOffset(4, -1, 20)).toBe(0);
  });
});
