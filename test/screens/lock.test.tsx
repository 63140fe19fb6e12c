/**
 * The device's lock in the console (issue 31): another operator's lock is in the header at 80
 * columns without breaking it, and the console's `d` (delete rule) is refused before anything
 * is sent, naming the holder; this console's own lock lets the same delete through.
 */
import { rmSync } from 'node:fs';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { type PendingRevert, pendingPath, updatePending } from '../../src/guard/pending.js';
import { formatLock, type LockHolder } from '../../src/ops/lock/format.js';
import { thisHolder } from '../../src/ops/lock/identity.js';
import { polled, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

/** Puts a pbc-lock held by `holder` for ten more minutes on the console's device. */
async function lockFor(t: TestConsole, holder: LockHolder, reason: string): Promise<void> {
  const since = new Date();
  const until = new Date(since.getTime() + 600_000);
  await t.admin.savepoints.createRules(
    'pbc-lock',
    formatLock({ holder, pid: 4242, since, until, reason }),
  );
}

/** Opens the delete confirmation of the selected rule and answers y. */
async function deleteSelected(t: TestConsole): Promise<string> {
  await polled(t, 'rules', 'savepoints');
  await t.h.press('d');
  await t.h.waitFor((f) => f.includes('Delete rule — confirm'));
  await t.h.press('y');
  return t.h.waitFor((f) => f.includes('Delete rule — result') || f.includes('Delete rule: done'));
}

describe('another operator holds the lock', () => {
  it('the header shows it at 80 columns; d is refused naming the holder, nothing is sent', async () => {
    const t = await session.open('rules', { columns: 80, rows: 24 });
    await lockFor(
      t,
      { user: 'bob', host: 'jump2', login: 'admin', token: '0123456789ab' },
      'incident',
    );
    const frame = await t.h.waitFor((f) => f.includes('⚿ bob@jump2 10m · incident'));
    const [first] = frame.split('\n');
    expect(first).toMatch(/^pbc · .+ ⚿ bob@jump2 10m · incident ● live$/);
    for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(80);
    const rules = t.sim.state.rules.size;
    const refused = await deleteSelected(t);
    expect(refused.replace(/[│\s]+/g, ' ')).toMatch(
      /refused: the device is locked by bob \(admin\)@jump2 \(pid 4242\) since \S+Z until \S+Z \(10m left\), reason: incident; nothing was sent/,
    );
    expect(t.sim.state.rules.size).toBe(rules);
  });
});

describe('the header line with a lock mark, at any width', () => {
  it.each([80, 101, 133])(
    'keeps the device name on the left, the mark and the connection at the right end (%i columns)',
    async (columns) => {
      const t = await session.open('overview', { columns, rows: 30 });
      await lockFor(
        t,
        { user: 'bob', host: 'jump2', login: 'admin', token: '0123456789ab' },
        'incident',
      );
      const frame = await t.h.waitFor((f) => f.includes('⚿ bob@jump2 10m · incident'));
      const first = frame.split('\n')[0]!;
      expect(first).toMatch(/^pbc · \S.* +⚿ bob@jump2 10m · incident ● live$/);
      // the connection ends the line at the last column, with the lock's gap of one before it
      expect(stringWidth(first)).toBe(columns);
      expect(first.endsWith(' incident ● live')).toBe(true);
    },
  );
});

describe('an overdue auto-revert and a lock at 80 columns', () => {
  it('both stay on line 1, cut, beside the device name and the connection; nothing wraps', async () => {
    const t = await session.open('overview', { columns: 80, rows: 24 });
    // a change of this device whose revert is due and whose guard is not running
    const now = Date.now();
    const entry: PendingRevert = {
      id: 'abc123',
      device: t.sim.url,
      what: 'rules add',
      createdAt: now - 600_000,
      expiresAt: now - 60_000,
      revert: [],
      cleanup: [],
      state: 'pending',
      guardPid: 0,
      updatedAt: now - 600_000,
    };
    updatePending((list) => list.push(entry));
    try {
      await lockFor(
        t,
        { user: 'alice', host: 'jump-host-01', login: 'admin', token: '0123456789ab' },
        'maintenance of the tap fabric',
      );
      const frame = await t.h.waitFor(
        (f) => f.includes('REVERT OVERDUE') && f.includes('⚿ alice'),
        15_000,
      );
      const [first, second] = frame.split('\n');
      expect(first).toMatch(
        /^pbc · pb-lab-01 \(PB.* REVERT OVERDUE — guard not running.* ⚿ alice\S*… ● live$/,
      );
      expect(stringWidth(first!)).toBe(80);
      // line 2 is the address and the access, nothing of line 1 pushed onto it
      expect(second).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rest · UAC off · TCAM/);
      expect(second).not.toContain('live');
    } finally {
      rmSync(pendingPath(), { force: true });
    }
  });
});

describe('this console holds the lock', () => {
  it('the header says yours and d deletes the rule', async () => {
    const t = await session.open('rules', { columns: 80, rows: 24 });
    await lockFor(t, thisHolder(), 'mine');
    await t.h.waitFor((f) => f.includes('⚿ yours 10m · mine'));
    const rules = t.sim.state.rules.size;
    expect(await deleteSelected(t)).toContain('Delete rule: done');
    expect(t.sim.state.rules.size).toBe(rules - 1);
  });
});
