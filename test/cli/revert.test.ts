/**
 * Apply with auto-revert (commit confirmed) from the CLI: `--revert-after` takes a
 * `pbc-revert-<id>` save-point, the CLI exits right after sending, and a detached guard
 * reverts at expiry unless `pbc confirm` came first. Each test has its own state directory;
 * every guard a test started is killed afterwards. Waits are generous and nothing is timed.
 * A test arms a long timer and brings the expiry forward (expireNow) once it has looked at
 * the change: nothing expires before the test is ready, and no test waits out a timer. One
 * test (the device name) expires by the clock alone.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, type RunOptions, startCliSim } from './helpers.js';
import { entryIn, expireNow, until, untilEnded } from './revert-helpers.js';

let s: CliSim;
let stateDir: string;
const dirs: string[] = [];

beforeAll(async () => {
  s = await startCliSim();
});
afterAll(() => s?.close());

function newState(): string {
  stateDir = mkdtempSync(join(tmpdir(), 'pbc-revert-'));
  dirs.push(stateDir);
  return stateDir;
}

/** Kills every guard recorded in the state directories the tests used. */
afterEach(async () => {
  await s.control('/_sim/fault', { fail_rate: 0, fail_next: 0 });
  for (const d of dirs.splice(0)) {
    let reverts: { guardPid: number }[] = [];
    try {
      reverts = JSON.parse(readFileSync(join(d, 'pending.json'), 'utf8')).reverts;
    } catch {}
    for (const r of reverts)
      try {
        if (r.guardPid && r.guardPid !== process.pid) process.kill(r.guardPid, 'SIGKILL');
      } catch {}
  }
});

const run = (args: string[], o: RunOptions = {}) =>
  s.run(args, { ...o, env: { PBC_STATE_DIR: stateDir, ...o.env } });

async function ok(args: string[], o: RunOptions = {}) {
  const r = await run(args, o);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

const RULE = ['--priority', '4242', '--match', 'in_port=5', '--actions', 'output:6'];
const hasRule = async () =>
  json(await ok(['get', 'rules'])).some((r: { priority: number }) => r.priority === 4242);
const revertSavepoints = async () =>
  json(await ok(['get', 'savepoints']))
    .rules.map((sp: { name: string }) => sp.name)
    .filter((n: string) => n.startsWith('pbc-revert-'));
// biome-ignore lint/suspicious/noExplicitAny: pending entries are inspected dynamically
const pending = async (all = false): Promise<any[]> =>
  json(await ok(['pending', ...(all ? ['--all'] : []), '-o', 'json']));

// biome-ignore lint/suspicious/noExplicitAny: journal lines are inspected dynamically
const journal = (): any[] => {
  try {
    return readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};

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
    await until(
      'the name is back',
      async () => JSON.stringify(json(await ok(['get', 'name']))) === JSON.stringify(name),
    );
    expect((await pending(true))[0]).toMatchObject({ state: 'reverted', savepoint: null });
  }, 60_000);
});
