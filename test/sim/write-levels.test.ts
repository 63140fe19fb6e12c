/**
 * Every route that can change the device, taken from the router's own table (so a new one
 * cannot slip through), called by a READ, a WRITE and a SUPER user under UAC: a level below
 * the route's gets 403 and leaves the configuration exactly as it was; the route's level
 * passes the check. No write route is open to READ users (issue 15: a READ user could switch
 * telnet).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from '../../src/sim/json.js';
import { snapshot } from '../../src/sim/persist.js';
import { type Route, Router } from '../../src/sim/router.js';
import { registerAllRoutes } from '../../src/sim/routes.js';
import { addLevelUsers, startTestSim, type TestSim } from './helpers.js';

const router = new Router();
registerAllRoutes(router);
const writes = router.routes().filter((r) => r.method !== 'GET');

const basic = (user: string, pw: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`,
});
const USERS: Record<number, Record<string, string>> = {
  1: basic('reader', 'r-pass'),
  7: basic('writer', 'w-pass'),
  31: basic('admin', 'admin'),
};
const NEEDED: Record<string, number> = { R: 1, W: 7, S: 31, auth: 1 };

/**
 * Parameters that would make each call succeed if the check let it through, so a missing
 * check shows as a changed configuration, not only as a status.
 */
let ntpPid = 0;
const BODY: Record<string, () => Record<string, unknown>> = {
  'POST /device/telnet': () => ({ activated: true }),
  'POST /device/https': () => ({ https_enabled: true, ssl_password: 'x' }),
  'POST /device/idled': () => ({ activated: true }),
  'POST /device/name': () => ({ device_name: 'pwned' }),
  'POST /rules': () => ({ priority: 5, match: { in_port: '1' }, actions: 'output:2' }),
  'DELETE /rules/all': () => ({}),
  'POST /users': () => ({ username: 'x', password: 'x', accesslevel: 31, description: '' }),
  'POST /users/uac': () => ({ state: false }),
  'POST /apps': () => ({ name: 'ntp' }),
  'DELETE /apps': () => ({ pid: ntpPid }),
  'POST /apps/action': () => ({ pid: ntpPid, action_name: 'sync_now' }),
  'PUT /savepoints/quicksaverules': () => ({}),
  'POST /savepoints/rulesavepoint': () => ({ name: 'mine' }),
};

/** The configuration (what persists), as text. */
const config = (t: TestSim) => stringify(snapshot(t.sim.state));

let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ rebootMs: 100 });
  await addLevelUsers(t);
  expect((await t.call('POST', '/apps', { json: { name: 'ntp' } })).status).toBe(200);
  ntpPid = Number(Object.keys((await t.get('/apps/running')).body)[0]);
  expect(ntpPid).toBeGreaterThan(0);
  expect((await t.call('POST', '/users/uac', { json: { state: true } })).status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('write routes', () => {
  it('are found in the router table, and none is open to a READ user', () => {
    expect(writes.length).toBeGreaterThanOrEqual(40);
    // POST /apps/action is the one write route at R: the action's own level is checked
    // when it runs (a READ action only reports); the matrix below runs a WRITE action.
    const open = writes.filter((r) => NEEDED[r.level]! < 7).map((r) => `${r.method} ${r.path}`);
    expect(open).toEqual(['POST /apps/action']);
  });
});

const levelOf = (r: Route) =>
  r.path === '/apps/action' ? 7 /* sync_now is a WRITE action */ : NEEDED[r.level]!;

describe.each(writes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (name, route) => {
  it.each([1, 7, 31])('as level %i: 403 and nothing changed below its level', async (level) => {
    const json = BODY[name]?.() ?? {};
    const before = config(t);
    if (level < levelOf(route)) {
      const r = await t.call(route.method, route.path, { headers: USERS[level]!, json });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatch(/rights/);
      expect(config(t)).toBe(before);
      return;
    }
    // allowed: the check lets it through (rebooting would take the device from the others)
    if (route.path === '/device/reboot' || name === 'POST /users/uac') return;
    if (name === 'DELETE /apps' || name === 'POST /users') return; // keep the fixtures
    const r = await t.call(route.method, route.path, { headers: USERS[level]!, json });
    expect([401, 403]).not.toContain(r.status);
  });
});
