/**
 * Mounts the whole console (App: header, screen, status bar, keymap) on a simulated
 * device started for the test, for frame-level screen tests.
 */
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';
import type { ConsoleContextValue, Session } from '../../src/store/react.js';
import type { ResourceKey } from '../../src/store/resources.js';
import type { ConsoleStore } from '../../src/store/store.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { mountTestConsole } from '../harness/console.js';
import type { Harness } from '../harness/render.js';

export interface Mounted {
  ui: Harness;
  sim: SimServer;
  /** The console's store and its connection in use (poller, client). */
  store: ConsoleStore;
  current(): ConsoleContextValue;
  close(): Promise<void>;
}

export interface MountOptions {
  screen?: ScreenId;
  columns?: number;
  rows?: number;
  session?: Partial<Session>;
  sim?: SimServerOptions;
  intervals?: Partial<Record<ResourceKey, number>>;
  /**
   * The device's and the poller's clock stand still but for one step of STATS_STEP_MS at each
   * GET /ports/stats the device receives: each stats answer is committed at the instant its
   * counters were read, so every port rate is exact whatever the machine's load (a real
   * clock's rate is a counter delta of 100 ms steps over the time between two answers' arrival).
   */
  statsClock?: boolean;
}

export const STATS_STEP_MS = 1000;

/** A clock moved by the device's stats requests (MountOptions.statsClock). */
function statsClock() {
  let t = Date.now();
  return {
    now: () => t,
    /** From now on, each GET /ports/stats `sim` receives moves the clock. */
    follow(sim: SimServer) {
      sim.app.server.prependListener('request', (req: { method?: string; url?: string }) => {
        if (req.method === 'GET' && req.url?.split('?')[0] === '/rest/ports/stats')
          t += STATS_STEP_MS;
      });
    },
  };
}

/** Faster than the console's defaults, so tests see rates and changes within a second. */
const FAST: Partial<Record<ResourceKey, number>> = {
  identity: 1000,
  access: 1000,
  settings: 1000,
  flows: 500,
  environment: 1000,
  system: 1000,
  stats: 300,
  info: 1000,
  config: 1000,
  sfp: 1000,
  log: 300,
};

export async function mountConsole(options: MountOptions = {}): Promise<Mounted> {
  const clock = options.statsClock ? statsClock() : undefined;
  const now = clock?.now;
  const sim = await startSim({
    port: 0,
    host: '127.0.0.1',
    ...options.sim,
    ...(now ? { now } : {}),
  });
  clock?.follow(sim);
  const session = options.session ?? {};
  const mounted = await mountTestConsole({
    settings: {
      url: sim.url,
      timeoutMs: 1000,
      intervals: { ...FAST, ...options.intervals },
      readonly: Boolean(session.readonly),
      insecure: Boolean(session.insecure),
      demo: session.demo ?? true,
      ...(now ? { now } : {}),
    },
    ...(options.screen ? { screen: options.screen } : {}),
    columns: options.columns ?? 100,
    rows: options.rows ?? 30,
  });
  const { ui, store } = mounted;
  const poller = mounted.current().poller;
  // Start from a settled console: the header's data, and rates once stats are polled twice.
  const ready = () => {
    const st = store.getState();
    if (!st.resources.identity.data) return false;
    if (!poller.demanded().includes('stats')) return true;
    return [...st.rates.rates.values()].some((r) => r.rxBps !== null);
  };
  const deadline = Date.now() + 5000;
  while (!ready() && Date.now() < deadline && !options.sim?.failRate)
    await new Promise((r) => setTimeout(r, 20));
  return {
    ui,
    sim,
    store,
    current: mounted.current,
    async close() {
      await mounted.close();
      await sim.close();
    },
  };
}

/** The lines of a frame, without the trailing empty line. */
export function frameLines(frame: string): string[] {
  return frame.replace(/\n$/, '').split('\n');
}
