/**
 * `G` in a confirmation (issue 32): the change confirmed is sent, and only it, with its
 * guard armed — the traffic measured before it was sent, a pending entry whose detached
 * guard watches, the header counting down `GUARDED m:ss — C keep`. The guard is the built
 * pbc (dist/cli.js, a private copy).
 */
import { describe, expect, it } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { deviceWrites } from './admin-console.js';
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
});

/** Polls `check` (the pending file) until it holds; bounded. */
