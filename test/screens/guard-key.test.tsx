/**
 * `G` in a confirmation (issue 32): the change confirmed is sent, and only it, with its
 * guard armed — the traffic measured before it was sent, a pending entry whose detached
 * guard watches, the header counting down `GUARDED m:ss — C keep`. The guard is the built
 * pbc (dist/cli.js, a private copy).
 */
import { describe, expect, it } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { body, polled, type TestConsole } from './admin-console.js';
import { withBuiltGuard } from './built-guard.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

withBuiltGuard();

async function writes(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

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
    await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 15_000);
    await polled(t, 'config');
    const before = await t.admin.ports.config();
    await t.h.press('e');
    await t.h.waitFor((x) => x.includes('Port eth-0-1 (type 1)'), 5000);
    await t.h.press(' '); // shut down: yes
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Change eth-0-1?'), 10_000);
    expect(body(confirm)).toContain('G guarded');
    const base = await writes(t);
    await t.h.press('G');
    await t.h.waitFor((x) => x.includes('Guarded: watch the traffic for'), 10_000);
    expect(await writes(t)).toBe(base); // G only asks for the window
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('guarded: reverts by itself if a guard trips'), 30_000);
    await t.h.waitFor((x) => /GUARDED \d:\d\d — C keep/.test(x), 15_000);

    // the device: eth-0-1 shut down and nothing else, plus the guard's own save-point
    const after = await t.admin.ports.config();
    const shut = (c: typeof before) =>
      c.map((p) => (p.if_name === 'eth-0-1' ? { ...p, shutdown: true } : p));
    expect(after).toEqual(shut(before));
    const [entry, ...more] = readPending().filter((r) => r.device === t.sim.url);
    expect(more).toEqual([]);
    expect(await writes(t)).toBe(base + 2); // the save-point, then the change
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
