/**
 * `G`, then the console closed during the window (issue 32): the detached guard still
 * samples the traffic, trips and reverts. A file of its own: run after another console in
 * the same process, the Ports screen's `e` here found the port's configuration still loading
 * although the store held it (not understood yet; alone it never did). The guard is the built
 * pbc (dist/cli.js, a private copy).
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { readPending } from '../../src/guard/pending.js';
import { startDevice } from './admin-console.js';
import { withBuiltGuard } from './built-guard.js';
import { consoleSession } from './console-session.js';
import { guardShutdown } from './guard-shutdown.js';

const session = consoleSession();

withBuiltGuard();

describe('G, then the console closed', () => {
  it('the console closed during the window: the guard still trips and reverts', async () => {
    const interval = process.env.PBC_GUARD_INTERVAL_MS;
    process.env.PBC_GUARD_INTERVAL_MS = '1000'; // the window's samples, every second
    const sim = await startDevice(); // outlives the console
    const admin = createClient({ url: sim.url, user: 'admin', password: 'admin' });
    const shut = async () =>
      (await admin.ports.config()).find((p) => p.if_name === 'eth-0-1')?.shutdown;
    try {
      const t = await session.open('ports', { sim, rows: 40, columns: 120 });
      // eth-0-1 feeds tap-1 (priority 1000, to the tool on eth-0-9): shut, tap-1 goes quiet
      await guardShutdown(t, 'eth-0-1', 0);
      // sent (the port may already be back: the guard does not wait for this test)
      const [entry] = readPending().filter((r) => r.device === sim.url);
      expect(entry!.health!.sentAt).toBeGreaterThan(0);
      await session.close();
      await waitUntil(() => readPending().find((r) => r.id === entry!.id)?.state === 'reverted');
      const done = readPending().find((r) => r.id === entry!.id)!;
      expect(done.health?.trip?.kind).toBe('quiet');
      expect(done.detail).toMatch(/^reverted: .* \(guard 'quiet'\)$/);
      expect(await shut()).toBe(false);
    } finally {
      await admin.close();
      await sim.close();
      if (interval === undefined) delete process.env.PBC_GUARD_INTERVAL_MS;
      else process.env.PBC_GUARD_INTERVAL_MS = interval;
    }
  }, 120_000);
});

async function waitUntil(check: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('the guard did not end');
    await new Promise((r) => setTimeout(r, 100));
  }
}
