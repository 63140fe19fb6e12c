import { afterEach, describe, expect, it } from 'vitest';
import { untilStore } from '../harness/console.js';
import { cleanup } from '../harness/render.js';
import { frameLines, type Mounted, mountConsole } from './console.js';

let m: Mounted | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
  cleanup();
});

describe('console frame', () => {
  it('shows the device in the header and the overview, within 80×24', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    // the header's access data comes from its own poll: wait for it with the rest
    const f = await m.ui.waitFor(
      (x) =>
        x.includes('pb-lab-01') &&
        x.includes('TCAM 10/4096') &&
        x.includes('Fans') &&
        x.includes('UAC off'),
      5000,
    );
    expect(f).toContain('[DEMO]');
    expect(f).toMatch(/PSU 1:OK\s+2:absent/);
    for (const l of frameLines(f)) expect(l.length).toBeLessThanOrEqual(80);
    expect(frameLines(f).length).toBeLessThanOrEqual(24);
  });

  it('switches screens with 1-9 and through the palette; help lists the screen keys', async () => {
    m = await mountConsole();
    await m.ui.waitFor((x) => x.includes('pb-lab-01'), 5000);
    await m.ui.press('2');
    await m.ui.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-1'));
    await m.ui.press(':');
    for (const ch of 'logs') await m.ui.press(ch);
    await m.ui.waitFor((x) => x.includes(':logs'));
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes('[6 Logs]'));
    await m.ui.press('?');
    const help = await m.ui.waitFor((x) => x.includes('Help — Logs'));
    expect(help).toContain('follow new lines on/off');
    expect(help).toContain('pause/resume polling');
    await m.ui.press('escape');
    await m.ui.waitFor((x) => !x.includes('Help — Logs'));
  });

  it('at 80×24 the Rules help scrolls: every key and its whole description can be read', async () => {
    m = await mountConsole({ columns: 80, rows: 24 });
    await m.ui.waitFor((x) => x.includes('pb-lab-01'), 5000);
    await m.ui.press('3');
    await m.ui.waitFor((x) => x.includes('[3 Rules]'));
    await m.ui.press('?');
    const top = await m.ui.waitFor((x) => x.includes('Help — Rules'));
    expect(top).toMatch(/scroll: 1–\d+ of \d+ ↓/);
    // a description that two 38-column halves used to cut
    expect(top).toContain('delete ALL rules (type delete to confirm)');
    expect(top).not.toContain('last line');
    await m.ui.press('G');
    const end = await m.ui.waitFor((x) => x.includes('last line'));
    expect(end).not.toContain('add a rule in the editor');
    expect(end).toMatch(/scroll: \d+–(\d+) of \1\)/);
    // a scroll key does not move the list behind the help
    await m.ui.press('g');
    await m.ui.waitFor((x) => x.includes('add a rule in the editor'));
    for (const l of frameLines(m.ui.lastFrame())) expect(l.length).toBeLessThanOrEqual(80);
    await m.ui.press('escape');
    await m.ui.waitFor((x) => !x.includes('Help — Rules'));
  });

  it('Esc and a screen key read together (a fast typist over SSH) close the help and switch', async () => {
    m = await mountConsole();
    await m.ui.waitFor((x) => x.includes('pb-lab-01'), 5000);
    await m.ui.press('?');
    await m.ui.waitFor((x) => x.includes('Help — Overview'));
    m.ui.write('\u001b2'); // one read: Ink sees Alt+2
    const f = await m.ui.waitFor((x) => x.includes('[2 Ports]') && !x.includes('Help —'));
    expect(f).toContain('eth-0-1');
  });

  it('an unknown palette command says so in one line', async () => {
    m = await mountConsole();
    await m.ui.waitFor((x) => x.includes('pb-lab-01'), 5000);
    await m.ui.press(':');
    for (const ch of 'frobnicate') await m.ui.press(ch);
    await m.ui.press('enter');
    await m.ui.waitFor((x) => x.includes("unknown command 'frobnicate'"));
  });

  it('p pauses polling (no requests) and resumes', async () => {
    m = await mountConsole();
    await m.ui.waitFor((x) => x.includes('● live'), 5000);
    await m.ui.press('p');
    await m.ui.waitFor((x) => x.includes('paused'));
    // the requests already in flight land; then none is under way and none is scheduled, so
    // none can come (provably, not "none came in 500 ms")
    const mounted = m;
    await untilStore(mounted.store, (s) => Object.values(s.resources).every((r) => !r.inFlight));
    expect(mounted.current().poller.scheduled()).toBe(0);
    const before = m.sim.faults.requests;
    await m.ui.settle();
    expect(m.sim.faults.requests).toBe(before);
    await m.ui.press('p');
    await m.ui.waitFor((x) => x.includes('● live'));
    expect(m.sim.faults.requests).toBeGreaterThan(before);
  });

  it('marks data stale/down when the device stops answering, keeps it, and recovers', async () => {
    m = await mountConsole({ screen: 'ports' });
    await m.ui.waitFor((x) => x.includes('eth-0-1') && x.includes('● live'), 5000);
    m.sim.faults.settings = {
      ...m.sim.faults.settings,
      failNext: 1_000_000,
      failNextMode: 'reset',
    };
    const down = await m.ui.waitFor((x) => x.includes('✖ down'), 5000);
    expect(down).toContain('eth-0-1'); // the table is still there
    expect(down).toMatch(/! .*(reset|connection)/i); // one status line says why
    m.sim.faults.settings = { ...m.sim.faults.settings, failNext: 0 };
    await m.ui.press('r');
    // no error line left ('! err' / '! drop' in the table mark ports erroring now, not the console)
    await m.ui.waitFor(
      (x) => x.includes('● live') && !frameLines(x).some((l) => l.startsWith('! ')),
      8000,
    );
  });

  it('shows "terminal too small" below 80×24 and re-lays out on resize', async () => {
    m = await mountConsole({ columns: 70, rows: 20 });
    await m.ui.waitFor((x) => x.includes('Terminal too small: 70×20'));
    m.ui.resize(100, 30);
    await m.ui.waitFor((x) => x.includes('pb-lab-01'), 5000);
  });
});
