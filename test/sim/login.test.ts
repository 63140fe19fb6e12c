/**
 * Logins under UAC cannot be used to stall the device or to find out who exists: the
 * password hash runs off the event loop (a valid request is answered while 50 wrong guesses
 * are being checked), an unknown user costs the same scrypt work as a known one, and one
 * address's repeated failures are held back (429 + Retry-After) without holding back others.
 */
import * as crypto from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../src/sim/auth.js';
import { FREE_FAILURES } from '../../src/sim/login-throttle.js';
import { startTestSim, type TestSim } from './helpers.js';

// Count every scrypt the simulator runs (sync or async), to compare the work of two logins.
vi.mock('node:crypto', async (importOriginal) => {
  const m = await importOriginal<typeof import('node:crypto')>();
  return { ...m, scrypt: vi.fn(m.scrypt), scryptSync: vi.fn(m.scryptSync) };
});
const scryptCalls = () =>
  vi.mocked(crypto.scrypt).mock.calls.length + vi.mocked(crypto.scryptSync).mock.calls.length;

const basic = (user: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`,
});
const ADMIN = basic('admin', 'admin');

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
  expect((await t.call('POST', '/users/uac', { json: { state: true } })).status).toBe(200);
});
afterEach(async () => {
  await t.close();
});

/** fetch from another loopback address (127.0.0.2): another client to the throttle. */
const other = new Agent({ localAddress: '127.0.0.2' });
const fromOther = (path: string, headers: Record<string, string>) =>
  undiciFetch(t.url + path, { headers, dispatcher: other });

describe('login work', () => {
  it('checks passwords off the event loop: the loop turns while 20 checks run', async () => {
    const user = t.sim.state.users.get('admin')!;
    let settled = 0;
    const checks = Array.from({ length: 20 }, (_, i) =>
      Promise.resolve()
        .then(() => verifyPassword(user, `guess-${i}`))
        .then((ok) => {
          expect(ok).toBe(false);
          settled++;
        }),
    );
    await new Promise((r) => setImmediate(r));
    expect(settled).toBeLessThan(20);
    await Promise.all(checks);
    expect(settled).toBe(20);
  });

  it('is the same scrypt work for an unknown user as for a known one', async () => {
    const before = scryptCalls();
    expect((await t.call('GET', '/device/name', { headers: basic('admin', 'x1') })).status).toBe(
      401,
    );
    const known = scryptCalls() - before;
    expect((await t.call('GET', '/device/name', { headers: basic('nobody', 'x1') })).status).toBe(
      401,
    );
    const unknown = scryptCalls() - before - known;
    expect(known).toBe(1);
    expect(unknown).toBe(known);
  });

  it('serves a valid request while 50 wrong guesses are being checked', async () => {
    // a first login, so the valid request's password is already verified
    expect((await t.call('GET', '/device/name', { headers: ADMIN })).status).toBe(200);
    let answered = 0;
    const base = scryptCalls();
    const guesses = Array.from({ length: 50 }, (_, i) =>
      fromOther('/device/name', basic('admin', `guess-${i}`)).then(async (r) => {
        await r.arrayBuffer();
        answered++;
        return r.status;
      }),
    );
    // the guesses have reached the device: their hashes are queued
    await vi.waitFor(() => expect(scryptCalls()).toBeGreaterThan(base), { timeout: 10_000 });
    const valid = await t.call('GET', '/device/name', { headers: ADMIN });
    expect(valid.status).toBe(200);
    const answeredWhenValidCame = answered;
    const statuses = await Promise.all(guesses);
    expect(answeredWhenValidCame).toBeLessThan(50);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });
});

describe('repeated failures', () => {
  it('hold back that address (429, Retry-After) until the delay passes, not others (controlled clock)', async () => {
    let clock = Date.now();
    await t.close();
    t = await startTestSim({ now: () => clock });
    expect((await t.call('POST', '/users/uac', { json: { state: true } })).status).toBe(200);
    for (let i = 0; i < FREE_FAILURES; i++) {
      const r = await fromOther('/device/name', basic('admin', `wrong-${i}`));
      expect(r.status).toBe(401);
    }
    // even the right password waits: a guess during the delay would tell nothing
    const held = await fromOther('/device/name', ADMIN);
    expect(held.status).toBe(429);
    const retry = Number(held.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(((await held.json()) as { error: string }).error).toMatch(/too many failed logins/);
    // another address logs in meanwhile
    expect((await t.call('GET', '/device/name', { headers: ADMIN })).status).toBe(200);
    // after the delay, the right password gets in and clears the count
    clock += retry * 1000 - 100;
    expect((await fromOther('/device/name', ADMIN)).status).toBe(429);
    clock += 200;
    expect((await fromOther('/device/name', ADMIN)).status).toBe(200);
    expect((await fromOther('/device/name', basic('admin', 'wrong-again'))).status).toBe(401);
  });
});
