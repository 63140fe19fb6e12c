/**
 * Every route of the simulator, under UAC: no credentials → 401; one level too low → 403;
 * the required level passes the access check (whatever the operation then says about its
 * missing parameters). Levels come from the router's own table, checked against the spec.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Router } from '../../src/sim/router.js';
import { registerAllRoutes } from '../../src/sim/routes.js';
import { addLevelUsers, startTestSim, type TestSim } from './helpers.js';

const router = new Router();
registerAllRoutes(router);
const routes = router.routes();

const basic = (user: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`,
});
const USERS = {
  read: basic('reader', 'r-pass'),
  write: basic('writer', 'w-pass'),
  super: basic('admin', 'admin'),
};

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ rebootMs: 100 });
  await addLevelUsers(t);
  expect((await t.call('POST', '/users/uac', { json: { state: true } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

// A few spot checks that the table is the spec's (the full list is in docs/simulator.md).
describe('route table', () => {
  it('carries the spec levels', () => {
    const level = (m: string, p: string) =>
      routes.find((r) => r.method === m && r.path === p)?.level;
    expect(level('GET', '/rules/all')).toBe('R');
    expect(level('POST', '/rules')).toBe('W');
    expect(level('POST', '/ports/config')).toBe('W');
    expect(level('PUT', '/savepoints/activeportsavepoint')).toBe('S');
    expect(level('PUT', '/savepoints/activerulesavepoint')).toBe('W');
    expect(level('POST', '/users')).toBe('S');
    expect(level('GET', '/users/radius')).toBe('S');
    expect(level('POST', '/device/telnet')).toBe('S');
    expect(level('POST', '/device/https')).toBe('S');
    expect(level('DELETE', '/weblog')).toBe('S');
    expect(routes.length).toBeGreaterThanOrEqual(75);
  });
});

describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
  '%s under UAC',
  (_name, route) => {
    it('refuses without credentials (401) and with a wrong password (401)', async () => {
      const none = await t.call(route.method, route.path);
      expect(none.status).toBe(401);
      expect(typeof none.body.error).toBe('string');
      expect(none.headers.get('www-authenticate')).toMatch(/^Basic/);
      const wrong = await t.call(route.method, route.path, { headers: basic('admin', 'nope') });
      expect(wrong.status).toBe(401);
    });

    it('refuses a level too low (403) and lets the required level through', async () => {
      const below = route.level === 'W' ? USERS.read : route.level === 'S' ? USERS.write : null;
      if (below) {
        const r = await t.call(route.method, route.path, { headers: below });
        expect(r.status).toBe(403);
        expect(r.body.error).toMatch(/rights/);
      }
      // rebooting is exercised elsewhere: here it would take the device away from the other cases
      if (route.path === '/device/reboot') return;
      const enough =
        route.level === 'W' ? USERS.write : route.level === 'S' ? USERS.super : USERS.read;
      const r = await t.call(route.method, route.path, { headers: enough });
      expect([401, 403]).not.toContain(r.status);
      expect(r.status).toBeLessThan(500);
    });
  },
);
