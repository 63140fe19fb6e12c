/**
 * The web log over real HTTP: oldest first, the device's date and time, clearing leaves one
 * line naming who cleared it, access levels, and no password ever written to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;

interface Opts {
  form?: Record<string, string>;
  query?: Record<string, string>;
  auth?: readonly [string, string];
  headers?: Record<string, string>;
}

async function call(method: string, path: string, o: Opts = {}) {
  const url = new URL(sim.url + path);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...o.headers };
  let body: string | undefined;
  if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  }
  if (o.auth) headers.authorization = `Basic ${Buffer.from(o.auth.join(':')).toString('base64')}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown>, text };
}

async function weblog(auth?: readonly [string, string]) {
  const res = await call('GET', '/weblog', { auth });
  expect(res.status, res.text).toBe(200);
  return res.body as { logs: string[]; systemDateTime: string };
}

const ADMIN = ['admin', 'admin'] as const;
const READER = ['viewer', 'Viewer-pw-1234'] as const;
const PASSWORDS = ['Viewer-pw-1234', 'Changed-pw-5678', 'Wrong-pw-9999'];
const CLOCK = Date.now();

beforeAll(async () => {
  // the device's clock stands still: its own chatter (ntp, snmp, … every few seconds of device
  // time, src/sim/ambient.ts) never lands between a clear and the read that counts the lines,
  // however slow the machine (one did, at load 15)
  sim = await startSim({ port: 0, rebootMs: 200, now: () => CLOCK });
});
afterAll(async () => {
  await sim?.close();
});

describe('weblog', () => {
  it('shows the log oldest first with the device date and time', async () => {
    const log = await weblog();
    expect(Object.keys(log).sort()).toEqual(['logs', 'systemDateTime']);
    expect(log.systemDateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const shown = Date.parse(`${log.systemDateTime.replace(' ', 'T')}Z`);
    // the device's time of day, to the second (of its clock, so no wall time is compared)
    expect(CLOCK - shown).toBeGreaterThanOrEqual(0);
    expect(CLOCK - shown).toBeLessThan(1000);
    expect(log.logs.length).toBeGreaterThan(0);
    expect(log.logs.some((l) => l.includes('started'))).toBe(true);
    for (const l of log.logs) expect(typeof l).toBe('string');
    const stamps = log.logs.map((l) => l.slice(0, 23));
    expect([...stamps].sort()).toEqual(stamps);
  });

  it('records a change as the newest line', async () => {
    await call('POST', '/device/name', { form: { device_name: 'pb-logs' } });
    const log = await weblog();
    expect(log.logs.at(-1)).toMatch(/pb-logs/);
  });

  it('is cleared, leaving one line naming who cleared it', async () => {
    const res = await call('DELETE', '/weblog');
    expect(res.body).toEqual({ result: 'OK' });
    const log = await weblog();
    expect(log.logs).toHaveLength(1);
    expect(log.logs[0]).toMatch(/weblog cleared by anonymous \(UAC off\)$/);
  });

  it('is cleared through a method override', async () => {
    await call('POST', '/device/name', { form: { device_name: 'pb-logs-2' } });
    const res = await call('POST', '/weblog', { headers: { 'X-HTTP-Method-Override': 'DELETE' } });
    expect(res.body).toEqual({ result: 'OK' });
    expect((await weblog()).logs).toHaveLength(1);
  });

  it('answers 405 for other methods', async () => {
    for (const method of ['POST', 'PUT']) {
      const res = await call(method, '/weblog');
      expect(res.status).toBe(405);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
    expect((await weblog()).logs).toHaveLength(1);
  });
});

describe('weblog under UAC', () => {
  it('needs a login to read and SUPER to clear', async () => {
    await call('POST', '/users', {
      form: { username: READER[0], accesslevel: '1', password: READER[1] },
    });
    await call('PUT', '/users', { form: { username: READER[0], password: 'Changed-pw-5678' } });
    await call('PUT', '/users', { form: { username: READER[0], password: READER[1] } });
    expect((await call('POST', '/users/uac', { form: { state: 'true' } })).body).toEqual({
      state: true,
    });

    const noLogin = await call('GET', '/weblog');
    expect(noLogin.status).toBe(401);
    const wrong = await call('GET', '/weblog', { auth: ['viewer', 'Wrong-pw-9999'] });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('Wrong-pw-9999');
    const viaParams = await call('GET', '/weblog', {
      query: { username: READER[0], password: READER[1] },
    });
    expect(viaParams.status).toBe(200);

    const before = (await weblog(READER)).logs;
    const denied = await call('DELETE', '/weblog', { auth: READER });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatch(/SUPER/);
    expect((await weblog(READER)).logs).toEqual(before);

    expect((await call('DELETE', '/weblog', { auth: ADMIN })).body).toEqual({ result: 'OK' });
    // the log starts again with the clear (the device may add an ambient line after it)
    const log = await weblog(READER);
    expect(log.logs[0]).toMatch(/weblog cleared by admin$/);
    expect(log.logs.filter((l: string) => before.includes(l))).toEqual([]);
  });

  it('logs failed logins without their passwords, and never a password', async () => {
    await call('GET', '/weblog', { auth: ['viewer', 'Wrong-pw-9999'] });
    await call('PUT', '/users', {
      auth: ADMIN,
      form: { username: READER[0], password: 'Changed-pw-5678' },
    });
    const log = await weblog(ADMIN);
    expect(log.logs.some((l) => l.includes("failed login for user 'viewer'"))).toBe(true);
    expect(log.logs.some((l) => /user 'viewer' changed by admin: password/.test(l))).toBe(true);
    for (const p of PASSWORDS) expect(JSON.stringify(log)).not.toContain(p);
    await call('POST', '/users/uac', { auth: ADMIN, form: { state: 'false' } });
  });
});
