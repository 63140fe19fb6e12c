/**
 * `R` in the confirmations of the other screens (their dialogs: ports, save-points, device),
 * as in the Rules and Groups ones: R opens "Apply, revert after 5m", the time is edited,
 * Enter sends with the revert armed — the header counts down, a pending entry waits, the
 * detached guard reverts at expiry, C keeps the change. A change with no inverse (a reboot)
 * offers no R and says why. The guard is the built pbc (dist/cli.js, a private copy).
 */
import { describe, expect, it } from 'vitest';
import { readPending, updatePending } from '../../src/guard/pending.js';
import { recorded } from '../../src/ops/operation.js';
import { savepointOps } from '../../src/ops/savepoints.js';
import { expireNow } from '../harness/expire.js';
import { askPortShutdown, body, deviceWrites, type TestConsole } from './admin-console.js';
import { withBuiltGuard } from './built-guard.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

withBuiltGuard();

const OFFER = 'R send, revert in 5 min unless confirmed';

const waiting = (t: TestConsole) =>
  readPending().filter((r) => r.device === t.sim.url && r.state === 'pending');

/** R, the time typed instead of 5m, Enter: the change is sent with its revert armed. */
async function sendWithRevert(t: TestConsole, time: string) {
  await t.h.press('R');
  const asked = await t.h.waitFor((x) => x.includes('Apply, revert after'), 30_000);
  expect(asked).toContain('5m');
  await t.h.press('backspace');
  await t.h.press('backspace');
  await t.type(time);
  await t.h.waitFor((x) => x.includes(`Apply, revert after ${time}`), 30_000);
  await t.h.press('enter');
  await t.h.waitFor((x) => x.includes('reverts by itself unless confirmed (C)'), 30_000);
}

describe('R in the dialogs of the other screens', () => {
  it('a port change: R, 1200s, the header counts down; C keeps it and deletes the save-point', async () => {
    const t = await session.open('ports', { rows: 40, columns: 120 });
    const confirm = await askPortShutdown(t, 'eth-0-1');
    expect(body(confirm)).toContain(OFFER);
    // a long time, so a loaded machine's seconds cannot carry the countdown out of its window
    await sendWithRevert(t, '1200s');
    await t.h.waitFor((x) => /REVERT IN 1\d:\d\d — C confirm/.test(x), 30_000);
    const [entry] = waiting(t);
    expect(entry?.savepoint).toEqual({ kind: 'ports', name: `pbc-revert-${entry!.id}` });
    expect(entry!.expiresAt - entry!.createdAt).toBeGreaterThan(19 * 60_000);
    const shut = (await t.admin.ports.config()).find((p) => p.if_name === 'eth-0-1')?.shutdown;
    expect(shut).toBe(true);
    expect((await t.admin.savepoints.list()).ports.map((s) => s.name)).toContain(
      `pbc-revert-${entry!.id}`,
    );

    await t.h.press('C');
    await t.h.waitFor((x) => x.includes(`confirmed ${entry!.id}`), 30_000);
    expect(waiting(t)).toEqual([]);
    expect((await t.admin.savepoints.list()).ports.map((s) => s.name)).not.toContain(
      `pbc-revert-${entry!.id}`,
    );
    expect((await t.admin.ports.config()).find((p) => p.if_name === 'eth-0-1')?.shutdown).toBe(
      true,
    );
  }, 120_000);

  it('a save-point activation: R, 900s; at expiry (brought forward) the guard puts the rules back', async () => {
    const t = await session.open('savepoints', { rows: 40, columns: 120 });
    await t.admin.rules.add({
      priority: 500,
      match: { in_port: '5' },
      actions: ['output:6'],
      name: 'extra',
    });
    const names = async () => (await t.admin.rules.list()).rules.map((r) => r.name).sort();
    const before = await names();
    await t.h.waitFor((x) => x.includes('factory-default') && x.includes('11/4096'), 30_000);
    await t.h.press('A');
    const confirm = await t.h.waitFor(
      (x) => x.includes("Activate rule save-point 'factory-default'?"),
      30_000,
    );
    expect(body(confirm)).toContain(OFFER);
    await sendWithRevert(t, '900s');
    await t.h.waitFor((x) => /REVERT IN 1[0-4]:\d\d — C confirm/.test(x), 30_000);
    const [entry] = waiting(t);
    expect(entry?.savepoint).toEqual({ kind: 'rules', name: `pbc-revert-${entry!.id}` });
    expect(await names()).not.toContain('extra');

    // its expiry brought forward to now, as the clock would (the guard reads it on each poll):
    // the guard (a detached process) reverts — the rule is back, its save-point gone
    expireNow(process.env.PBC_STATE_DIR!, entry!.id);
    await t.h.waitFor(
      () => readPending().some((r) => r.id === entry!.id && r.state === 'reverted'),
      90_000,
    );
    expect(await names()).toEqual(before);
    expect((await t.admin.savepoints.list()).rules.map((s) => s.name)).not.toContain(
      `pbc-revert-${entry!.id}`,
    );
  }, 150_000);

  it('the reboot confirmation offers no R and says why; R there cancels, nothing is sent', async () => {
    const t = await session.open('device', { rows: 40, columns: 120 });
    await t.h.waitFor((x) => x.includes('Rule storage mode'), 30_000);
    const base = await deviceWrites(t);
    await t.h.press('B');
    const confirm = await t.h.waitFor((x) => /Reboot .*\?/.test(x), 30_000);
    expect(body(confirm)).toContain('no auto-revert: a reboot cannot be undone');
    expect(body(confirm)).not.toContain(OFFER);
    await t.h.press('R');
    await t.h.waitFor((x) => x.includes('cancelled, nothing was changed'), 30_000);
    expect(body(t.h.lastFrame())).not.toContain('Apply, revert after');
    expect(await deviceWrites(t)).toBe(base);
    expect(waiting(t)).toEqual([]);
  }, 60_000);

  it('C in a read-only console keeps nothing and sends nothing: the revert still waits', async () => {
    const t = await session.open('rules', { rows: 40, columns: 120, readonly: true });
    await t.h.waitFor((x) => x.includes('TCAM 10/4096'), 30_000);
    // a change armed elsewhere (the CLI, another console): its save-point and pending entry
    const id = 'c0ffee';
    const name = `pbc-revert-${id}`;
    await t.admin.savepoints.createRules(name, 'armed elsewhere');
    const now = Date.now();
    updatePending((list) => {
      list.push({
        id,
        device: t.sim.url,
        what: 'rules add (armed elsewhere)',
        createdAt: now,
        expiresAt: now + 600_000,
        revert: [],
        cleanup: [recorded(savepointOps.remove('rules', name))],
        savepoint: { kind: 'rules', name },
        state: 'pending',
        // a live process, so the entry counts as waiting (never killed: removed below)
        guardPid: process.pid,
        updatedAt: now,
      });
    });
    try {
      await t.h.waitFor((x) => /REVERT IN \d+:\d\d — C confirm/.test(x), 30_000);
      const base = await deviceWrites(t);
      await t.h.press('C');
      await t.h.waitFor((x) => x.includes('C: the session is read-only; nothing was sent'), 30_000);
      expect(await deviceWrites(t)).toBe(base);
      expect(waiting(t).map((r) => r.id)).toEqual([id]);
      expect((await t.admin.savepoints.list()).rules.map((sp) => sp.name)).toContain(name);
    } finally {
      updatePending((list) => {
        const i = list.findIndex((r) => r.id === id);
        if (i >= 0) list.splice(i, 1);
      });
    }
  }, 60_000);

  it('reset counters on Rules offers no R either, and says why', async () => {
    const t = await session.open('rules', { rows: 40, columns: 120 });
    await t.h.waitFor((x) => x.includes('TCAM 10/4096'), 30_000);
    await t.h.press('z');
    const confirm = await t.h.waitFor((x) => x.includes('Reset rule counters — confirm'), 30_000);
    expect(confirm).toContain('no auto-revert: packet and byte counters cannot be set back');
    expect(confirm).not.toContain(OFFER);
    await t.h.press('R');
    expect(t.h.lastFrame()).not.toContain('Apply, revert after');
  }, 60_000);
});
