/**
 * One console per test for the whole-console screen tests: `open` starts it (replacing
 * the test's previous one), `deviceWith` a second device with an extra account; both are
 * closed, and the renderer cleaned up, after each test.
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
  /** A device (closed after the test) with an extra account and, unless `uac` is false, UAC on. */
  deviceWith(
    user: { username: string; password: string; accesslevel: number },
    uac?: boolean,
  ): Promise<SimServer>;
  /** Closes the console and the extra device now. */
  close(): Promise<void>;
}

export function consoleSession(): ConsoleSession {
  let c: TestConsole | undefined;
  let extraSim: SimServer | undefined;
  const session: ConsoleSession = {
    async open(screen, options = {}) {
      c = await openConsole(screen, options);
      return c;
    },
    async deviceWith(user, uac = true) {
      extraSim = await startDevice();
      await extraSim.app.inject({ method: 'POST', url: '/rest/users', payload: user });
      if (uac) await extraSim.app.inject({ method: 'POST', url: '/rest/users/uac?state=true' });
      return extraSim;
    },
    async close() {
      await c?.close();
      c = undefined;
      await extraSim?.close();
      extraSim = undefined;
    },
  };
  afterEach(async () => {
    await session.close();
    cleanup();
  });
  return session;
}
