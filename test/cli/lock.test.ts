/**
 * The lock kept on the device, between two operators: two CLI processes with separate state
 * directories (another state directory is another operator) on one simulated device. While
 * A holds the lock, B's writes are refused before anything is sent (exit 5) with the holder
 * named; A's own pass; an expired lock is deleted by the next pbc; --steal asks; a lock taken
 * at the same moment by another operator makes this one back off.
 */
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatLock, holderText } from '../../src/ops/lock/format.js';
import { startProxy } from './device-proxy.js';
import { type CliSim, json, type Result, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { writeInvocations } from './writes.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-lock-'));
const stateA = join(dir, 'a');
const stateB = join(dir, 'b');
const me = holderText({ user: userInfo().username, host: hostname().split('.')[0]! });
// B's writes: the shared invocations of test/cli/writes.ts (its files made in `dir`)
const WRITES = new Map(writeInvocations(dir).map(([path, args]) => [path, args]));

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
// every test starts with no lock on the device
afterEach(async () => {
  await fetch(`${s.url}/savepoints/rulesavepoint?name=pbc-lock`, { method: 'DELETE' });
});

const as = (state: string) => (args: string[]) =>
  s.run(['-o', 'json', ...args], { env: { PBC_STATE_DIR: state } });
const A = as(stateA);
const B = as(stateB);
const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

/** The device's pbc-lock description, or undefined. */
async function lockOnDevice(): Promise<string | undefined> {
  const r = await fetch(`${s.url}/savepoints`);
  const all = (await r.json()) as { RuleSavePoints: { name: string; description: string }[] };
  return all.RuleSavePoints.find((sp) => sp.name === 'pbc-lock')?.description;
}

/** The operations an operator's journal recorded, oldest first, with the save-point they name. */
async function journaled(as: (args: string[]) => Promise<Result>): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: journal entries are inspected dynamically
  const entries: any[] = json(await as(['journal']));
  return entries
    .reverse()
    .map((e) =>
      `${e.operation} ${e.request.query?.name ?? e.request.query?.old_name ?? ''}`.trim(),
    );
}

const ok = async (p: Promise<{ code: number; stderr: string; stdout: string }>) => {
  const r = await p;
  expect(r.code, r.stderr).toBe(0);
  return r;
};

describe('a lock held by A', () => {
  it("refuses B's writes before sending (exit 5, holder, since, until and reason named); A's own pass", async () => {
    await ok(
      B(['rules', 'add', '--priority', '9', '--match', 'in_port=9', '--actions', 'output:2']),
    );
    const taken = json(await ok(A(['lock', '--for', '10m', '--reason', 'maintenance'])));
    expect(taken).toMatchObject({ result: 'took', lock: { holder: me, reason: 'maintenance' } });
    const before = await writes();
    for (const path of [
      'rules add',
      'apply',
      'tools apply',
      'undo',
      'savepoint create',
      'lock',
      'unlock',
    ]) {
      const args = WRITES.get(path)!;
      const r = await B(args);
      const what = `${args.join(' ')}: ${r.stderr}`;
      expect.soft(r.code, what).toBe(5);
      expect
        .soft(r.stderr, what)
        .toMatch(
          new RegExp(
            `refused: the device is locked by ${me} \\(pid ${taken.lock.pid}\\) since \\S+Z until \\S+Z \\(10m left\\), reason: maintenance; nothing was sent`,
          ),
        );
    }
    // a refused write sends nothing at all, not even a lock
    expect(await writes()).toBe(before);
    await ok(A(['rules', 'add', '--match', 'in_port=1', '--actions', 'output:2']));
    expect(await writes()).toBe(before + 1);
    expect(await journaled(A)).toEqual(['savepoints.create pbc-lock', 'rules.add']);
  });

  it('pbc lock again extends it (since kept); unlock gives it back; B may write again', async () => {
    const first = json(await ok(A(['lock', '--for', '5m'])));
    const again = json(await ok(A(['lock', '--for', '20m', '--reason', 'longer'])));
    expect(again).toMatchObject({ result: 'renewed', lock: { since: first.lock.since } });
    expect(await lockOnDevice()).toContain('reason=longer');
    expect(json(await ok(A(['unlock'])))).toEqual({ result: 'released' });
    expect(await lockOnDevice()).toBeUndefined();
    const before = await writes();
    expect(json(await ok(A(['unlock'])))).toEqual({ result: 'none' });
    expect(await writes()).toBe(before);
    await ok(B(['rules', 'add', '--match', 'in_port=4', '--actions', 'output:2']));
  });
});

describe('expiry', () => {
  it('a lock found expired is deleted by the next pbc that writes (journaled) and said to be expired', async () => {
    const past = new Date(Date.now() - 3_600_000);
    const description = formatLock({
      holder: { user: 'alice', host: 'jump1', login: 'admin', token: 'abcdefabcdef' },
      pid: 77,
      since: new Date(past.getTime() - 600_000),
      until: past,
      reason: 'forgotten',
    });
    const q = new URLSearchParams({ name: 'pbc-lock', description });
    await fetch(`${s.url}/savepoints/rulesavepoint?${q}`, { method: 'POST' });
    expect(await lockOnDevice()).toBe(description);
    const r = await ok(B(['rules', 'add', '--match', 'in_port=5', '--actions', 'output:2']));
    expect(r.stderr).toMatch(
      /pbc: warning: deleted an expired lock: alice \(admin\)@jump1 \(pid 77\) .* \(expired\), reason: forgotten/,
    );
    expect(await lockOnDevice()).toBeUndefined();
    expect((await journaled(B)).slice(-2)).toEqual(['savepoints.remove pbc-lock', 'rules.add']);
  });

  it('a short lock expires by itself: B takes the lock once its until has passed', async () => {
    await ok(A(['lock', '--for', '1s']));
    // no sleep: B's lock is refused until the device's lock says it has expired, then taken
    let r = await B(['lock']);
    while (r.code === 5) r = await B(['lock']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toMatchObject({ result: 'took' });
    expect(r.stderr).toContain('deleted an expired lock');
    await ok(B(['unlock']));
  });
});

describe('--steal', () => {
  it('asks (--yes off a terminal), then takes it over: the old holder is refused, the steal journaled', async () => {
    await ok(A(['lock', '--reason', 'mine']));
    const held = await lockOnDevice();
    const asked = await B(['lock', '--steal']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/refusing to steal the lock without confirmation/);
    expect(await lockOnDevice()).toBe(held);
    const stolen = json(await ok(B(['lock', '--steal', '--yes', '--reason', 'incident'])));
    expect(stolen).toMatchObject({ result: 'stole', lock: { reason: 'incident' } });
    const r = await A(['rules', 'add', '--match', 'in_port=6', '--actions', 'output:2']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`locked by ${me} (pid ${stolen.lock.pid})`);
    expect(r.stderr).toContain('reason: incident');
    expect((await journaled(B)).at(-1)).toBe('savepoints.modify pbc-lock');
  });
});

describe('a race', () => {
  const bob = formatLock({
    holder: { user: 'bob', host: 'jump2', token: '0123456789ab' },
    pid: 99,
    since: new Date(),
    until: new Date(Date.now() + 600_000),
    reason: 'his',
  });
  const byBob = (d: string) => fetch(`${s.url}/savepoints/${d}`, { method: 'POST' });
  const isCreate = (req: { method: string; path: string }) =>
    req.method === 'POST' && req.path.endsWith('/savepoints/rulesavepoint');

  /** A takes the lock through a proxy where `race` runs around A's create. */
  async function takeWhile(race: (upstream: () => Promise<unknown>) => Promise<unknown>) {
    const proxy = await startProxy(s.url, (req, upstream) =>
      isCreate(req) ? race(upstream) : undefined,
    );
    try {
      const r = await s.run(['--url', proxy.url, 'lock'], { env: { PBC_STATE_DIR: stateA } });
      return { r, writes: proxy.writes().map((w) => `${w.method} ${w.path}`) };
    } finally {
      await proxy.close();
    }
  }

  it("backs off when bob's lock lands on A's before A reads it back, and sends nothing more", async () => {
    const { r, writes } = await takeWhile(async (upstream) => {
      const answer = await upstream();
      const q = new URLSearchParams({ old_name: 'pbc-lock', description: bob, override: 'false' });
      await byBob(`modrulesavepoint?${q}`);
      return answer;
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(
      /backed off: bob@jump2 \(pid 99\) .*reason: his took the lock at the same time/,
    );
    expect(writes).toEqual(['POST /rest/savepoints/rulesavepoint']);
    expect(await lockOnDevice()).toBe(bob);
  });

  it('backs off when bob created it first (the device refuses the second create)', async () => {
    const { r, writes } = await takeWhile(async () => {
      await byBob(`rulesavepoint?${new URLSearchParams({ name: 'pbc-lock', description: bob })}`);
      return undefined; // A's create goes on to the device, which refuses it: the name exists
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/backed off: bob@jump2 \(pid 99\)/);
    expect(writes).toEqual(['POST /rest/savepoints/rulesavepoint']);
    expect(await lockOnDevice()).toBe(bob);
  });
});
