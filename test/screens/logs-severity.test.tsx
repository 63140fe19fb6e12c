/**
 * Logs (issue 20): a severity column and a minimum severity (L) when the device's lines carry
 * one, with the "N of M lines" note of every filtered list; and `f` never moves the view —
 * switching follow on or off keeps the lines where they are, only a line that arrives while
 * following takes the view to the newest.
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

// a stopped device clock: no ambient line arrives by itself during the test
const T = Date.UTC(2026, 10, 22, 1, 2, 3);

async function logLines(lines: string[]) {
  const res = await fetch(`${m!.sim.url.replace('/rest', '')}/_sim/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  });
  expect(res.status).toBe(200);
}

describe('log severities', () => {
  it('shows a severity column and L keeps the lines at a minimum severity, saying N of M', async () => {
    m = await mountConsole({ screen: 'logs', columns: 100, rows: 30, sim: { now: () => T } });
    let f = await m.ui.waitFor((x) => x.includes('pb-lab-01 started'), 8000);
    // the device's own lines carry no severity: no column
    expect(frameLines(f).find((l) => l.includes('pb-lab-01 started'))).toMatch(/^\d{4}-/);
    // L says so in one line instead of doing nothing
    await m.ui.press('L');
    await m.ui.waitFor((x) => x.includes('carry no severity to filter by'), 8000);
    await logLines([
      '%LINK-3-UPDOWN: Interface eth-0-5, changed state to down',
      'WARN fan 2 slow',
      '<10>psu: PSU 1 failed',
    ]);
    f = await m.ui.waitFor((x) => x.includes('PSU 1 failed') && x.includes('L level'), 8000);
    const row = (text: string) => frameLines(f).find((l) => l.includes(text)) ?? '';
    expect(row('UPDOWN')).toMatch(/^ERR {3}\d{4}-/);
    expect(row('fan 2 slow')).toMatch(/^WARN {2}\d{4}-/);
    expect(row('PSU 1 failed')).toMatch(/^CRIT {2}\d{4}-/);
    expect(row('pb-lab-01 started')).toMatch(/^ {6}\d{4}-/);
    const total = Number(/(\d+) lines/.exec(f)![1]);

    await m.ui.press('L');
    f = await m.ui.waitFor((x) => x.includes(`1 of ${total} lines ≥ CRIT`), 8000);
    expect(f).toContain('PSU 1 failed');
    expect(f).not.toContain('UPDOWN');
    await m.ui.press('L');
    f = await m.ui.waitFor((x) => x.includes(`2 of ${total} lines ≥ ERR`), 8000);
    expect(f).toContain('UPDOWN');
    expect(f).not.toContain('fan 2 slow');
    await m.ui.press('L');
    f = await m.ui.waitFor((x) => x.includes(`3 of ${total} lines ≥ WARN`), 8000);
    expect(f).toContain('fan 2 slow');
    expect(f).not.toContain('pb-lab-01 started');
    // with the text filter too
    await m.ui.press('/');
    for (const ch of 'fan') await m.ui.press(ch);
    await m.ui.press('enter');
    f = await m.ui.waitFor((x) => x.includes(`1 of ${total} lines ≥ WARN match 'fan'`), 8000);
    await m.ui.press('escape');
    // NOTE, INFO, then everything again
    for (const k of ['L', 'L', 'L']) await m.ui.press(k);
    f = await m.ui.waitFor((x) => x.includes(`${total} lines ·`) && !x.includes(' of '), 8000);
    expect(f).toContain('pb-lab-01 started');
  }, 60_000);
});

describe('follow', () => {
  it('f keeps the view where it is; a line arriving while following shows the newest', async () => {
    m = await mountConsole({ screen: 'logs', columns: 80, rows: 24, sim: { now: () => T } });
    await logLines(Array.from({ length: 40 }, (_, i) => `line-${String(i + 1).padStart(2, '0')}`));
    let f = await m.ui.waitFor((x) => x.includes('line-40') && x.includes('following'), 8000);
    const rowOf = (frame: string, text: string) =>
      frameLines(frame).findIndex((l) => l.includes(text));
    const at = rowOf(f, 'line-30');
    // at the newest: f switches follow off and nothing moves (no notice line shifts it)
    await m.ui.press('f');
    f = await m.ui.waitFor((x) => x.includes('paused (f follows)'), 8000);
    expect(rowOf(f, 'line-30')).toBe(at);
    expect(rowOf(f, 'line-40')).toBeGreaterThan(at);
    await m.ui.press('f');
    f = await m.ui.waitFor((x) => /following · /.test(x), 8000);
    expect(rowOf(f, 'line-30')).toBe(at);

    // scrolled up: f switches following on there, on the same lines
    for (let i = 0; i < 5; i++) await m.ui.press('k');
    f = await m.ui.waitFor((x) => x.includes('paused 5 lines up'), 8000);
    const up = rowOf(f, 'line-30');
    expect(up).toBe(at + 5);
    expect(f).not.toContain('line-40');
    await m.ui.press('f');
    f = await m.ui.waitFor((x) => x.includes('following from 5 up'), 8000);
    expect(rowOf(f, 'line-30')).toBe(up);
    expect(f).not.toContain('line-40');
    // a new line while following: the view goes to the newest
    await logLines(['line-41']);
    f = await m.ui.waitFor((x) => x.includes('line-41') && /following · /.test(x), 8000);
    expect(rowOf(f, 'line-41')).toBeGreaterThan(rowOf(f, 'line-40'));
  }, 60_000);
});

describe('paused', () => {
  it('lines that arrive while paused, shown or hidden by the filter, never move the view', async () => {
    m = await mountConsole({ screen: 'logs', columns: 80, rows: 24, sim: { now: () => T } });
    await logLines(
      Array.from(
        { length: 80 },
        (_, i) => `${i % 2 ? 'odd' : 'even'}-${String(i + 1).padStart(2, '0')}`,
      ),
    );
    await m.ui.waitFor((x) => x.includes('odd-80'), 8000);
    await m.ui.press('/');
    for (const ch of 'even') await m.ui.press(ch);
    await m.ui.press('enter');
    let f = await m.ui.waitFor((x) => x.includes("match 'even'") && x.includes('even-79'), 8000);
    for (let i = 0; i < 3; i++) await m.ui.press('k');
    f = await m.ui.waitFor((x) => x.includes('paused 3 lines up'), 8000);
    const rows = frameLines(f).filter((l) => /even-\d\d/.test(l));
    // ten hidden lines, then two shown ones: the same lines on the same rows
    await logLines(Array.from({ length: 10 }, (_, i) => `odd-hidden-${i}`));
    await logLines(['even-new-1', 'even-new-2']);
    f = await m.ui.waitFor((x) => x.includes('12 new lines below'), 8000);
    expect(frameLines(f).filter((l) => /even-\d\d/.test(l))).toEqual(rows);
    expect(f).toContain('paused 3 lines up');
    expect(f).not.toContain('even-new');
    // End follows again, at the newest
    await m.ui.press('end');
    f = await m.ui.waitFor((x) => x.includes('even-new-2') && /following · /.test(x), 8000);
    expect(f).not.toContain('odd-hidden');
  }, 60_000);
});
