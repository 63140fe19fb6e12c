/**
 * Every way off the fleet screen resumes the device console's polling (issue 29): Enter on a
 * device, `0` back to the fleet, then `2` showed the device's Ports `◌ stale` forever (the
 * poller was stopped on the way back and never started again; r and p did not help). So did
 * `2` straight from the fleet screen, before any device was opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { createFleetConsole } from '../../src/tui/fleet-console.js';
import { renderTui } from '../harness/render.js';

let a: SimServer;
let b: SimServer;

beforeAll(async () => {
  [a, b] = await Promise.all([
    startSim({ port: 0, host: '127.0.0.1', seed: 3 }),
    startSim({ port: 0, host: '127.0.0.1', seed: 4 }),
  ]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const start = () =>
  createFleetConsole({
    fleet: 'lab',
    members: [
      { name: 'a', settings: { url: a.url, readonly: true } },
      { name: 'b', settings: { url: b.url, readonly: true } },
    ],
    mount: (tree) => renderTui(tree, { columns: 80, rows: 24 }),
  });

describe('back from a device console to the fleet and on to a screen', () => {
  it('Enter, 0, 2: the device is polled again and its ports are not stale', async () => {
    const running = await start();
    const ui = running.view;
    try {
      await ui.waitFor((f) => /^.live +a /m.test(f) && /^.live +b /m.test(f), 20_000);
      await ui.press('down');
      await ui.waitFor((f) => /^›live +b /m.test(f));
      await ui.press('enter');
      await ui.waitFor((f) => f.includes('[1 Overview]') && f.includes(b.url), 20_000);
      await ui.press('0');
      await ui.waitFor((f) => f.includes('Fleet lab · 2 devices'));
      // on the fleet screen the device's own console is stopped (the fleet polls its row)
      await ui.waitFor(() => running.current().poller.scheduled() === 0);
      await ui.press('2');
      const stats = () => running.current().poller.started.get('stats') ?? 0;
      const before = stats();
      // the device's console asks for its ports again: a poll after the switch, then another
      await ui.waitFor(() => stats() >= before + 2, 15_000);
      const frame = await ui.waitFor((f) => /eth-\d/.test(f), 10_000);
      expect(frame).not.toContain('◌ stale');
      expect(running.current().session.url).toBe(b.url);
      expect(running.current().poller.scheduled()).toBeGreaterThan(0);
      // and 0 once more: the fleet again, that console stopped again
      await ui.press('0');
      await ui.waitFor((f) => f.includes('Fleet lab · 2 devices'));
      await ui.waitFor(() => running.current().poller.scheduled() === 0);
      expect(running.fleet.slowed('a')).toBe(false);
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 60_000);

  it('2 straight from the fleet screen polls the first device', async () => {
    const running = await start();
    const ui = running.view;
    try {
      await ui.waitFor((f) => /^.live +a /m.test(f), 20_000);
      await ui.press('2');
      const stats = () => running.current().poller.started.get('stats') ?? 0;
      await ui.waitFor(() => stats() >= 2, 15_000);
      const frame = await ui.waitFor((f) => /eth-\d/.test(f), 10_000);
      expect(frame).not.toContain('◌ stale');
      // the other device is polled slower meanwhile, this one by its console
      expect(running.fleet.slowed('b')).toBe(true);
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 60_000);
});
