/**
 * The fleet screen on three simulators (one healthy, one slow, one answering 500s) and one
 * that was closed: a row per device with its reachability, Enter switches the whole console
 * to the device, 0 returns; and the fleet's polling counted at a simulator: 100 devices of
 * one fleet stay within 10 requests a second, also with one of them open (its console's
 * requests come out of the same budget).
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
const requests = async (s: SimServer) =>
  ((await (await fetch(s.url.replace(/\/rest$/, '/_sim/status'))).json()) as { requests: number })
    .requests;

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
    const poller = new FleetPoller(devices);
    poller.start();
    try {
      await new Promise((r) => setTimeout(r, 1500));
      const before = await requests(ok);
      await new Promise((r) => setTimeout(r, 4000));
      const counted = (await requests(ok)) - before;
      // 4 s at 10 a second, plus at most one second's budget saved up before the window
      expect(counted).toBeGreaterThan(0);
      expect(counted).toBeLessThanOrEqual(4 * 10 + 10);
    } finally {
      poller.stop();
      await Promise.all(devices.map((d) => d.client.close()));
    }
  }, 30_000);

  it("with a device open, the fleet and that device's console together stay within the budget", async () => {
    // one simulator plays all 100 (the same URL under 100 names): it sees every request, the
    // fleet poller's and the open console's; a budget of 3 a second makes the console's share
    // (about 1 a second on the Overview) plain
    const budget = 3;
    const running = await createFleetConsole({
      fleet: 'big',
      members: Array.from({ length: 100 }, (_, i) => ({
        name: `d${String(i).padStart(2, '0')}`,
        settings: { url: ok.url, readonly: true },
      })),
      mount: (tree) => renderTui(tree, { columns: 100, rows: 30 }),
      poller: { budget },
    });
    const ui = running.view;
    try {
      await ui.waitFor((f) => /^›\w+ +d00 /m.test(f), 20_000);
      await ui.press('enter');
      await ui.waitFor((f) => f.includes('[1 Overview]') && f.includes('Environment'), 20_000);
      // the console's first round (every resource at once) is over
      await new Promise((r) => setTimeout(r, 2000));
      const polls = () => running.current().poller.started.get('stats') ?? 0;
      const polled = polls();
      const before = await requests(ok);
      const seconds = 12;
      await new Promise((r) => setTimeout(r, seconds * 1000));
      const counted = (await requests(ok)) - before;
      // the console polled the device within the window
      expect(polls()).toBeGreaterThan(polled);
      // the budget, plus one second's saved up before the window, plus the console's
      // requests still under way at its end (counted by the device, charged when they end)
      expect(counted).toBeGreaterThan(0);
      expect(counted).toBeLessThanOrEqual(budget * seconds + budget + 5);
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 60_000);
});
