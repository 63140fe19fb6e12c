/**
 * Error mapping and failure handling of the client against the real simulator: UAC,
 * access levels, device refusals, a device that is down, hangs, resets (one retry for
 * GETs, none for writes), reboots, and the read-only guard.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, listWriteMethods } from '../../src/api/client.js';
import {
  AuthError,
  ConnectionError,
  DeviceError,
  ForbiddenError,
  ReadonlyError,
  TimeoutError,
} from '../../src/api/errors.js';
import type { LogEntry } from '../../src/api/transport.js';
import { ADMIN_PASSWORD, failure, type Rig, startRig, waitUntilUp } from './helpers.js';

let rig: Rig;
beforeEach(async () => {
  rig = await startRig({ rebootMs: 1500 });
});
afterEach(async () => {
  await rig.close();
});

const c = () => rig.client;
const NEW_RULE = { name: 'once', priority: 77, match: { in_port: '5' }, actions: ['output:6'] };
const countOnce = async () =>
  [...rig.sim.state.rules.values()].filter((r) => r.name === 'once').length;

describe('authentication and access levels', () => {
  beforeEach(async () => {
    await c().users.add({ username: 'reader', accesslevel: 1, password: 'reader-pw' });
    await c().users.setUac(true);
  });

  it('UAC on: no credentials → AuthError (401)', async () => {
    const err = await failure(c().device.name());
    expect(err).toBeInstanceOf(AuthError);
    expect(err.status).toBe(401);
  });

  it('UAC on: a wrong password or an unknown user → AuthError', async () => {
    for (const [user, password] of [
      ['admin', 'wrong'],
      ['nobody', ADMIN_PASSWORD],
    ]) {
      const err = await failure(rig.connect({ user, password }).rules.list());
      expect(err, user).toBeInstanceOf(AuthError);
      expect(err.message).toContain(`'${user}'`);
    }
  });

  it('a READ user may read but a write is a ForbiddenError (403) that changes nothing', async () => {
    const reader = rig.connect({ user: 'reader', password: 'reader-pw' });
    // the rule set, not its counters (they move between two reads)
    const ruleSet = async () =>
      (await reader.rules.list()).rules.map(({ cookie, name, priority, match, actions }) => ({
        cookie,
        name,
        priority,
        match,
        actions,
      }));
    const before = await ruleSet();
    const err = await failure(reader.rules.add(NEW_RULE));
    expect(err).toBeInstanceOf(ForbiddenError);
    expect(err.status).toBe(403);
    expect(await ruleSet()).toEqual(before);
    expect(await failure(reader.users.radius())).toBeInstanceOf(ForbiddenError);
  });
});

describe('device refusals', () => {
  it('an invalid rule → DeviceError carrying the simulator’s message', async () => {
    const err = await failure(c().rules.add({ ...NEW_RULE, actions: ['output:999'] }));
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.status).toBe(400);
    expect(err.message).toBe('POST /rules failed: output port 999 does not exist on this device');
    expect(await countOnce()).toBe(0);
  });

  it('a duplicate rule → DeviceError (409) with the simulator’s message', async () => {
    await c().rules.add(NEW_RULE);
    const err = await failure(c().rules.add(NEW_RULE));
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/already exists \('once'/);
  });

  it('an unknown save-point → DeviceError', async () => {
    for (const call of [
      () => c().savepoints.activateRules('nope'),
      () => c().savepoints.setDefaultRules('nope'),
      () => c().savepoints.modifyRules({ old_name: 'nope' }),
      () => c().savepoints.activatePorts('nope'),
    ]) {
      const err = await failure(call());
      expect(err).toBeInstanceOf(DeviceError);
      expect(err.status).toBe(404);
      expect(err.message).toMatch(/no (rule|port) save-point named 'nope'/);
    }
  });

  it('a simulated 500 → DeviceError, and a GET is not retried on it', async () => {
    await rig.control('/_sim/fault', { fail_next: 1, fail_next_mode: '500' });
    const n = await rig.requests();
    const err = await failure(c().device.name());
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.status).toBe(500);
    expect(await rig.requests()).toBe(n + 1);
  });
});

describe('network failures', () => {
  it('the simulator is down → ConnectionError', async () => {
    const client = createClient({ url: rig.url, timeoutMs: 1000 });
    try {
      expect(await client.device.name()).toBe('pb-lab-01');
      await rig.sim.close();
      const err = await failure(client.device.name());
      expect(err).toBeInstanceOf(ConnectionError);
      expect(await failure(client.rules.add(NEW_RULE))).toBeInstanceOf(ConnectionError);
    } finally {
      await client.close();
    }
  });

  it('hang with timeoutMs 300 → TimeoutError; a GET tries twice, a POST once', async () => {
    const attempts: LogEntry[] = [];
    const fast = rig.connect({ timeoutMs: 300, onLog: (e) => attempts.push(e) });
    await rig.control('/_sim/fault', { fail_next: 2, fail_next_mode: 'hang' });
    let n = await rig.requests();
    expect(await failure(fast.device.name())).toBeInstanceOf(TimeoutError);
    // each attempt ran out its own 300 ms (the transport's log of them), not one shared bound
    expect(attempts.map((e) => [e.attempt, e.error])).toEqual([
      [1, expect.stringMatching(/timed out after 300 ms/)],
      [2, expect.stringMatching(/timed out after 300 ms/)],
    ]);
    expect(await rig.requests()).toBe(n + 2);

    await rig.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'hang' });
    n = await rig.requests();
    expect(await failure(fast.rules.add(NEW_RULE))).toBeInstanceOf(TimeoutError);
    expect(await rig.requests()).toBe(n + 1);
    expect(await countOnce()).toBe(0);
  });

  it('hang once: the GET succeeds through its single retry', async () => {
    const fast = rig.connect({ timeoutMs: 300 });
    await rig.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'hang' });
    const n = await rig.requests();
    expect(await fast.device.name()).toBe('pb-lab-01');
    expect(await rig.requests()).toBe(n + 2);
  });

  it('reset once: a GET succeeds through its single retry', async () => {
    await rig.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'reset' });
    const n = await rig.requests();
    expect((await c().rules.list()).rules.length).toBeGreaterThan(0);
    expect(await rig.requests()).toBe(n + 2);
  });

  it('reset once: a POST fails with ConnectionError and is NOT retried', async () => {
    await rig.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'reset' });
    const n = await rig.requests();
    const err = await failure(c().rules.add(NEW_RULE));
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).kind).toBe('reset');
    expect(await rig.requests()).toBe(n + 1);
    expect((await c().rules.list()).rules.filter((r) => r.name === 'once')).toEqual([]);
    // sent again by the caller, it is added exactly once
    await c().rules.add(NEW_RULE);
    expect(await countOnce()).toBe(1);
  });

  it('a POST that times out is not repeated: the device applies it exactly once', async () => {
    const fast = rig.connect({ timeoutMs: 300 });
    await rig.control('/_sim/fault', { latency_ms: 600 });
    const n = await rig.requests();
    expect(await failure(fast.rules.add(NEW_RULE))).toBeInstanceOf(TimeoutError);
    await rig.control('/_sim/fault', { latency_ms: 0 });
    await waitUntilUp(async () => {
      if ((await countOnce()) === 0) throw new Error('not applied yet');
    });
    expect(await countOnce()).toBe(1);
    expect(await rig.requests()).toBe(n + 1);
  });
});

describe('reboot', () => {
  it('reboot() resolves; reads during the window are DeviceError 503 (unavailable)', async () => {
    expect(['OK', 'rebooting']).toContain(await c().device.reboot());
    await waitUntilUp(async () => {
      if (rig.sim.state.rebootingUntil <= Date.now()) throw new Error('not rebooting yet');
    }, 1000);
    const err = await failure(c().device.name());
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.status).toBe(503);
    expect(err.message).toMatch(/unavailable/);
    expect(await failure(c().rules.add(NEW_RULE))).toMatchObject({ status: 503 });
    await waitUntilUp(() => c().device.name());
    expect(await c().device.name()).toBe('pb-lab-01');
    expect((await c().logs.get()).logs.some((l) => l.includes('system: booted'))).toBe(true);
  });
});

describe('read-only client', () => {
  it('every write throws ReadonlyError and nothing reaches the simulator', async () => {
    const ro = rig.connect({ readonly: true });
    const writes = listWriteMethods(ro);
    expect(writes.length).toBeGreaterThanOrEqual(40);
    const n = await rig.requests();
    const version = rig.sim.state.version;
    for (const w of writes) {
      const err = await failure(w.invoke());
      expect(err, w.name).toBeInstanceOf(ReadonlyError);
    }
    expect(await rig.requests()).toBe(n);
    expect(rig.sim.state.version).toBe(version);
    expect(rig.sim.state.rebootingUntil).toBe(0);
    // reads still go through
    expect(await ro.device.name()).toBe('pb-lab-01');
    expect(await rig.requests()).toBe(n + 1);
  });
});
