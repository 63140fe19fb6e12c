/**
 * The fleet screen on three simulators (one healthy, one slow, one answering 500s) and one
 * that was closed: a row per device with its reachability, Enter switches the whole console
 * to the device, 0 returns; and the fleet's polling counted at a simulator, on a clock the
 * test moves: 100 devices of one fleet stay within 10 requests a second, and with one of them
 * open its console's requests come out of the same budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { FleetPoller } from '../../src/store/fleet.js';
import { createFleetConsole } from '../../src/tui/fleet-console.js';
import { renderTui } from '../harness/render.js';

let ok: SimServer;
let slow: SimServer;
let failing: SimServer;
let downUrl: string;

const control = (s: SimServer, path: string, body: unknown) =>
  fetch(s.url.replace(/\/rest$/, path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const start = () => startSim({ port: 0, host: '127.0.0.1', seed: 3 });
  [ok, slow, failing] = await Promise.all([start(), start(), start()]);
  await control(slow, '/_sim/fault', { latency_ms: 300 });
  await control(failing, '/_sim/fault', { fail_rate: 1, fail_mode: '500' });
  const down = await start();
  downUrl = down.url;
  await down.close();
});
afterAll(async () => {
  await Promise.all([ok?.close(), slow?.close(), failing?.close()]);
});

const row = (frame: string, device: string) =>
  frame.split('\n').find((l) => new RegExp(`^.(live|stale|down|unknown) +${device} `).test(l));

describe('the fleet screen', () => {
  it('shows a row per device, Enter opens one, 0 returns to the fleet', async () => {
    const running = await createFleetConsole({
      fleet: 'lab',
      members: [
        { name: 'a-ok', settings: { url: ok.url, readonly: false } },
        { name: 'b-slow', settings: { url: slow.url, readonly: false } },
        { name: 'c-500', settings: { url: failing.url, readonly: false } },
        { name: 'd-down', settings: { url: downUrl, readonly: false } },
      ],
      mount: (tree) => renderTui(tree, { columns: 100, rows: 30 }),
    });
    const ui = running.view;
    try {
      const frame = await ui.waitFor(
        (f) =>
          /^.live +a-ok /m.test(f) &&
          /^.live +b-slow /m.test(f) &&
          /^.down +c-500 /m.test(f) &&
          /^.down +d-down /m.test(f),
        20_000,
      );
      expect(frame).toContain('Fleet lab · 4 devices · 2 down');
      expect(frame).toContain('pbc · fleet lab (4 devices)');
      expect(row(frame, 'a-ok')).toMatch(/PB-2800/);
      // the one that answers: TCAM read
      expect(row(frame, 'a-ok')).toMatch(/ (\d+|<1)% /);

      // Enter on the second row: the whole console is on b-slow now
      await ui.press('down');
      await ui.waitFor((f) => /^›live +b-slow /m.test(f));
      await ui.press('enter');
      await ui.waitFor((f) => f.includes(slow.url) && f.includes('[1 Overview]'), 20_000);
      expect(running.current().session.url).toBe(slow.url);
      expect(ui.lastFrame()).toContain('pbc · b-slow · ');
      await ui.waitFor((f) => f.includes('Environment'), 20_000);

      // 0: the fleet again
      await ui.press('0');
      // back on the fleet, the device just left is the selected row
      await ui.waitFor(
        (f) => f.includes('Fleet lab · 4 devices') && /^›\S+ +b-slow /m.test(f),
        10_000,
      );
      // the / filter
      await ui.press('/');
      for (const ch of 'down') await ui.press(ch);
      await ui.press('enter');
      const filtered = await ui.waitFor((f) => f.includes('2 of 4 devices match'));
      expect(row(filtered, 'a-ok')).toBeUndefined();
      expect(row(filtered, 'd-down')).toBeDefined();
      // the rows the filter leaves out are polled slower, the ones shown at full rate
      expect(running.fleet.slowed('a-ok')).toBe(true);
      expect(running.fleet.slowed('b-slow')).toBe(true);
      expect(running.fleet.slowed('d-down')).toBe(false);
      // a down device: its error in full under the table, not cut in the NAME column
      await ui.press('down');
      const why = await ui.waitFor((f) => /^›down +d-down /m.test(f));
      expect(row(why, 'd-down')).toMatch(/d-down +— /);
      expect(why).toMatch(/^d-down: cannot connect to 127\.0\.0\.1:\d+: connection refused/m);
      // wrapped, not cut: the end of the device's error shows too (100 columns)
      expect(why.replace(/\n/g, ' ')).toMatch(/is the device up and the\s+URL's port right\?/);
      expect(why).not.toMatch(/^d-down: .*…$/m);
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 60_000);

  it('100 devices of a fleet stay within 10 requests a second, counted at the device', async () => {
    // one simulator plays all 100 (the same URL under 100 names): it sees every request
    const devices = Array.from({ length: 100 }, (_, i) => ({
      name: `d${i}`,
      url: ok.url,
      client: createClient({ url: ok.url, readonly: true }),
    }));
    // the fleet's clock is the test's: a tick each 100 ms of it, once every request it sent
    // has been answered (a slow machine lengthens no window)
    const clock = { t: 0 };
    const poller = new FleetPoller(devices, { now: () => clock.t });
    const run = async (seconds: number) => {
      for (let i = 0; i < seconds * 10; i++) {
        clock.t += 100;
        poller.tick();
        while (poller.busy() > 0) await new Promise((r) => setTimeout(r, 1));
      }
    };
    try {
      await run(1.5);
      const before = ok.faults.requests;
      await run(4);
      const counted = ok.faults.requests - before;
      // 4 s at 10 a second, plus at most one second's budget saved up before the window; and
      // with 100 devices always due, the budget is used, not only kept
      expect(counted).toBeGreaterThanOrEqual(4 * 10 - 10);
      expect(counted).toBeLessThanOrEqual(4 * 10 + 10);
    } finally {
      await Promise.all(devices.map((d) => d.client.close()));
    }
  }, 30_000);

  it("with a device open, that device's console spends the fleet's budget: every request it sends, counted at the device", async () => {
    // one simulator plays all 100 (the same URL under 100 names): it sees every request. The
    // fleet's clock is the test's and the fleet never ticks by itself, so what reaches the
    // device after the open is the console's; the budget arithmetic (the fleet waits while
    // the console's requests have spent it) is src/store/fleet.test.ts's
    const budget = 3;
    const clock = { t: 0 };
    const running = await createFleetConsole({
      fleet: 'big',
      members: Array.from({ length: 100 }, (_, i) => ({
        name: `d${String(i).padStart(2, '0')}`,
        settings: { url: ok.url, readonly: true },
      })),
      mount: (tree) => renderTui(tree, { columns: 100, rows: 30 }),
      poller: { budget, now: () => clock.t, tickMs: 3_600_000 },
    });
    const ui = running.view;
    const fleet = running.fleet;
    /** Resolves at a moment the open console has no request under way. */
    const consoleIdle = async () => {
      const idle = () =>
        Object.values(running.current().store.getState().resources).every((r) => !r.inFlight);
      while (!idle() || fleet.busy() > 0) await new Promise((r) => setTimeout(r, 1));
    };
    try {
      await ui.waitFor((f) => /^›\w+ +d00 /m.test(f), 20_000);
      await ui.press('enter');
      await ui.waitFor((f) => f.includes('[1 Overview]') && f.includes('Environment'), 20_000);
      // a minute later on the fleet's clock: its budget is full again (saved up to its cap)
      await consoleIdle();
      clock.t += 60_000;
      const full = fleet.budgetLeft();
      expect(full).toBeGreaterThanOrEqual(budget);
      const before = ok.faults.requests;
      const polls = () => running.current().poller.started.get('stats') ?? 0;
      const polled = polls();
      // the console polls on (its own clock): a poll of the port counters, answered
      while (polls() < polled + 1) await new Promise((r) => setTimeout(r, 20));
      await consoleIdle();
      const sent = ok.faults.requests - before;
      expect(sent).toBeGreaterThanOrEqual(1);
      // each one charged to the fleet: its budget is down by what the device counted
      expect(fleet.budgetLeft()).toBe(full - sent);
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 60_000);
});
