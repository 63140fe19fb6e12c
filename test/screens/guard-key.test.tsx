/**
 * `G` in a confirmation (issue 32): the change confirmed is sent, and only it, with its
 * guard armed — the traffic measured before it was sent, a pending entry whose detached
 * guard watches, the header counting down `GUARDED m:ss — C keep`. The guard is the built
 * pbc (dist/cli.js, a private copy).
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { readPending } from '../../src/guard/pending.js';
import { deviceWrites, startDevice } from './admin-console.js';
import { withBuiltGuard } from './built-guard.js';
import { consoleSession } from './console-session.js';
import { guardShutdown } from './guard-shutdown.js';

const session = consoleSession();

withBuiltGuard();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('G in a confirmation', () => {
  it('sends exactly the confirmed change, with its guard watching; C keeps it', async () => {
    const t = await session.open('ports', { rows: 40, columns: 120 });
    const before = await t.admin.ports.config();
    // eth-0-7 has no link: shutting it down changes no traffic, the guard has nothing to trip on
    const base = await guardShutdown(t, 'eth-0-7', 6);
    await t.h.waitFor((x) => /GUARDED \d:\d\d — C keep/.test(x), 15_000);

    // the device: eth-0-7 shut down and nothing else, plus the guard's own save-point
    const after = await t.admin.ports.config();
    const shut = (c: typeof before) =>
      c.map((p) => (p.if_name === 'eth-0-7' ? { ...p, shutdown: true } : p));
    expect(after).toEqual(shut(before));
    const [entry, ...more] = readPending().filter((r) => r.device === t.sim.url);
    expect(more).toEqual([]);
    expect(await deviceWrites(t)).toBe(base + 2); // the save-point, then the change
    expect((await t.admin.savepoints.list()).ports.map((s) => s.name)).toContain(
      `pbc-revert-${entry!.id}`,
    );
    // the guard is pending: the traffic before measured before the change went out
    expect(entry).toMatchObject({ state: 'pending' });
    expect(entry!.health).toMatchObject({ keepAtEnd: true });
    expect(entry!.health!.spec.kinds).toEqual(['drops', 'oversub', 'quiet']);
    expect(entry!.health!.baselineAt).toBeLessThanOrEqual(entry!.health!.sentAt!);
    expect(alive(entry!.guardPid)).toBe(true);

    await t.h.press('C');
    await t.h.waitFor((x) => x.includes(`confirmed ${entry!.id}`), 15_000);
    expect(readPending().find((r) => r.id === entry!.id)?.state).toBe('confirmed');
  }, 120_000);
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

/** Polls `check` (the pending file) until it holds; bounded. */

async function waitUntil(check: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('the guard did not end');
    await new Promise((r) => setTimeout(r, 100));
  }
}
