/**
 * Long run: 10,000 accelerated poll cycles with the console mounted, visiting every
 * screen (1–9) in turn. Real simulator answers are taken once and then aged in memory
 * (counters advance, six new log lines every cycle), so the run takes seconds; 1,000 cycles
 * a screen. What must hold:
 * everything that grows with time is bounded — the log ring, the rate history, the rates
 * map (one entry a port, not a key per sample) — and the console still shows the newest
 * data at the end. RSS figures for the same length of run are `npm run bench`
 * (bench/tui.mjs: a real console process polling 100× faster; docs/performance.md).
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { startSim } from '../../src/sim/server.js';
import { LOG_CAPACITY } from '../../src/store/logbuffer.js';
import { HISTORY } from '../../src/store/rates.js';
import { fetchers, HEADER_RESOURCES, type ResourceKey } from '../../src/store/resources.js';
import { commitSuccess, createConsoleStore } from '../../src/store/store.js';
import { SCREENS } from '../../src/tui/keymap.js';
import { SCREEN_VIEWS } from '../../src/tui/screens.js';
import { mountTestConsole } from '../harness/console.js';
import { ageStats } from '../harness/device-fixtures.js';
import { cleanup } from '../harness/render.js';
import { EVENT_MS } from './drill.js';

const CYCLES = 10_000;

describe('long run (10,000 accelerated poll cycles, every screen)', () => {
  it('keeps every growing structure bounded and still shows the newest data', async () => {
    const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 3 });
    const client = createClient({ url: sim.url });
    const store = createConsoleStore();
    // one real answer per resource, through the same client code as the console
    const fetch = fetchers(undefined);
    const real: Partial<Record<ResourceKey, unknown>> = {};
    for (const { id } of SCREENS) {
      for (const k of [...HEADER_RESOURCES, ...SCREEN_VIEWS[id].resources]) {
        if (!(k in real)) real[k] = await fetch[k](client);
      }
    }
    await sim.close();
    // the poller is not started: answers are committed directly
    const { ui } = await mountTestConsole({
      settings: { url: sim.url, readonly: false, demo: true },
      store,
      screen: 'overview',
      poll: false,
    });
    try {
      type Stats = Array<{ rxbytes: bigint; txbytes: bigint; rxpkts: bigint; txpkts: bigint }>;
      let stats = real.stats as Stats;
      const logs = (real.log as { logs: string[] }).logs;
      let window = [...logs];
      let line = 0;
      for (let c = 1; c <= CYCLES; c++) {
        const screen = SCREENS[Math.floor(c / 1000) % SCREENS.length]!;
        if (c % 1000 === 0 || c === 1) await ui.press(screen.key);
        const at = c * 2000;
        stats = ageStats(stats, c);
        for (let i = 0; i < 6; i++)
          window.push(`2026-11-22 05:00:00.000 drill: long-run line ${++line}`);
        window = window.slice(-5000);
        // the log answers every cycle (as if its screen were always shown), so the ring fills
        for (const k of new Set<ResourceKey>([
          ...HEADER_RESOURCES,
          ...SCREEN_VIEWS[screen.id].resources,
          'log',
        ])) {
          const data =
            k === 'stats'
              ? stats
              : k === 'log'
                ? { logs: window, systemDateTime: '2026-11-22 05:00:00' }
                : structuredClone(real[k]);
          commitSuccess(store, k, data as never, at);
        }
        if (c % 20 === 0) await new Promise((r) => setImmediate(r)); // let the console render
      }
      const s = store.getState();
      // 60,000 new log lines went in: the ring holds exactly its capacity, newest last
      expect(line).toBeGreaterThan(LOG_CAPACITY);
      expect(s.log.lines.length).toBe(LOG_CAPACITY);
      expect(s.log.lines.at(-1)).toContain(`long-run line ${line}`);
      // one rates entry a port; histories at their bound
      expect(s.rates.rates.size).toBe(stats.length);
      for (const r of s.rates.rates.values()) expect(r.history.length).toBeLessThanOrEqual(HISTORY);
      expect(Math.max(...[...s.rates.rates.values()].map((r) => r.history.length))).toBe(HISTORY);
      // the console still answers keys and shows the newest data
      await ui.press('6');
      await ui.waitFor((f) => f.includes(`long-run line ${line}`), EVENT_MS);
    } finally {
      ui.unmount();
      cleanup();
      await client.close();
    }
  }, 120_000);
});
