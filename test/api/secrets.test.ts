/**
 * Secrets in transit: writes that carry a password or secret (users add/modify, RADIUS,
 * HTTPS) send their parameters as a JSON body, never in the URL, so no password lands in
 * an access log. Checked on the wire with the recording test server, and end to end with
 * the simulator (which accepts JSON bodies for every operation).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/client.js';
import { json, type Recorded, startServer, type TestServer } from '../../src/api/test-server.js';
import type { LogEntry } from '../../src/api/transport.js';
import { ADMIN_PASSWORD, type Rig, startRig } from './helpers.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function recording(): Promise<{ server: TestServer; client: Client }> {
  const server = await startServer((_req, res) => json(res, 200, { result: 'OK' }));
  const client = createClient({ url: server.url, user: 'admin', password: 'pw', timeoutMs: 2000 });
  cleanup.push(
    () => server.close(),
    () => client.close(),
  );
  return { server, client };
}

function expectJsonBody(req: Recorded, method: string, path: string, body: unknown): void {
  expect(req.method).toBe(method);
  expect(req.path).toBe(`/rest${path}`);
  expect(req.query).toBe('');
  expect(req.headers['content-type']).toBe('application/json');
  expect(JSON.parse(req.body)).toEqual(body);
}

describe('on the wire: secrets travel in a JSON body', () => {
  it('users.add and users.modify', async () => {
    const { server, client } = await recording();
    await client.users.add({ username: 'op', accesslevel: 7, password: 'op-pw-1', radius: false });
    expectJsonBody(server.requests[0]!, 'POST', '/users', {
      username: 'op',
      accesslevel: 7,
      password: 'op-pw-1',
      radius: false,
    });
    await client.users.modify({ username: 'op', password: 'op-pw-2', access_level: 1 });
    expectJsonBody(server.requests[1]!, 'PUT', '/users', {
      username: 'op',
      password: 'op-pw-2',
      access_level: 1,
    });
  });

  it('users.setRadius and device.setHttps', async () => {
    const { server, client } = await recording();
    const radius = {
      server: '192.0.2.5',
      port: 1812,
      secret: 'radius-s3',
      radius_login_level: 1,
      refresh_rate: 60,
    };
    await client.users.setRadius(radius);
    expectJsonBody(server.requests[0]!, 'POST', '/users/radius', radius);
    await client.device.setHttps(true, 'cert-pw');
    expectJsonBody(server.requests[1]!, 'POST', '/device/https', {
      https_enabled: true,
      ssl_password: 'cert-pw',
    });
  });

  it('no secret ever appears in a request line', async () => {
    const { server, client } = await recording();
    await client.users.add({ username: 'op', accesslevel: 7, password: 'pw-A' });
    await client.users.modify({ username: 'op', password: 'pw-B' });
    await client.users.setRadius({
      server: 's',
      port: 1,
      secret: 'pw-C',
      radius_login_level: 0,
      refresh_rate: 1,
    });
    await client.device.setHttps(false, 'pw-D');
    const lines = server.requests.map((r) => `${r.method} ${r.path}?${r.query}`).join('\n');
    for (const s of ['pw-A', 'pw-B', 'pw-C', 'pw-D']) expect(lines).not.toContain(s);
    expect(lines).not.toMatch(/password|secret/);
  });

  it('other writes keep the spec’s default, the query string', async () => {
    const { server, client } = await recording();
    await client.users.remove('op');
    await client.users.setUac(true);
    expect(server.requests.map((r) => [r.query, r.body])).toEqual([
      ['name=op', ''],
      ['state=true', ''],
    ]);
  });
});

describe('end to end with the simulator', () => {
  let rig: Rig;
  const start = async () => {
    rig = await startRig();
    cleanup.push(() => rig.close());
    return rig;
  };

  it('a user added and changed through JSON bodies can log in with its password', async () => {
    await start();
    const entries: LogEntry[] = [];
    const admin = rig.connect({
      user: 'admin',
      password: ADMIN_PASSWORD,
      onLog: (e) => entries.push(e),
    });
    await admin.users.setUac(true);
    // UAC on and basic auth sent: the new user's username/password in the body are data,
    // not the caller's credentials
    await admin.users.add({ username: 'op', accesslevel: 7, password: 'first-pw' });
    const op = rig.connect({ user: 'op', password: 'first-pw' });
    expect(await op.device.name()).toBe('pb-lab-01');
    await admin.users.modify({ username: 'op', password: 'second-pw' });
    expect(await rig.connect({ user: 'op', password: 'second-pw' }).device.name()).toBe(
      'pb-lab-01',
    );
    expect(await op.device.name().catch((e: Error) => e.name)).toBe('AuthError');
    const urls = entries.map((e) => e.url).join('\n');
    expect(urls).not.toMatch(/first-pw|second-pw|password/);
    expect(entries.filter((e) => e.url === '/users').map((e) => e.bodyBytes)).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
  });

  it('the RADIUS secret and the HTTPS certificate password reach the device', async () => {
    await start();
    const c = rig.client;
    await c.users.setRadius({
      server: '192.0.2.5',
      port: 1645,
      secret: 'radius-s3cret',
      radius_login_level: 7,
      refresh_rate: 30,
    });
    expect(await c.users.radius()).toMatchObject({ secret: 'radius-s3cret', port: 1645 });
    await c.device.setHttps(true, 'cert-pw-9');
    expect(rig.sim.state.settings).toMatchObject({ httpsEnabled: true, sslPassword: 'cert-pw-9' });
  });
});
