/**
 * Reboot (503 while it lasts, boot state afterwards, permanent rules mode, pending port
 * settings) and --state persistence across a restart of the process.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSim } from '../../src/sim/server.js';
import {
  addRule,
  expectError,
  expectOk,
  findRule,
  parseLossless,
  rules,
  sleep,
  startTestSim,
  type TestSim,
  type Wire,
} from './helpers.js';

const open: TestSim[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close().catch(() => {});
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
async function sim(opts: Parameters<typeof startTestSim>[0] = {}): Promise<TestSim> {
  const t = await startTestSim(opts);
  open.push(t);
  return t;
}
const identities = (list: Record<string, Wire>[]) =>
  list.map((r) => `${r.priority}|${JSON.stringify(r.match)}|${r.actions}|${r.name}`).sort();

/** Polls until the device answers again (not 503). */
async function waitUntilBack(t: TestSim, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const res = await t.get('/rules/all');
    if (res.status !== 503) {
      expectOk(res);
      return;
    }
    expect(Object.keys(res.body)).toEqual(['error']);
    await sleep(50);
  }
  throw new Error('device did not come back');
}

describe('reboot', () => {
  it('POST /device/reboot answers, then 503 with {error} while rebooting, then back', async () => {
    // the device's clock stands still until the test moves it: the reboot lasts until then,
    // however slow the machine (on the wall clock, 800 ms could pass before the reads below)
    let clock = Date.now();
    const t = await sim({ rebootMs: 800, now: () => clock });
    const res = await t.call('POST', '/device/reboot');
    expectOk(res);
    expect(res.body).toEqual({ result: 'OK' });
    const during = await t.get('/rules/all');
    expect(during.status, during.text).toBe(503);
    expect(Object.keys(during.body)).toEqual(['error']);
    expect(during.body.error).toMatch(/reboot/);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    // every /rest path is unavailable, writes included
    const write = await t.call('POST', '/rules', {
      query: { match: { in_port: '1' }, actions: 'drop' },
    });
    expect(write.status).toBe(503);
    const status = await t.control('/_sim/status');
    expect(status.body.rebooting).toBe(true);
    clock += 799;
    expect((await t.get('/rules/all')).status).toBe(503);
    clock += 1;
    await waitUntilBack(t);
    expect((await t.control('/_sim/status')).body.rebooting).toBe(false);
  });

  it('with permanent rules mode off, the boot save-point replaces the active rules', async () => {
    const t = await sim({ rebootMs: 300 });
    const factory = await rules(t);
    expectOk(
      await t.call('POST', '/groups', {
        json: { 1: { group_id: '1', type: 'select', buckets: [{ actions: 'output:2' }] } },
      }),
    );
    await addRule(t, {
      priority: 5,
      match: { in_port: '6' },
      actions: 'group:1',
      name: 'transient',
    });
    expectOk(
      await t.call('DELETE', '/rules', { query: { priority: 1000, match: { in_port: '1' } } }),
    );
    expect((await t.get('/device/permanentrulesmode')).body).toEqual({ state: false });
    expectOk(await t.call('POST', '/device/reboot'));
    await sleep(20);
    await waitUntilBack(t);
    expect(identities(await rules(t))).toEqual(identities(factory));
    expect((await t.get('/groups/all')).body.rules).toEqual([]);
  });

  it('with permanent rules mode on, the active rules and groups survive', async () => {
    const t = await sim({ rebootMs: 300 });
    expectOk(await t.call('POST', '/device/permanentrulesmode', { query: { state: true } }));
    expect((await t.get('/device/permanentrulesmode')).body).toEqual({ state: true });
    expectOk(
      await t.call('POST', '/groups', {
        json: { 1: { group_id: '1', type: 'select', buckets: [{ actions: 'output:2' }] } },
      }),
    );
    await addRule(t, { priority: 5, match: { in_port: '6' }, actions: 'group:1', name: 'kept' });
    const before = await rules(t);
    expectOk(await t.call('POST', '/device/reboot'));
    await sleep(20);
    await waitUntilBack(t);
    const after = await rules(t);
    expect(identities(after)).toEqual(identities(before));
    expect(after.map((r) => r.cookie)).toEqual(before.map((r) => r.cookie));
    expect(
      (await t.get('/groups/all')).body.rules.map((g: { group_id: number }) => g.group_id),
    ).toEqual([1]);
  });

  it('a boot save-point chosen by the user is what comes back; pending xg_speed is applied', async () => {
    const t = await sim({ rebootMs: 200 });
    await addRule(t, { priority: 9, match: { in_port: '8' }, actions: 'output:2', name: 'boot' });
    expectOk(await t.call('PUT', '/savepoints/quicksaverules'));
    await addRule(t, {
      priority: 9,
      match: { in_port: '6' },
      actions: 'output:2',
      name: 'not saved',
    });
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-12', xg_speed: '1G' } }),
    );
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-13', xg_speed: 'XG' } }),
    );
    expectOk(await t.call('POST', '/device/reboot'));
    await sleep(20);
    await waitUntilBack(t);
    const list = await rules(t);
    expect(findRule(list, 9, { in_port: '8' })).toBeDefined();
    expect(findRule(list, 9, { in_port: '6' })).toBeUndefined();
    const cfg = (await t.get('/ports/config')).body.port_config;
    const p12 = cfg.find((p: Wire) => p.if_name === 'eth-0-12');
    const p13 = cfg.find((p: Wire) => p.if_name === 'eth-0-13');
    expect(p12.xg_speed).toEqual({ currSetting: '1G', nextSetting: '1G' });
    expect(p12.speed).toBe('1000');
    expect(p13.xg_speed).toEqual({ currSetting: 'XG', nextSetting: 'XG' });
    expect(p13.speed).toBe('10G');
  });

  it('a split waits for the reboot, which then renumbers the ports', async () => {
    const t = await sim({ rebootMs: 0 });
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-18', split: 'break-out' } }),
    );
    const pending = (await t.get('/ports/config')).body.port_config;
    expect(pending).toHaveLength(28);
    // the setting shows at once; the type (6, whole) says it has not happened yet
    expect(pending.find((p: Wire) => p.if_name === 'eth-0-18')).toMatchObject({
      type: 6,
      split: 'break-out',
    });
    expectOk(await t.call('POST', '/device/reboot'));
    await sleep(30);
    await waitUntilBack(t);
    const after = (await t.get('/ports/config')).body.port_config;
    expect(after).toHaveLength(31);
    const children = after.filter((p: Wire) => p.if_name.startsWith('eth-0-18/'));
    expect(children.map((p: Wire) => [p.if_name, p.type, p.split])).toEqual(
      [1, 2, 3, 4].map((n) => [`eth-0-18/${n}`, 10, 'break-out']),
    );
    const info = (await t.get('/ports/info')).body.result;
    expect(info.map((i: Wire) => i.properties.port_no)).toEqual(
      Array.from({ length: 31 }, (_, i) => String(i + 1)),
    );
    expect((await t.get('/ports/stats')).body).toHaveLength(31);
  });

  it('the control endpoint /_sim/reboot reboots too', async () => {
    const t = await sim({ rebootMs: 1500 });
    const res = await t.control('/_sim/reboot', {});
    expectOk(res);
    expect(typeof res.body.rebooting_until).toBe('number');
    expect((await t.get('/flownumbers')).status).toBe(503);
    await waitUntilBack(t);
    expectError(await t.control('/_sim/reboot', { ms: -1 }), 400, /ms/);
  });
});

describe('--state persistence', () => {
  it('configuration survives a restart; counters do not; the file is written atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-state-'));
    dirs.push(dir);
    // both devices' clocks moved by the test: a's rule counts 1.1 s of traffic, b's none yet
    let now = Date.now();
    const a = await startTestSim({ stateDir: dir, seed: 3, now: () => now });
    expectOk(
      await a.call('POST', '/groups', {
        json: {
          4: {
            group_id: '4',
            type: 'all',
            buckets: [{ actions: 'output:9' }, { actions: 'output:10' }],
          },
        },
      }),
    );
    await addRule(a, {
      priority: 44,
      // port 8: no factory rule takes its traffic, so this rule counts it
      match: { in_port: '8' },
      actions: 'group:4',
      name: 'persisted',
    });
    expectOk(
      await a.call('POST', '/savepoints/rulesavepoint', {
        query: { name: 'kept-sp', description: 'survives' },
      }),
    );
    expectOk(
      await a.call('POST', '/users', {
        query: {
          username: 'alice',
          accesslevel: 7,
          password: 'Alice-pw-1234',
          description: 'persisted user',
        },
      }),
    );
    expectOk(
      await a.call('POST', '/ports/config', { query: { if_name: 'eth-0-5', shutdown: true } }),
    );
    now += 1100;
    const before = await rules(a);
    const mine = findRule(before, 44, { in_port: '8' })!;
    expect(BigInt(mine.n_bytes)).toBeGreaterThan(0n);
    const groupsBefore = (await a.get('/groups/all')).body;
    // the file is there while running (coalesced write after the change): waited for, not
    // given 20 ms
    for (let i = 0; i < 600 && readdirSync(dir).join() !== 'device.json'; i++) await sleep(20);
    expect(readdirSync(dir)).toEqual(['device.json']);
    await a.close();
    expect(readdirSync(dir)).toEqual(['device.json']); // no temp file left behind
    const file = readFileSync(join(dir, 'device.json'), 'utf8');
    const stored = parseLossless(file) as { rules: [string, Record<string, unknown>][] };
    // the active rules are stored without counters (save-points keep theirs, by design)
    expect(stored.rules.length).toBe(before.length);
    for (const [, r] of stored.rules) {
      expect(r).not.toHaveProperty('n_bytes');
      expect(r).not.toHaveProperty('n_packets');
    }
    const b = await startTestSim({ stateDir: dir, seed: 3, now: () => now });
    open.push(b);
    const after = await rules(b);
    expect(identities(after)).toEqual(identities(before));
    expect(after.map((r) => r.cookie)).toEqual(before.map((r) => r.cookie));
    const again = findRule(after, 44, { in_port: '8' })!;
    // counters start over with the new process
    expect(BigInt(again.n_bytes)).toBeLessThan(BigInt(mine.n_bytes));
    expect((await b.get('/groups/all')).body).toEqual(groupsBefore);
    const sps = (await b.get('/savepoints')).body.RuleSavePoints;
    expect(sps.find((s: { name: string }) => s.name === 'kept-sp')).toMatchObject({
      description: 'survives',
    });
    const users = (await b.get('/users')).body;
    expect(users.alice).toMatchObject({ username: 'alice', accesslevel: 7 });
    const info = (await b.get('/ports/info')).body.result.find(
      (i: Wire) => i.properties.if_name === 'eth-0-5',
    );
    expect(info.properties.admin_status).toBe('PORT_DOWN');
    // new cookies do not collide with restored ones
    await addRule(b, { priority: 45, match: { in_port: '2' }, actions: 'drop' });
    const cookies = (await rules(b)).map((r) => r.cookie);
    expect(new Set(cookies).size).toBe(cookies.length);
  });

  it('a fresh state directory starts from the factory state', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-state-'));
    dirs.push(dir);
    const t = await sim({ stateDir: dir });
    expect(await rules(t)).toHaveLength(4);
    const log = (await t.get('/weblog')).body.logs.join('\n');
    expect(log).toContain('new configuration');
  });

  it('an unreadable state file is refused at start with its path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-state-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'device.json'), '{"version":1, "rules": [');
    await expect(startSim({ port: 0, stateDir: dir })).rejects.toThrow(/device\.json/);
  });
});
