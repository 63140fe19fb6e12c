/**
 * One console per test for the whole-console screen tests: `open` starts it (replacing
 * the test's previous one), `device` a device of the test's own, `deviceWith` a second device
 * with an extra account; all are closed, and the renderer cleaned up, after each test (a file
 * shares its worker with others: nothing it starts may outlive it).
 */
import { afterEach } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { cleanup } from '../harness/render.js';
import { openConsole, startDevice, type TestConsole } from './admin-console.js';

export type OpenOptions = NonNullable<Parameters<typeof openConsole>[1]>;

export interface ConsoleSession {
  /** Opens the console on `screen`; it is closed after the test. */
  open(screen: ScreenId, options?: OpenOptions): Promise<TestConsole>;
  /** A device of this test's (closed after it). */
  device(options?: Parameters<typeof startDevice>[0]): Promise<SimServer>;
  /** A device (closed after the test) with an extra account and, unless `uac` is false, UAC on. */
  deviceWith(
    user: { username: string; password: string; accesslevel: number },
    uac?: boolean,
  ): Promise<SimServer>;
  /** Closes the console and the test's devices now. */
  close(): Promise<void>;
}

export function consoleSession(): ConsoleSession {
  let c: TestConsole | undefined;
  const devices: SimServer[] = [];
  const session: ConsoleSession = {
    async open(screen, options = {}) {
      c = await openConsole(screen, options);
      return c;
    },
    async device(options) {
      const sim = await startDevice(options);
      devices.push(sim);
      return sim;
    },
    async deviceWith(user, uac = true) {
      const extraSim = await session.device();
      await extraSim.app.inject({ method: 'POST', url: '/rest/users', payload: user });
      if (uac) await extraSim.app.inject({ method: 'POST', url: '/rest/users/uac?state=true' });
      return extraSim;
    },
    async close() {
      await c?.close();
      c = undefined;
      for (const sim of devices.splice(0)) await sim.close();
    },
  };
  afterEach(async () => {
    await session.close();
    cleanup();
  });
  return session;
}
