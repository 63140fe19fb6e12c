/**
 * Drill-down from the Overview (issue 20): its top talkers and erroring ports are a list;
 * ↓ moves, Enter opens the port's details on the Ports screen; at 80×24 no name is cut and
 * what does not fit is counted.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '../harness/render.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

describe('overview drill-down', () => {
  it('↓ then Enter opens the selected erroring port; names are whole at 80×24', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    const f = await m.ui.waitFor(
      (x) =>
        x.includes('Top talkers') &&
        /› eth-\d+-\d+\s+.*\brx \S+ tx \S+/.test(x) &&
        /(ERR|DROP) \d/.test(x),
      8000,
    );
    const lines = frameLines(f);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    // every listed port is a whole name followed by its figure
    const items = lines.filter((l) => /(›|\s)\s(eth-[\d/-]+)\s\s/.test(l));
    expect(items.length).toBeGreaterThan(1);
    for (const l of items)
      expect(l).toMatch(/eth-\d+-\d+(\/\d+)?\s\s((ERR|DROP) \d|(<?\d+%\+? )?rx \S+ tx )/);
    // move down past the talkers to the first erroring port
    const talkers = lines.filter((l) => /\s(eth-[\d/-]+)\s\s.*\brx \S+ tx \S+/.test(l)).length;
    for (let i = 0; i < talkers; i++) await m.ui.press('down');
    const on = await m.ui.waitFor((x) => /› (eth-[\d/-]+)\s\s(ERR|DROP)/.test(x), 8000);
    // the selection stays on that port while the list re-orders with each poll
    const port = /› (eth-[\d/-]+)\s\s(?:ERR|DROP)/.exec(on)![1]!;
    await m.ui.press('enter');
    const detail = await m.ui.waitFor((x) => x.includes(`${port} (port`), 8000);
    expect(detail).toContain('[2 Ports]');
    expect(detail).toContain('rxerrs');
  });
});
