/**
 * The whole console (App with header, keymap and status bar) on one screen of screens
 * 5, 7, 8 and 9, against a simulated device started for the test, with the same
 * connection and reconnect code as `pbc` itself (src/tui/connection.ts), so UAC, IP and
 * reboot flows reconnect for real. Polls faster than the console's defaults.
 */
import { type Client, createClient } from '../../src/api/index.js';
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';
import { type ConsoleContextValue, untilRendered } from '../../src/store/react.js';
import type { ResourceKey } from '../../src/store/resources.js';
import type { ConsoleStore } from '../../src/store/store.js';
import type { ConnectionSettings } from '../../src/tui/connection.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { mountTestConsole, untilStore } from '../harness/console.js';
import type { Harness } from '../harness/render.js';

export interface TestConsole {
  h: Harness;
  sim: SimServer;
  /** The connection in use (changes after a reconnect). */
  current(): ConsoleContextValue;
  /** The console's store (what it has polled). */
  store: ConsoleStore;
  /** A client of its own (admin, or no user while UAC is off), for setting up and checking the device. */
  admin: Client;
  /** Types text one key at a time, waiting for each frame. */
  type(text: string): Promise<void>;
  close(): Promise<void>;
}

const FAST: Partial<Record<ResourceKey, number>> = {
  identity: 1000,
  access: 500,
  settings: 500,
  flows: 500,
  rules: 500,
  groups: 500,
  config: 500,
  savepoints: 500,
  users: 500,
  radius: 1000,
  apps: 1000,
  running: 500,
  deviceConfig: 500,
};

export async function startDevice(options: SimServerOptions = {}): Promise<SimServer> {
  return startSim({ port: 0, host: '127.0.0.1', rebootMs: 400, seed: 3, ...options });
}

export async function openConsole(
  screen: ScreenId,
  options: {
    sim?: SimServer;
    /** The console talks to this address instead (a proxy in front of `sim`). */
    url?: string;
    user?: string;
    password?: string;
    readonly?: boolean;
    columns?: number;
    rows?: number;
  } = {},
): Promise<TestConsole> {
  const sim = options.sim ?? (await startDevice());
  const settings: ConnectionSettings = {
    url: options.url ?? sim.url,
    timeoutMs: 2000,
    intervals: FAST,
    readonly: Boolean(options.readonly),
    ...(options.user ? { user: options.user } : {}),
    ...(options.password !== undefined ? { password: options.password } : {}),
  };
  const mounted = await mountTestConsole({
    settings,
    screen,
    columns: options.columns ?? 100,
    rows: options.rows ?? 30,
  });
  const h = mounted.ui;
  // the test's own reads and writes: a failure bound, no speed target (the simulator shares
  // this process with the console's polls; at load 25 a POST took over the default 5 s)
  const admin = createClient({ url: sim.url, user: 'admin', password: 'admin', timeoutMs: 30_000 });
  return {
    h,
    sim,
    current: mounted.current,
    store: mounted.store,
    admin,
    async type(text) {
      for (const ch of text) await h.press(ch);
    },
    async close() {
      await mounted.close();
      await admin.close();
      if (!options.sim) await sim.close();
    },
  };
}

/** Waits for the confirmation titled `title`, then answers y (it sends). */
export async function yes(t: TestConsole, title: string): Promise<void> {
  await t.h.waitFor((x) => x.includes(title));
  await t.h.press('y');
}

/** The body of the frame: everything between the tab bar and the status bar. */
export function body(frame: string): string {
  return frame.split('\n').slice(3, -1).join('\n');
}

/**
 * Waits until the console has the answers of `keys` (a poll committed them) and has drawn the
 * frame after them, so a key that needs them (e on Ports needs the configuration) is pressed
 * once, not again until it works.
 */
export async function polled(t: TestConsole, ...keys: ResourceKey[]): Promise<string> {
  await untilStore(t.store, (s) => keys.every((k) => s.resources[k].data !== undefined));
  // the screens get commits gathered (src/store/react.ts): wait until this one reached them
  await untilRendered(t.store);
  return t.h.settle();
}

/** Every write the device has accepted so far (the simulator's own count). */
export async function deviceWrites(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

/**
 * On Ports: `e` on the `down`-th port, shut it down, Enter — its confirmation (`Change PORT?`),
 * nothing sent yet; the frame of the question.
 */
export async function askPortShutdown(t: TestConsole, port: string, down = 0): Promise<string> {
  await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 30_000);
  await polled(t, 'config'); // e needs the port's configuration: pressed once it is there
  for (let i = 0; i < down; i++) await t.h.press('down');
  await t.h.press('e');
  await t.h.waitFor((x) => x.includes(`Port ${port} (type 1)`), 5000);
  await t.h.press(' '); // shut down: yes
  await t.h.press('enter');
  return t.h.waitFor((x) => x.includes(`Change ${port}?`), 30_000);
}
