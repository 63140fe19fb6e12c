import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '../harness/render.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

const row = (frame: string, name: string) =>
  frameLines(frame).find((l) => l.includes(`${name} `)) ?? '';

describe('ports screen', () => {
  it('lists every port with live rates that change', async () => {
    m = await mountConsole({ screen: 'ports', rows: 34 });
    const f1 = await m.ui.waitFor((x) => /\d[kMG]/.test(row(x, 'eth-0-1')), 5000);
    expect(f1).toContain('eth-0-22/1');
    const first = row(f1, 'eth-0-1');
    await m.ui.waitFor((x) => row(x, 'eth-0-1') !== first, 5000);
  });

  it('drops low-priority columns at 80 columns and keeps the essentials', async () => {
    m = await mountConsole({ screen: 'ports', columns: 80, rows: 24 });
    const f = await m.ui.waitFor((x) => x.includes('eth-0-1') && x.includes('RX b/s'), 5000);
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);
    expect(f).toContain('STATE');
    expect(f).toContain('TX b/s');
  });

  it('sorts with s / S, filters with /, and opens details with Enter', async () => {
    m = await mountConsole({ screen: 'ports', rows: 40 });
    await m.ui.waitFor((x) => /\d[kMG]/.test(row(x, 'eth-0-1')), 5000);
    await m.ui.press('s'); // errors per second now, largest first
    await m.ui.waitFor((x) => /ERR\/s▼/.test(x));
    await m.ui.press('S');
    await m.ui.waitFor((x) => /ERR\/s▲/.test(x));
    await m.ui.press('/');
    for (const ch of 'eth-0-21') await m.ui.press(ch);
    const filtered = await m.ui.waitFor((x) => !x.includes('eth-0-1 ') && x.includes('eth-0-21/4'));
    expect(filtered).not.toContain('eth-0-22/1');
    await m.ui.press('enter'); // keep the filter
    await m.ui.press('enter'); // open details of the selected port
    const detail = await m.ui.waitFor((x) => x.includes('Esc returns') && x.includes('rxbytes'));
    expect(detail).toMatch(/eth-0-21\/\d \(port \d+\)/);
    await m.ui.waitFor((x) => x.includes('Transceiver') && !x.includes('loading…'), 5000);
    await m.ui.press('escape');
    await m.ui.waitFor((x) => x.includes('eth-0-21/4') && !x.includes('Esc returns'));
    await m.ui.press('escape'); // clears the filter
    await m.ui.waitFor((x) => x.includes('eth-0-1 '));
  });
});

describe('filter line', () => {
  it('takes a pasted run of text, and keys typed faster than frames, without losing any', async () => {
    m = await mountConsole({ screen: 'ports' });
    await m.ui.waitFor((x) => x.includes('eth-0-1 '), 5000);
    m.ui.write('/');
    m.ui.write('eth-0-2'); // one chunk, as a paste arrives
    m.ui.write('1');
    m.ui.write('/');
    m.ui.write('4');
    const f = await m.ui.waitFor((x) => x.includes('/eth-0-21/4'));
    expect(f).toContain('eth-0-21/4');
    expect(f).not.toContain('eth-0-21/3');
  });
});

describe('logs screen', () => {
  it('tails the log, follows new lines, and filters with highlighting', async () => {
    m = await mountConsole({ screen: 'logs' });
    await m.ui.waitFor(
      (x) => x.includes('system: device pb-lab-01 started') && x.includes('following'),
      5000,
    );
    await fetch(`${m.sim.url.replace('/rest', '')}/_sim/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: ['marker-one', 'marker-two'] }),
    });
    await m.ui.waitFor((x) => x.includes('marker-two'), 5000);
    await m.ui.press('/');
    for (const ch of 'marker-one') await m.ui.press(ch);
    const f = await m.ui.waitFor(
      (x) => x.includes("lines match 'marker-one'") && !x.includes('marker-two'),
    );
    expect(f).toContain('marker-one');
  });

  it('scrolling up pauses follow; f resumes; t hides timestamps; w wraps', async () => {
    m = await mountConsole({ screen: 'logs' });
    await fetch(`${m.sim.url.replace('/rest', '')}/_sim/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 200, length: 300 }),
    });
    await m.ui.waitFor((x) => x.includes('generated line 200 of 200'), 5000);
    await m.ui.press('pageup');
    const paused = await m.ui.waitFor((x) => x.includes('paused'));
    expect(paused).not.toContain('generated line 200 of 200');
    // f follows from where the view is (it does not move); End goes to the newest
    await m.ui.press('f');
    await m.ui.waitFor((x) => x.includes('following from'));
    await m.ui.press('end');
    await m.ui.waitFor((x) => x.includes('following') && x.includes('generated line 200 of 200'));
    await m.ui.press('t');
    await m.ui.waitFor((x) => !/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} sim:/.test(x));
    await m.ui.press('w');
    const wrapped = await m.ui.waitFor((x) => x.includes('· wrap'));
    for (const l of frameLines(wrapped)) expect(l.length).toBeLessThanOrEqual(100);
  });

  it('z asks before clearing; only y clears', async () => {
    m = await mountConsole({ screen: 'logs' });
    await m.ui.waitFor((x) => x.includes('started'), 5000);
    await m.ui.press('z');
    await m.ui.waitFor((x) => x.includes('Clear the whole device log?'));
    await m.ui.press('n');
    await m.ui.waitFor((x) => x.includes('log not cleared'));
    expect(m.sim.state.log.all().some((l) => l.includes('started'))).toBe(true);
    await m.ui.press('z');
    await m.ui.waitFor((x) => x.includes('Clear the whole device log?'));
    await m.ui.press('y');
    await m.ui.waitFor((x) => x.includes('weblog cleared by'), 5000);
    expect(m.sim.state.log.all().some((l) => l.includes('started'))).toBe(false);
  });

  it('in --readonly, z is refused before anything is sent', async () => {
    m = await mountConsole({ screen: 'logs', session: { readonly: true } });
    await m.ui.waitFor((x) => x.includes('started'), 5000);
    await m.ui.press('z');
    await m.ui.waitFor((x) => x.includes('read-only session'));
    expect(m.sim.state.log.all().some((l) => l.includes('started'))).toBe(true);
  });

  it('device strings with escape sequences are neutralized on screen', async () => {
    m = await mountConsole({ screen: 'logs' });
    await fetch(`${m.sim.url.replace('/rest', '')}/_sim/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: ['evil \u001b]0;pwned\u0007 title \u001b[2J wipe'] }),
    });
    const f = await m.ui.waitFor((x) => x.includes('evil'), 5000);
    expect(f).toContain('evil  title  wipe');
    expect(m.ui.lastStyledFrame()).not.toContain('\u001b]0;');
    expect(m.ui.lastStyledFrame()).not.toContain('\u001b[2J');
  });
});
