/**
 * Selection by identity (issue 29): on Ports sorted by a live column the rows re-sort at every
 * poll; the selected port stays the one the operator picked, and Enter opens that port.
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

const names = (frame: string) =>
  frameLines(frame)
    .filter((l) => /^[›\s]eth-/.test(l))
    .map((l) => l.slice(1).split(' ')[0]!);
const selected = (frame: string) =>
  frameLines(frame)
    .find((l) => l.startsWith('›'))
    ?.slice(1)
    .split(' ')[0];

describe('Ports selection by identity', () => {
  it('stays on the picked port while a live sort re-orders the rows between polls', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 40 });
    await m.ui.waitFor((x) => names(x).length > 20, 5000);
    for (let i = 0; i < 4; i++) await m.ui.press('s'); // port, ERR/s, DROP/s, LINE%, RX b/s
    await m.ui.waitFor((x) => x.includes('sorted by rx bit/s now'), 5000);
    await m.ui.press('g');
    for (let i = 0; i < 6; i++) await m.ui.press('j');
    const before = await m.ui.waitFor((x) => names(x).indexOf(selected(x) ?? '') > 3, 5000);
    const picked = selected(before)!;
    const row = names(before).indexOf(picked);
    // traffic arrives on the picked port: the next polls sort it higher up the list
    const sim = m.sim.url.replace('/rest', '');
    const added = await fetch(`${sim}/_sim/flows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ in_port: picked, bps: 400e9 }),
    });
    expect(added.status).toBe(200);
    const after = await m.ui.waitFor((x) => names(x).indexOf(picked) < row, 10_000);
    expect(selected(after)).toBe(picked);
    await m.ui.press('enter');
    const detail = await m.ui.waitFor((x) => x.includes('Esc returns'), 5000);
    expect(detail).toContain(`${picked} (port`);
  }, 40_000);

  it('a filter the operator types moves the selection to what it shows; the selection then stays', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 40 });
    await m.ui.waitFor((x) => names(x).length > 20, 5000);
    await m.ui.press('j');
    await m.ui.waitFor((x) => selected(x) === names(x)[1], 5000);
    await m.ui.press('/');
    for (const ch of 'eth-0-21') await m.ui.press(ch);
    await m.ui.press('enter');
    // the port selected before is hidden by the operator's own filter: its first match is
    // selected (no stale selection, no 'gone' note: nothing changed behind the operator's back)
    const f = await m.ui.waitFor(
      (x) => names(x).length > 0 && names(x).every((n) => n.startsWith('eth-0-21')),
      5000,
    );
    const first = names(f)[0]!;
    const shown = await m.ui.waitFor((x) => selected(x) === first, 5000);
    expect(shown).not.toContain('is gone');
    await m.ui.press('j');
    const picked = selected(await m.ui.waitFor((x) => selected(x) === names(x)[1], 5000))!;
    await m.ui.press('escape'); // clears the filter: every port is back, the picked one selected
    const back = await m.ui.waitFor((x) => names(x).length > 20, 5000);
    expect(selected(back)).toBe(picked);
    await m.ui.press('enter');
    const detail = await m.ui.waitFor((x) => x.includes('Esc returns'), 5000);
    expect(detail).toContain(`${picked} (port`);
  }, 30_000);
});

describe('Ports: the sort the operator picks', () => {
  it('s starts the new order at its top row: the worst port is selected', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 40 });
    await m.ui.waitFor((x) => names(x).length > 20, 5000);
    await m.ui.press('j'); // eth-0-2
    await m.ui.waitFor((x) => selected(x) === names(x)[1], 5000);
    await m.ui.press('s'); // ERR/s ▼
    const f = await m.ui.waitFor(
      (x) => x.includes('sorted by errors/s') && selected(x) === names(x)[0],
      5000,
    );
    expect(selected(f)).not.toBe('eth-0-2');
  }, 30_000);
});
