import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderTui } from '../../test/harness/render.js';
import { formatHints, StatusBar, statusBarHeight } from './statusbar.js';

afterEach(() => cleanup());

const hints = [
  { key: 'q', label: 'quit' },
  { key: '↑↓', label: 'move' },
  { key: '/', label: 'filter' },
  { key: '?', label: 'help' },
];

describe('formatHints', () => {
  it('joins the hints when they fit', () => {
    expect(formatHints(hints, 80)).toBe('q quit  ↑↓ move  / filter  ? help');
  });

  it("drops whole hints and says so with '…'", () => {
    const line = formatHints(hints, 20);
    expect(line).toBe('q quit  ↑↓ move  …');
    for (let w = 0; w < 40; w++) expect(stringWidth(formatHints(hints, w))).toBeLessThanOrEqual(w);
  });
});

describe('formatHints with pinned hints', () => {
  const screen = [
    { key: '1-9', label: 'screens' },
    { key: 'a', label: 'add' },
    { key: 'e/Enter', label: 'edit' },
    { key: 'd', label: 'delete' },
    { key: '?', label: 'help', pinned: true },
    { key: 'q', label: 'quit', pinned: true },
  ];

  it('keeps them at the end and drops others before them', () => {
    expect(formatHints(screen, 80)).toBe(
      '1-9 screens  a add  e/Enter edit  d delete  ? help  q quit',
    );
    expect(formatHints(screen, 40)).toBe('1-9 screens  a add  …  ? help  q quit');
    for (let w = 0; w < 70; w++) expect(stringWidth(formatHints(screen, w))).toBeLessThanOrEqual(w);
  });

  it('falls back to plain order when they cannot fit with one other hint', () => {
    expect(formatHints(screen, 20)).toBe('1-9 screens  …');
  });
});

describe('statusBarHeight', () => {
  it('is one line, two with a message', () => {
    expect(statusBarHeight({})).toBe(1);
    expect(statusBarHeight({ error: 'x' })).toBe(2);
    expect(statusBarHeight({ info: 'saved' })).toBe(2);
  });
});

describe('<StatusBar>', () => {
  it("shows a sanitized one-line error after '!'", async () => {
    const h = renderTui(
      <StatusBar
        width={40}
        hints={hints}
        error={'port 9: \u001B[2Jlink\ndown and a very long explanation'}
      />,
    );
    const frame = await h.waitFor((f) => f.includes('!'));
    const lines = frame.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^! port 9: link down and a very long exp…$/);
    for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(40);
  });

  it('shows info on the second line when there is no error', async () => {
    const h = renderTui(<StatusBar width={40} hints={hints} info="Saved rules" />);
    const frame = await h.waitFor((f) => f.includes('Saved'));
    expect(frame.split('\n')).toEqual([formatHints(hints, 40), 'Saved rules']);
  });
});
