/**
 * /device/* and /flownumbers of the simulated device over real HTTP: every read, every
 * setting's transitions, bad input answered with {error} and a 4xx leaving the device as it
 * was, access levels under UAC, secrets never shown, and a reboot that answers first.
 */
import { describe, expect, it } from 'vitest';
import { rulesKey } from '../../src/sim/state.js';
import {
  expectPlainError as expectError,
  type PlainOpts,
  type PlainRes,
  plainSimPerFile,
} from './plain-http.js';

/** The device's clock: the wall clock (plus `offset`), or `frozen` while a test holds it. */
const clock = { offset: 0, frozen: undefined as number | undefined };
const t = plainSimPerFile({ now: () => clock.frozen ?? Date.now() + clock.offset });
const { call } = t;

const get = async (path: string) => (await call('GET', path)).body;

async function ok(
  method: string,
  path: string,
  o: PlainOpts = {},
): Promise<Record<string, unknown>> {
  const res = await call(method, path, o);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** A failing request must leave `path` reading the same. */
async function unchanged(
  path: string,
  status: number,
  req: () => Promise<PlainRes>,
  pattern?: RegExp,
) {
  const before = await get(path);
  expectError(await req(), status, pattern);
  expect(await get(path)).toEqual(before);
}

const SSL_PASSWORD = 'Ssl-Cert-Pw-8888';

describe('device information', () => {
  it('answers every read with its documented shape', async () => {
    expect(await get('/device/generation')).toEqual({ generation: expect.any(String) });
    expect(await get('/device/imageversion')).toEqual({ version: '2.2.0.14_00_WOT7-w' });
    expect(await get('/device/model')).toEqual({ model: expect.any(String) });
    expect(await get('/device/serialno')).toEqual({ generation: t.sim.state.identity.serial });
    expect(await get('/device/serverrevision')).toEqual({ revision: expect.any(String) });
    expect(await get('/device/dpid')).toEqual({ dpid: expect.stringMatching(/^0x[0-9a-f]{16}$/) });
    expect(await get('/device/name')).toEqual({ name: 'pb-lab-01' });
    expect(await get('/device/customident')).toEqual({
      name: expect.any(String),
      notes: expect.any(String),
    });
    expect(await get('/device/idled')).toEqual({ activated: false });
    expect(await get('/device/telnet')).toEqual({ activated: false });
    expect(await get('/device/permanentrulesmode')).toEqual({ state: false });
    expect(await get('/device/rulestoragemode')).toEqual({
      modeCurrent: 'simple',
      modeNext: 'simple',
    });
    expect(await get('/device/nameresolution')).toEqual({ dns: ['8.8.8.8', '8.8.4.4'] });
    expect(await get('/device/controller')).toEqual({ controllers: [] });
    const ip = await get('/device/ipconfig');
    expect(Object.keys(ip).sort()).toEqual([
      'current_gateway',
      'current_ip',
      'current_netmask',
      'stored_gateway',
      'stored_ip',
      'stored_netmask',
    ]);
    const hash = await get('/device/grouphash');
    expect(Object.keys(hash).sort()).toEqual([
      'dst_port',
      'ethertype',
      'ip_protocol',
      'ipda',
      'ipsa',
      'macda',
      'macsa',
      'src_port',
    ]);
    for (const v of Object.values(hash)) expect(typeof v).toBe('boolean');
  });

  it('reports environment, load and memory', async () => {
    const env = await get('/device/environment');
    expect(env).toEqual({
      fan: expect.any(Array),
      psu: expect.any(Array),
      temp_sensors: expect.any(Array),
    });
    for (const t of env.temp_sensors as Record<string, number>[]) {
      expect(t.temp).toBeGreaterThan(t.lower_alarm as number);
      expect(t.temp).toBeLessThan(t.critical_limit as number);
    }
    const load = await get('/device/loadaverage');
    expect(load).toMatchObject({
      average_1m: expect.any(Number),
      proc_no_running: expect.any(Number),
    });
    const mem = await get('/device/memoryusage');
    expect(mem.total).toBeGreaterThan(mem.free as number);
  });

  it('counts flows against the storage mode', async () => {
    const n = await get('/flownumbers');
    expect(n).toEqual({ used_flows: expect.any(Number), maximum_flows: 4096 });
    expect(n.used_flows).toBeGreaterThan(0);
  });
});

describe('device settings', () => {
  it('sets the custom identification', async () => {
    await ok('POST', '/device/customident', { form: { name: 'Core tap', notes: 'Rack A1' } });
    expect(await get('/device/customident')).toEqual({ name: 'Core tap', notes: 'Rack A1' });
    await ok('POST', '/device/customident', { json: { name: 'Edge tap', notes: '' } });
    expect(await get('/device/customident')).toEqual({ name: 'Edge tap', notes: '' });
    await unchanged(
      '/device/customident',
      400,
      () => call('POST', '/device/customident', { form: { name: 'x' } }),
      /notes/,
    );
    await unchanged(
      '/device/customident',
      400,
      () => call('POST', '/device/customident', { form: { notes: 'x' } }),
      /name/,
    );
  });

  it('switches the ID LED on and off', async () => {
    await ok('POST', '/device/idled', { form: { activated: 'true' } });
    expect(await get('/device/idled')).toEqual({ activated: true });
    await ok('POST', '/device/idled', { json: { activated: false } });
    expect(await get('/device/idled')).toEqual({ activated: false });
    await unchanged('/device/idled', 400, () => call('POST', '/device/idled'), /activated/);
    await unchanged(
      '/device/idled',
      400,
      () => call('POST', '/device/idled', { form: { activated: 'blink' } }),
      /true or false/,
    );
  });

  it('switches permanent rules mode on and off', async () => {
    await ok('POST', '/device/permanentrulesmode', { query: { state: 'true' } });
    expect(await get('/device/permanentrulesmode')).toEqual({ state: true });
    await ok('POST', '/device/permanentrulesmode', { form: { state: 'false' } });
    expect(await get('/device/permanentrulesmode')).toEqual({ state: false });
    await unchanged(
      '/device/permanentrulesmode',
      400,
      () => call('POST', '/device/permanentrulesmode'),
      /state/,
    );
  });

  it('switches telnet, and POST without a value only reports', async () => {
    expect(await ok('POST', '/device/telnet')).toEqual({ activated: false });
    expect(await ok('POST', '/device/telnet', { form: { activated: 'true' } })).toEqual({
      activated: true,
    });
    expect(await get('/device/telnet')).toEqual({ activated: true });
    expect(await ok('POST', '/device/telnet', { json: { activated: false } })).toEqual({
      activated: false,
    });
    await unchanged('/device/telnet', 400, () =>
      call('POST', '/device/telnet', { form: { activated: 'x' } }),
    );
  });

  it('renames the device', async () => {
    await ok('POST', '/device/name', { form: { device_name: 'pb-core-02' } });
    expect(await get('/device/name')).toEqual({ name: 'pb-core-02' });
    await ok('POST', '/device/name', { json: { deviceName: 'pb-core-03' } });
    expect(await get('/device/name')).toEqual({ name: 'pb-core-03' });
    await unchanged('/device/name', 400, () => call('POST', '/device/name'), /device_name/);
    await unchanged(
      '/device/name',
      400,
      () => call('POST', '/device/name', { form: { device_name: '  ' } }),
      /empty/,
    );
    await unchanged(
      '/device/name',
      400,
      () => call('POST', '/device/name', { form: { device_name: 'x'.repeat(65) } }),
      /64/,
    );
  });

  it('sets the management address, current and stored', async () => {
    await ok('POST', '/device/ipconfig', {
      form: { ip: '10.1.2.3', mask: '255.255.0.0', gw: '10.1.0.1' },
    });
    expect(await get('/device/ipconfig')).toEqual({
      current_ip: '10.1.2.3',
      current_netmask: '255.255.0.0',
      current_gateway: '10.1.0.1',
      stored_ip: '10.1.2.3',
      stored_netmask: '255.255.0.0',
      stored_gateway: '10.1.0.1',
    });
  });

  it.each([
    ['a missing gw', { ip: '10.0.0.5', mask: '255.0.0.0' }, /gw/],
    ['a missing ip', { mask: '255.0.0.0', gw: '10.0.0.1' }, /ip/],
    ['an octet over 255', { ip: '10.0.0.256', mask: '255.0.0.0', gw: '10.0.0.1' }, /IPv4/],
    ['a short address', { ip: '10.0.5', mask: '255.0.0.0', gw: '10.0.0.1' }, /IPv4/],
    ['a host name', { ip: 'pb.example.net', mask: '255.0.0.0', gw: '10.0.0.1' }, /IPv4/],
    ['a non-contiguous mask', { ip: '10.0.0.5', mask: '255.0.255.0', gw: '10.0.0.1' }, /netmask/],
    ['a zero mask', { ip: '10.0.0.5', mask: '0.0.0.0', gw: '10.0.0.1' }, /netmask/],
    [
      'a gateway outside the network',
      { ip: '10.0.0.5', mask: '255.255.255.0', gw: '10.0.1.1' },
      /gateway/,
    ],
    [
      'the broadcast address',
      { ip: '10.0.0.255', mask: '255.255.255.0', gw: '10.0.0.1' },
      /broadcast/,
    ],
  ])('refuses an address with %s', async (_what, form, pattern) => {
    await unchanged(
      '/device/ipconfig',
      400,
      () => call('POST', '/device/ipconfig', { form }),
      pattern,
    );
  });

  it('sets DNS servers, falling back to the defaults', async () => {
    await ok('POST', '/device/nameresolution', {
      form: { dns1: '192.0.2.53', dns2: 'dns.example.net', dns3: '9.9.9.9' },
    });
    expect(await get('/device/nameresolution')).toEqual({
      dns: ['192.0.2.53', 'dns.example.net', '9.9.9.9'],
    });
    await ok('POST', '/device/nameresolution', { json: { dns1: '', dns2: '1.1.1.1' } });
    expect(await get('/device/nameresolution')).toEqual({ dns: ['1.1.1.1'] });
    await ok('POST', '/device/nameresolution', { form: { dns1: '', dns2: '', dns3: '' } });
    expect(await get('/device/nameresolution')).toEqual({ dns: ['8.8.8.8', '8.8.4.4'] });
    for (const bad of ['not a host', '300.1.1.1', '-bad.example'])
      await unchanged(
        '/device/nameresolution',
        400,
        () => call('POST', '/device/nameresolution', { form: { dns1: '1.1.1.1', dns2: bad } }),
        /dns2/,
      );
  });

  it('sets group hash fields, accepting ether_type and ethertype', async () => {
    await ok('POST', '/device/grouphash', { form: { ether_type: 'true', macsa: 'false' } });
    expect(await get('/device/grouphash')).toMatchObject({
      ethertype: true,
      macsa: false,
      macda: true,
    });
    await ok('POST', '/device/grouphash', { json: { ethertype: false, macsa: true } });
    expect(await get('/device/grouphash')).toMatchObject({ ethertype: false, macsa: true });
    await unchanged(
      '/device/grouphash',
      400,
      () => call('POST', '/device/grouphash', { form: { ipsa: 'sometimes' } }),
      /ipsa/,
    );
    const none = Object.fromEntries(
      ['macsa', 'macda', 'ether_type', 'ipsa', 'ipda', 'ip_protocol', 'src_port', 'dst_port'].map(
        (f) => [f, 'false'],
      ),
    );
    await unchanged(
      '/device/grouphash',
      400,
      () => call('POST', '/device/grouphash', { form: none }),
      /at least one/,
    );
  });

  it('stores HTTPS settings without ever showing the certificate password', async () => {
    await ok('POST', '/device/https', {
      form: { https_enabled: 'true', ssl_password: SSL_PASSWORD },
    });
    expect(t.sim.state.settings.httpsEnabled).toBe(true);
    expectError(
      await call('POST', '/device/https', { form: { https_enabled: 'false' } }),
      400,
      /ssl_password/,
    );
    expectError(
      await call('POST', '/device/https', { form: { ssl_password: 'x' } }),
      400,
      /https_enabled/,
    );
    expect(t.sim.state.settings.httpsEnabled).toBe(true);
    expect(t.sim.state.settings.sslPassword).toBe(SSL_PASSWORD);
  });

  it('adds and deletes controllers', async () => {
    const c = { connection: 'tcp', ip: '192.0.2.50', port: '6653' };
    await ok('POST', '/device/controller', { form: c });
    await ok('POST', '/device/controller', {
      json: { connection: 'ssl', ip: '192.0.2.51', port: 6654 },
    });
    expect(await get('/device/controller')).toEqual({
      controllers: [c, { connection: 'ssl', ip: '192.0.2.51', port: '6654' }],
    });
    await unchanged(
      '/device/controller',
      409,
      () => call('POST', '/device/controller', { form: c }),
      /already/,
    );
    for (const bad of [
      { connection: 'udp' },
      { ip: '192.0.2' },
      { port: '0' },
      { port: '65536' },
      { port: 'x' },
    ])
      await unchanged('/device/controller', 400, () =>
        call('POST', '/device/controller', { form: { ...c, ...bad } }),
      );
    await unchanged(
      '/device/controller',
      400,
      () => call('POST', '/device/controller', { form: { ip: c.ip, port: c.port } }),
      /connection/,
    );
    await ok('POST', '/device/controller', {
      form: c,
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    await unchanged(
      '/device/controller',
      404,
      () => call('DELETE', '/device/controller', { query: c }),
      /no controller/,
    );
    await ok('DELETE', '/device/controller', {
      query: { connection: 'ssl', ip: '192.0.2.51', port: '6654' },
    });
    expect(await get('/device/controller')).toEqual({ controllers: [] });
  });

  it('changes the rule storage mode when the active rules allow it', async () => {
    expect(await ok('POST', '/device/rulestoragemode', { form: { mode: 'ipv6' } })).toEqual({
      modeCurrent: 'ipv6',
      modeNext: 'ipv6',
    });
    expect(await get('/device/rulestoragemode')).toEqual({ modeCurrent: 'ipv6', modeNext: 'ipv6' });
    expect((await get('/flownumbers')).maximum_flows).toBe(2048);
    await unchanged(
      '/device/rulestoragemode',
      400,
      () => call('POST', '/device/rulestoragemode', { form: { mode: 'ipv4' } }),
      /simple or ipv6/,
    );
    await unchanged(
      '/device/rulestoragemode',
      400,
      () => call('POST', '/device/rulestoragemode'),
      /mode/,
    );
    // an IPv6 rule cannot stay in simple mode
    const match = { in_port: '1', ipv6: '', ipv6_src: '2001:db8::/32' };
    const key = rulesKey(500, match);
    t.sim.state.rules.set(key, {
      cookie: t.sim.state.newCookie(),
      name: 'v6-only',
      description: '',
      priority: 500,
      match,
      actions: ['output:9'],
      since: 0,
    });
    await unchanged(
      '/device/rulestoragemode',
      409,
      () => call('POST', '/device/rulestoragemode', { form: { mode: 'simple' } }),
      /v6-only/,
    );
    t.sim.state.rules.delete(key);
    expect(await ok('POST', '/device/rulestoragemode', { json: { mode: 'simple' } })).toEqual({
      modeCurrent: 'simple',
      modeNext: 'simple',
    });
  });

  it('answers 405 for a wrong method and 400 for a malformed body', async () => {
    expectError(await call('PUT', '/device/name'), 405, /GET or POST/);
    expectError(await call('DELETE', '/device/model'), 405);
    expectError(await call('GET', '/device/reboot'), 405);
    await unchanged(
      '/device/name',
      400,
      () => call('POST', '/device/name', { raw: '{"device_name": ' }),
      /JSON/,
    );
  });
});

describe('access levels under UAC', () => {
  const READER = ['r1', 'Reader-pw-1'] as const;
  const WRITER = ['w1', 'Writer-pw-1'] as const;

  it('applies each level', async () => {
    await ok('POST', '/users', { form: { username: 'r1', accesslevel: '1', password: READER[1] } });
    await ok('POST', '/users', { form: { username: 'w1', accesslevel: '7', password: WRITER[1] } });
    await ok('POST', '/users/uac', { form: { state: 'true' } });
    expectError(await call('GET', '/device/model'), 401);
    expect((await call('GET', '/device/model', { auth: READER })).status).toBe(200);
    expect(
      (await call('GET', '/flownumbers', { query: { username: 'r1', password: READER[1] } }))
        .status,
    ).toBe(200);
    expectError(
      await call('POST', '/device/idled', { auth: READER, form: { activated: 'true' } }),
      403,
    );
    await ok('POST', '/device/idled', { auth: WRITER, form: { activated: 'true' } });
    expectError(
      await call('POST', '/device/name', { auth: WRITER, form: { device_name: 'nope' } }),
      403,
    );
    await ok('POST', '/device/name', { auth: ['admin', 'admin'], form: { device_name: 'pb-uac' } });
    // telnet and HTTPS change device settings: SUPER (the spec's table says R / no level)
    expectError(
      await call('POST', '/device/telnet', { auth: READER, form: { activated: 'true' } }),
      403,
    );
    expectError(
      await call('POST', '/device/telnet', { auth: WRITER, form: { activated: 'true' } }),
      403,
    );
    expect(t.sim.state.settings.telnet).toBe(false);
    expectError(
      await call('POST', '/device/https', {
        form: { https_enabled: 'false', ssl_password: SSL_PASSWORD },
      }),
      401,
    );
    expectError(
      await call('POST', '/device/https', {
        auth: READER,
        form: { https_enabled: 'false', ssl_password: SSL_PASSWORD },
      }),
      403,
    );
    await ok('POST', '/device/https', {
      auth: ['admin', 'admin'],
      form: { https_enabled: 'false', ssl_password: SSL_PASSWORD },
    });
    expect(t.sim.state.settings.httpsEnabled).toBe(false);
    await ok('POST', '/users/uac', { auth: ['admin', 'admin'], form: { state: 'false' } });
  });

  it('never shows the certificate password', async () => {
    const texts = await Promise.all(
      ['/device/customident', '/device/ipconfig', '/device/name', '/weblog', '/users'].map(
        async (p) => (await call('GET', p)).text,
      ),
    );
    for (const t of texts) expect(t).not.toContain(SSL_PASSWORD);
    const log = (await get('/weblog')).logs as string[];
    expect(log.some((l) => l.includes('HTTPS enabled'))).toBe(true);
  });
});

describe('reboot', () => {
  it('answers, is unavailable for a while, and comes back', async () => {
    await ok('POST', '/device/permanentrulesmode', { form: { state: 'true' } });
    // the clock held: 'during' is during the 200 ms reboot however slow the machine, and the
    // device is back once the test moves the clock past it (no sleep)
    clock.frozen = Date.now() + clock.offset;
    try {
      expect(await ok('POST', '/device/reboot')).toEqual({ result: 'OK' });
      const during = await call('GET', '/device/name');
      expectError(during, 503, /rebooting/);
      clock.frozen += 300;
    } finally {
      clock.offset += 300;
      clock.frozen = undefined;
    }
    expect(await get('/device/name')).toEqual({ name: 'pb-uac' });
    expect(await get('/device/permanentrulesmode')).toEqual({ state: true });
    const log = (await get('/weblog')).logs as string[];
    expect(log.some((l) => /reboot requested by/.test(l))).toBe(true);
  });
});
