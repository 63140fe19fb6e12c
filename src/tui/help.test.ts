import { describe, expect, it } from 'vitest';
import { helpLayout, helpLines, helpScroll } from './help.js';
import { SCREENS } from './keymap.js';

const lines = (n: number, width = 10) =>
  Array.from({ length: n }, (_, i) => `${i}`.padEnd(width, 'x'));

describe('help layout', () => {
  it('one column when the lines fit the height', () => {
    const l = helpLayout(lines(5), 80, 10, 3);
    expect(l.columns).toEqual([lines(5)]);
    expect(l).toMatchObject({ first: 0, total: 5, visible: 5 });
  });

  it('two columns when every line fits whole in half the width', () => {
    // height 10: 7 lines a column; half of 80 − 4 is 38
    const l = helpLayout(lines(12, 30), 80, 10, 0);
    expect(l.columns.map((c) => c.length)).toEqual([7, 5]);
    expect(l.visible).toBe(12);
  });

  it('one scrolling column when a line would be cut in half the width, clamped at the end', () => {
    const all = lines(12, 50);
    const l = helpLayout(all, 80, 10, 3);
    expect(l.columns).toEqual([all.slice(3, 10)]);
    expect(l).toMatchObject({ first: 3, total: 12, visible: 7 });
    expect(helpLayout(all, 80, 10, 99).first).toBe(5);
    expect(helpLayout(all, 80, 10, -4).first).toBe(0);
  });

  it('one scrolling column when two columns cannot hold every line', () => {
    const l = helpLayout(lines(20, 10), 80, 10, 0);
    expect(l.columns).toHaveLength(1);
    expect(l.visible).toBe(7);
  });

  it('scroll keys move by a line, a page, or to either end; other keys do not scroll', () => {
    expect(helpScroll('down', 2, 7)).toBe(3);
    expect(helpScroll('j', 2, 7)).toBe(3);
    expect(helpScroll('up', 0, 7)).toBe(0);
    expect(helpScroll('k', 2, 7)).toBe(1);
    expect(helpScroll('pagedown', 2, 7)).toBe(9);
    expect(helpScroll('pageup', 2, 7)).toBe(0);
    expect(helpScroll('g', 5, 7)).toBe(0);
    expect(helpScroll('G', 5, 7)).toBeGreaterThan(1000);
    expect(helpScroll('a', 5, 7)).toBeUndefined();
  });

  it('every screen lists its own keys, then the keys that work everywhere, with aligned labels', () => {
    for (const s of SCREENS) {
      const l = helpLines(s.id, false);
      expect(l).toContain('Everywhere');
      expect(l.some((x) => x.includes('pause/resume polling'))).toBe(true);
      // a label starts after the key column (at least 10 wide) and one space
      for (const x of l.filter((y) => y.startsWith('  '))) expect(x).toMatch(/^ {2}\S.{9,} \S/);
    }
    // a write key says it is off before its label, so that a cut line still says it
    expect(
      helpLines('rules', true).some((x) =>
        /^ {2}d +\(off: read-only\) delete the selected rule/.test(x),
      ),
    ).toBe(true);
    expect(helpLines('rules', true).find((x) => x.includes('sort by next column'))).not.toContain(
      'off',
    );
  });
});
