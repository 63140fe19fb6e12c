/**
 * Wide panels scroll sideways at 80 columns (issue 20): the port detail's transceiver table
 * (light levels and temperature are past column 80) and a rule's long values move with ←/→ a
 * step at a time, Home goes back to the start, the panel says where it is (`◀ col 9–86 of 98
 * ▶`) and the status bar lists ←/→ only while something is cut.
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

async function palette(text: string) {
  await m!.ui.press(':');
  for (const ch of text) await m!.ui.press(ch);
  await m!.ui.press('enter');
}

const statusBar = (frame: string) => frameLines(frame).at(-1) ?? '';

describe('wide panels scroll sideways', () => {
  it("→ reveals the transceiver's light levels and temperature cut at 80 columns; Home returns", async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    await palette('port eth-0-17');
    // the status bar follows the view once it is on screen
    let f = await m.ui.waitFor(
      (x) => /Transceiver {2}col 1–78 of \d+ ▶/.test(x) && statusBar(x).includes('←/→ scroll'),
      8000,
    );
    // the port's line: under the table's header and its dashes
    const row = () => {
      const lines = frameLines(f);
      return lines[lines.findIndex((l) => l.startsWith(' Transceiver')) + 3] ?? '';
    };
    expect(row()).toContain('FTLX8571D3BCV-IT');
    expect(f).not.toContain('Temp(C)');
    expect(f).not.toContain('Rx(dBm)');
    expect(statusBar(f)).toContain('←/→ scroll');
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);

    await m.ui.press('right');
    f = await m.ui.waitFor((x) => x.includes('◀ col 9–86 of'), 8000);
    for (let i = 0; i < 4; i++) await m.ui.press('right');
    f = await m.ui.waitFor((x) => x.includes('Temp(C)') && /◀ col \d+–(\d+) of \1\b/.test(x), 8000);
    expect(f).toContain('Rx(dBm)');
    // the port's own line shows its levels now: Tx, Rx (dBm) and a temperature
    expect(row()).toMatch(/-\d+\.\d\d +-\d+\.\d\d +\d+\.\d$/);
    expect(row()).not.toContain('eth-0-17');
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);

    await m.ui.press('home');
    f = await m.ui.waitFor((x) => x.includes('Transceiver  col 1–78 of'), 8000);
    expect(row()).toContain('FTLX8571D3BCV-IT');
  }, 60_000);

  it('a rule detail scrolls its long values; nothing to scroll, no ←/→ in the status bar', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    const q = new URLSearchParams({
      priority: '900',
      name: 'wide-one',
      actions: 'output:9',
      'match[in_port]': '7',
      description: `${'mirror of the core uplink for the analyzer farm, '.repeat(3)}END-MARK`,
    });
    const res = await fetch(`${m.sim.url}/rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: q.toString(),
    });
    expect(res.status, await res.text()).toBe(200);
    await palette('rule wide-one');
    let f = await m.ui.waitFor(
      (x) => x.includes("Rule 'wide-one'") && x.includes('←/→ scroll'),
      8000,
    );
    expect(f).not.toContain('END-MARK');
    expect(f).toMatch(/col 1–\d+ of \d+ ▶ \(←\/→\)/);
    for (let i = 0; i < 12; i++) await m.ui.press('right');
    f = await m.ui.waitFor((x) => x.includes('END-MARK'), 8000);
    // the labels stay; only the values move
    expect(f).toMatch(/ description +.*END-MARK/);
    expect(f).toMatch(/^ priority\b/m);
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);

    // a rule whose every line fits: no sideways scrolling offered
    await m.ui.press('escape');
    await palette('rule https-3');
    f = await m.ui.waitFor(
      (x) => x.includes("Rule 'https-3'") && !statusBar(x).includes('←/→'),
      8000,
    );
    expect(statusBar(f)).not.toContain('←/→');
    expect(f).not.toMatch(/col 1–/);
  }, 60_000);
});
