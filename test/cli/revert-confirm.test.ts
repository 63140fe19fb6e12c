/**
 * `pbc confirm` and the refusals of `--revert-after` (the expiries: revert.test.ts, split so
 * the two files run side by side): a change confirmed in time stays and its save-point goes;
 * an entry of another device, a second pending revert, bad durations, kinds without an
 * inverse and --readonly confirm are refused with exit 2, nothing sent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, oneErrorLine, startCliSim } from './helpers.js';
import {
  hasRule,
  journal,
  newState,
  ok,
  pending,
  RULE,
  revertSavepoints,
  run,
  s,
  stateDir,
} from './revert-file.js';
import { until } from './revert-helpers.js';

describe('pbc confirm and --revert-after refusals', () => {
  it('keeps a change confirmed in time, and deletes the save-point', async () => {
    newState();
    await ok(['rules', 'add', ...RULE, '--revert-after', '1m']);
    const [entry] = await pending();
    expect(entry).toMatchObject({ state: 'pending', guard: 'running' });
    expect(await revertSavepoints()).toEqual([`pbc-revert-${entry.id}`]);
    const c = await ok(['confirm', entry.id]);
    expect(c.stdout).toContain(entry.id);
    expect(await revertSavepoints()).toEqual([]);
    expect((await pending(true))[0]).toMatchObject({ id: entry.id, state: 'confirmed' });
    // the save-point taken before and deleted by the confirm: both journaled
    const ops = journal()
      .filter((l) => l.type === 'request' && l.request.query?.name === `pbc-revert-${entry.id}`)
      .map((l) => l.operation);
    expect(ops).toEqual(['savepoints.create', 'savepoints.remove']);
    // the guard saw the confirmation and left
    await until('the guard exits', async () => {
      try {
        process.kill(
          JSON.parse(readFileSync(join(stateDir, 'pending.json'), 'utf8')).reverts[0].guardPid,
          0,
        );
        return false;
      } catch {
        return true;
      }
    });
    expect(await hasRule()).toBe(true);
    // "undo my latest change" is the rule, not the revert's save-point bookkeeping after it
    const u = json(await ok(['undo', '--yes']));
    expect(u.requests).toEqual([expect.stringMatching(/^DELETE \/rules → OK/)]);
    expect(await hasRule()).toBe(false);
  }, 90_000);

  it('confirm without an ID confirms every pending revert of the device', async () => {
    newState();
    await ok(['rules', 'add', ...RULE, '--revert-after', '5m']);
    const c = await ok(['confirm']);
    expect(json(c).confirmed).toEqual([expect.stringMatching(/^[0-9a-f]{6}$/)]);
    expect(await pending()).toEqual([]);
    await ok(['rules', 'rm', '--priority', '4242', '--match', 'in_port=5', '--yes']);
  }, 60_000);

  it('refuses to confirm an entry of another device than the selected one, changing nothing', async () => {
    newState();
    await ok(['rules', 'add', ...RULE, '--revert-after', '5m']);
    const [entry] = await pending();
    const other = await startCliSim();
    try {
      const before = (await other.control('/_sim/status')).writes;
      const r = await other.run(['confirm', entry.id], { env: { PBC_STATE_DIR: stateDir } });
      expect(r.code).toBe(2);
      expect(oneErrorLine(r)).toBe(
        `pbc: confirm: auto-revert ${entry.id} is on ${s.url}, not on the selected device ${other.url}: select that device (its context, or --url ${s.url}) and confirm again (nothing was changed)`,
      );
      // nothing sent to the selected device, the entry still waits, its save-point stays
      expect((await other.control('/_sim/status')).writes).toBe(before);
      expect((await pending())[0]).toMatchObject({
        id: entry.id,
        state: 'pending',
        guard: 'running',
      });
      expect(await revertSavepoints()).toEqual([entry.savepoint]);
    } finally {
      await other.close();
    }
    await ok(['confirm', entry.id]);
    expect(await revertSavepoints()).toEqual([]);
    await ok(['rules', 'rm', '--priority', '4242', '--match', 'in_port=5', '--yes']);
  }, 60_000);

  it('refuses a second pending revert on the same device, sending nothing', async () => {
    newState();
    await ok(['rules', 'add', ...RULE, '--revert-after', '5m']);
    const [first] = await pending();
    const before = (await s.control('/_sim/status')).writes;
    const r = await run(['device', 'name', 'other', '--revert-after', '5m']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(
      new RegExp(`already waiting to be reverted \\(${first.id}: .*pbc confirm ${first.id}`),
    );
    expect((await s.control('/_sim/status')).writes).toBe(before);
    await ok(['confirm', first.id]);
    await ok(['rules', 'rm', '--priority', '4242', '--match', 'in_port=5', '--yes']);
  }, 60_000);

  it('refuses bad durations, kinds without an inverse and --readonly confirm, with exit 2', async () => {
    newState();
    for (const bad of ['5', '5x', '0s']) {
      const r = await run(['device', 'name', 'x', '--revert-after', bad]);
      expect(r.code, bad).toBe(2);
      expect(oneErrorLine(r)).toMatch(/--revert-after/);
    }
    const before = (await s.control('/_sim/status')).writes;
    for (const args of [
      ['device', 'reboot', '--yes'],
      ['log', 'clear', '--yes'],
      ['users', 'set', 'admin', '--password-stdin', '--yes'],
    ]) {
      const r = await run([...args, '--revert-after', '1m'], { input: 'pw\n' });
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneErrorLine(r)).toMatch(
        /--revert-after is not available for .*: .+ \(send it without a timer\)/,
      );
    }
    expect((await s.control('/_sim/status')).writes).toBe(before);

    await ok(['rules', 'add', ...RULE, '--revert-after', '5m']);
    const [entry] = await pending();
    const r = await run(['--readonly', 'confirm', entry.id]);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/read-only/);
    expect((await pending())[0]).toMatchObject({ id: entry.id, state: 'pending' });
    expect(await revertSavepoints()).toEqual([entry.savepoint]);
    await ok(['confirm', entry.id]);
    await ok(['rules', 'rm', '--priority', '4242', '--match', 'in_port=5', '--yes']);
  }, 90_000);
});
