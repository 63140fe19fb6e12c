/**
 * Apply with auto-revert (commit confirmed) from the CLI: `--revert-after` takes a
 * `pbc-revert-<id>` save-point, the CLI exits right after sending, and a detached guard
 * reverts at expiry unless `pbc confirm` came first (confirm and the refusals:
 * revert-confirm.test.ts). Each test has its own state directory;
 * every guard a test started is killed afterwards. Waits are generous and nothing is timed.
 * A test arms a long timer and brings the expiry forward (expireNow) once it has looked at
 * the change: nothing expires before the test is ready, and no test waits out a timer. One
 * test (the device name) expires by the clock alone.
 */
import { describe, expect, it } from 'vitest';
import { json } from './helpers.js';
import {
  hasRule,
  journal,
  newState,
  ok,
  pending,
  RULE,
  revertSavepoints,
  s,
  stateDir,
} from './revert-file.js';
import { entryIn, expireNow, until, untilEnded } from './revert-helpers.js';

describe('pbc … --revert-after', () => {
  it('reverts a rule by itself after the CLI has exited, and deletes the save-point', async () => {
    newState();
    const r = await ok(['rules', 'add', ...RULE, '--revert-after', '5m']);
    // the CLI is gone: ok() waited for it to exit
    expect(r.stderr).toMatch(/auto-revert ([0-9a-f]{6}) in 5m .*pbc confirm \1/);
    const id = /auto-revert ([0-9a-f]{6})/.exec(r.stderr)![1]!;
    // the change was made (and is waiting), not reverted or never sent
    expect(await hasRule()).toBe(true);
    expect(await revertSavepoints()).toEqual([`pbc-revert-${id}`]);
    expireNow(stateDir, id);
    await untilEnded(stateDir, id);
    expect(await hasRule()).toBe(false);
    expect((await pending(true))[0]).toMatchObject({
      id,
      savepoint: `pbc-revert-${id}`,
      change: expect.stringContaining('rules add --priority 4242'),
    });
    expect(await revertSavepoints()).toEqual([]);
    expect(await pending()).toEqual([]);
    // the guard's writes went through the change pipeline: journaled, with their answers
    const lines = journal();
    const activation = lines.find(
      (l) =>
        l.type === 'request' &&
        l.request.path === '/savepoints/activerulesavepoint' &&
        l.request.query?.name === `pbc-revert-${id}`,
    );
    expect(activation).toBeDefined();
    expect(lines.find((l) => l.type === 'outcome' && l.id === activation.id)).toHaveProperty(
      'result',
    );
    // …marked as the auto-revert's, so the journal says why the change went away
    expect(activation.revertOf).toBe(id);
    const listed = await ok(['journal', '-o', 'table']);
    expect(listed.stdout).toContain(`OK (auto-revert ${id} at expiry)`);
  }, 90_000);

  it('retries while the device does not answer at expiry, and reverts once it does', async () => {
    newState();
    // the guard asks again every 200 ms instead of every 2 s (PBC_REVERT_RETRY_MS)
    const env = { PBC_REVERT_RETRY_MS: '200' };
    await ok(['rules', 'add', ...RULE, '--revert-after', '5m'], { env });
    const [armed] = await pending();
    // every request is reset from now on: the device is unreachable at expiry
    await s.control('/_sim/fault', { fail_rate: 1, fail_mode: 'reset' });
    expireNow(stateDir, armed.id);
    await until('the guard is retrying', async () => {
      const e = entryIn(stateDir, armed.id);
      return e?.state === 'reverting' && /retrying/.test(e.detail ?? '');
    });
    const [e] = await pending();
    expect(e).toMatchObject({ state: 'reverting', guard: 'running' });
    const tried = (await s.control('/_sim/status')).requests;
    await until(
      'the guard tries again',
      async () => (await s.control('/_sim/status')).requests > tried + 1,
    );
    await s.control('/_sim/fault', { fail_rate: 0 });
    await untilEnded(stateDir, armed.id);
    expect((await pending(true))[0]).toMatchObject({ id: armed.id, state: 'reverted' });
    expect(await hasRule()).toBe(false);
    expect(await revertSavepoints()).toEqual([]);
  }, 120_000);

  it('records the failure when the device never answers within the bound', async () => {
    newState();
    const env = { PBC_REVERT_GIVE_UP_MS: '2000', PBC_REVERT_RETRY_MS: '200' };
    await ok(['rules', 'add', ...RULE, '--revert-after', '5m'], { env });
    const [armed] = await pending();
    await s.control('/_sim/fault', { fail_rate: 1, fail_mode: 'reset' });
    expireNow(stateDir, armed.id);
    await untilEnded(stateDir, armed.id);
    const [e] = await pending();
    expect(e.state).toBe('failed');
    // more than one attempt: it asked again until the bound
    expect(entryIn(stateDir, e.id)?.attempts).toBeGreaterThan(1);
    expect(e.detail).toMatch(/device did not answer for 2 s after expiry/);
    expect(
      journal().some((l) => l.type === 'outcome' && l.error?.includes(`auto-revert ${e.id}`)),
    ).toBe(true);
    await s.control('/_sim/fault', { fail_rate: 0 });
    expect(await hasRule()).toBe(true);
    await ok(['savepoint', 'rm', e.savepoint, '--yes']);
    await ok(['rules', 'rm', '--priority', '4242', '--match', 'in_port=5', '--yes']);
  }, 120_000);

  it('reverts a user, an app instance and RADIUS changes with the inverse undo computes', async () => {
    newState();
    const state = async (what: string) => JSON.stringify(json(await ok(['get', what])));
    await ok(['apps', 'start', 'ntp', '--description', 'clock', '--param', 'mode=client']);
    const pid = String(json(await ok(['get', 'running']))[0].pid);
    for (const [what, args] of [
      ['users', ['users', 'set', 'admin', '--description', 'revert me', '--yes']],
      ['running', ['apps', 'set', pid, '--description', 'clock 2', '--param', 'mode=server']],
      ['radius', ['radius', 'set', '--server', '192.0.2.61', '--port', '1813', '--yes']],
    ] as const) {
      const before = await state(what);
      const r = await ok([...args, '--revert-after', '5m']);
      const id = /auto-revert ([0-9a-f]{6})/.exec(r.stderr)?.[1];
      expect(id, `${what}: ${r.stderr}`).toBeDefined();
      // changed once the CLI has exited, and back after the expiry
      expect(await state(what), what).not.toBe(before);
      expireNow(stateDir, id!);
      await untilEnded(stateDir, id!);
      expect(entryIn(stateDir, id!)?.state, what).toBe('reverted');
      expect(await state(what), what).toBe(before);
    }
    await ok(['apps', 'stop', pid, '--yes']);
  }, 180_000);

  it('reverts a setting from its before state (device name)', async () => {
    newState();
    const name = json(await ok(['get', 'name']));
    await ok(['device', 'name', 'revert-me', '--revert-after', '1s']);
    // (every entry, ended or not: the revert may already have run)
    const [armed] = await pending(true);
    await until(
      'the name is back',
      async () => JSON.stringify(json(await ok(['get', 'name']))) === JSON.stringify(name),
    );
    // (the guard sends the revert, then records it: the name can be back a moment before)
    await untilEnded(stateDir, armed!.id);
    expect((await pending(true))[0]).toMatchObject({ state: 'reverted', savepoint: null });
  }, 60_000);
});
