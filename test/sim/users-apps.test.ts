/**
 * Users, UAC, RADIUS and apps of the simulated device, over real HTTP: every operation,
 * every access level (basic auth and username/password parameters), bad input answered
 * with {error} and a 4xx that leaves the device unchanged, and no password ever shown.
 */
import { describe, expect, it } from 'vitest';
import { expectPlainError as expectError, type PlainRes, plainSimPerFile } from './plain-http.js';

const CLOCK = Date.now();

// the device's clock stands still: a failed request must leave /weblog as it was, and its
// time of day (to the second) and ambient lines (src/sim/ambient.ts) would move on a slow
// machine between the two reads (they did at load 9)
const t = plainSimPerFile({ now: () => CLOCK });
const { call } = t;

/** Runs a failing request and checks that `path` reads the same before and after. */
async function unchanged(
  path: string,
  status: number,
  req: () => Promise<PlainRes>,
  pattern?: RegExp,
) {
  const before = await call('GET', path, { auth: ADMIN });
  const res = await req();
  expectError(res, status, pattern);
  const after = await call('GET', path, { auth: ADMIN });
  expect(after.body).toEqual(before.body);
  return res;
}

const ADMIN = ['admin', 'admin'] as const;
const PW = { reader: 'Read-pw-1111', writer: 'Write-pw-2222', superu: 'Super-pw-3333' };
const READER = ['reader', PW.reader] as const;
const WRITER = ['writer', PW.writer] as const;
const SUPERU = ['superu', PW.superu] as const;
const SECRET = 'Radius-Secret-7777';
/** Every password or secret a test sends; none may ever be shown. */
const SECRETS = [
  ...Object.values(PW),
  SECRET,
  'Temp-pw-4444',
  'New-writer-pw-5555',
  'Wrong-pw-6666',
];
const bodies: string[] = [];

function noSecrets(text: string): void {
  for (const s of SECRETS) expect(text).not.toContain(s);
  expect(text).not.toMatch(/passwordHash|[0-9a-f]{32}:[0-9a-f]{64}/);
}

describe('users', () => {
  it('lists users without passwords', async () => {
    const res = await call('GET', '/users');
    expect(res.status).toBe(200);
    expect(res.body.admin).toEqual({
      userid: 1,
      username: 'admin',
      accesslevel: 31,
      description: expect.any(String),
      radius: false,
    });
    noSecrets(res.text);
  });

  it('adds users from form, JSON and query parameters', async () => {
    let res = await call('POST', '/users', {
      form: { username: 'reader', accesslevel: '1', password: PW.reader, description: 'reads' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    res = await call('POST', '/users', {
      json: { username: 'writer', accesslevel: 7, password: 'Temp-pw-4444', radius: true },
    });
    expect(res.body).toEqual({ result: 'OK' });
    res = await call('POST', '/users', {
      query: { username: 'superu', accesslevel: '31', password: PW.superu },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const users = await call('GET', '/users');
    expect(Object.keys(users.body).sort()).toEqual(['admin', 'reader', 'superu', 'writer']);
    expect(users.body.reader).toMatchObject({
      username: 'reader',
      accesslevel: 1,
      description: 'reads',
      radius: false,
    });
    expect(users.body.writer).toMatchObject({ accesslevel: 7, description: '', radius: true });
    expect(users.body.superu).toMatchObject({ accesslevel: 31 });
    const ids = Object.values(users.body).map((u) => (u as { userid: number }).userid);
    expect(new Set(ids).size).toBe(4);
    noSecrets(users.text);
  });

  it.each([
    ['missing username', { accesslevel: '1', password: 'x1' }, 400, /username/],
    ['empty username', { username: '', accesslevel: '1', password: 'x1' }, 400, /username/],
    ['username with a space', { username: 'a b', accesslevel: '1', password: 'x1' }, 400, /spaces/],
    [
      'username with a control char',
      { username: 'a\u0001b', accesslevel: '1', password: 'x1' },
      400,
      /control/,
    ],
    ['65-char username', { username: 'u'.repeat(65), accesslevel: '1', password: 'x1' }, 400, /64/],
    ['missing accesslevel', { username: 'nu', password: 'x1' }, 400, /accesslevel/],
    ['accesslevel 5', { username: 'nu', accesslevel: '5', password: 'x1' }, 400, /1 \(READ\), 7/],
    ['accesslevel 0', { username: 'nu', accesslevel: '0', password: 'x1' }, 400, /accesslevel/],
    ['accesslevel abc', { username: 'nu', accesslevel: 'abc', password: 'x1' }, 400, /integer/],
    ['missing password', { username: 'nu', accesslevel: '1' }, 400, /password/],
    ['empty password', { username: 'nu', accesslevel: '1', password: '' }, 400, /password/],
    [
      'bad radius flag',
      { username: 'nu', accesslevel: '1', password: 'x1', radius: 'maybe' },
      400,
      /radius/,
    ],
    ['duplicate', { username: 'reader', accesslevel: '1', password: 'x1' }, 409, /already exists/],
  ])('POST /users refuses %s', async (_what, form, status, pattern) => {
    await unchanged('/users', status, () => call('POST', '/users', { form }), pattern);
  });

  it('refuses a malformed JSON body', async () => {
    await unchanged(
      '/users',
      400,
      () => call('POST', '/users', { raw: '{"username": "x", ' }),
      /JSON/,
    );
  });

  it('changes a user: rename, level (both spellings), description, radius, password', async () => {
    let res = await call('PUT', '/users', {
      form: { username: 'reader', new_username: 'reader2', description: 'renamed' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    let users = await call('GET', '/users');
    expect(users.body.reader).toBeUndefined();
    expect(users.body.reader2).toMatchObject({ userid: 2, description: 'renamed', accesslevel: 1 });
    res = await call('PUT', '/users', {
      json: { username: 'reader2', newUsername: 'reader', access_level: 7 },
    });
    expect(res.status).toBe(200);
    res = await call('PUT', '/users', {
      form: { username: 'reader', accesslevel: '1', radius: 'false' },
    });
    expect(res.status).toBe(200);
    res = await call('PUT', '/users', {
      form: { username: 'writer', password: PW.writer, radius: 'false' },
    });
    expect(res.status).toBe(200);
    users = await call('GET', '/users');
    expect(users.body.reader).toMatchObject({ userid: 2, accesslevel: 1 });
    expect(users.body.writer).toMatchObject({ accesslevel: 7, radius: false });
  });

  it.each([
    ['an unknown user', { username: 'ghost', description: 'x' }, 404, /ghost/],
    ['a missing username', { description: 'x' }, 400, /username/],
    ['a taken new name', { username: 'reader', new_username: 'writer' }, 409, /already exists/],
    ['a bad new name', { username: 'reader', new_username: 'has space' }, 400, /new_username/],
    ['access_level 8', { username: 'reader', access_level: '8' }, 400, /access_level/],
    ['an empty password', { username: 'reader', password: '' }, 400, /password/],
  ])('PUT /users refuses %s', async (_what, form, status, pattern) => {
    await unchanged('/users', status, () => call('PUT', '/users', { form }), pattern);
  });

  it('keeps the last SUPER user', async () => {
    let res = await call('PUT', '/users', { form: { username: 'superu', access_level: '7' } });
    expect(res.status).toBe(200);
    await unchanged(
      '/users',
      409,
      () => call('PUT', '/users', { form: { username: 'admin', access_level: '1' } }),
      /last SUPER/,
    );
    await unchanged(
      '/users',
      409,
      () => call('DELETE', '/users', { query: { name: 'admin' } }),
      /last SUPER/,
    );
    res = await call('PUT', '/users', { form: { username: 'superu', accesslevel: '31' } });
    expect(res.status).toBe(200);
    // with two SUPER users one may go
    res = await call('PUT', '/users', { form: { username: 'admin', access_level: '7' } });
    expect(res.status).toBe(200);
    res = await call('PUT', '/users', { form: { username: 'admin', access_level: '31' } });
    expect(res.status).toBe(200);
  });

  it('deletes users by name, by username, and through a method override', async () => {
    for (const u of ['t1', 't2', 't3'])
      await call('POST', '/users', {
        form: { username: u, accesslevel: '1', password: 'Temp-pw-4444' },
      });
    expect((await call('DELETE', '/users', { query: { name: 't1' } })).body).toEqual({
      result: 'OK',
    });
    expect((await call('DELETE', '/users', { form: { username: 't2' } })).body).toEqual({
      result: 'OK',
    });
    const res = await call('POST', '/users', {
      form: { name: 't3' },
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const users = await call('GET', '/users');
    expect(Object.keys(users.body).sort()).toEqual(['admin', 'reader', 'superu', 'writer']);
    await unchanged(
      '/users',
      404,
      () => call('DELETE', '/users', { query: { name: 'ghost' } }),
      /ghost/,
    );
    await unchanged('/users', 400, () => call('DELETE', '/users'), /name/);
  });

  it('answers 405 for a wrong method', async () => {
    const res = await call('PATCH', '/users');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expectError(await call('DELETE', '/users/uac'), 405, /GET or POST/);
    expectError(await call('PUT', '/users/radius'), 405);
  });
});

describe('RADIUS', () => {
  it('starts disabled', async () => {
    const res = await call('GET', '/users/radius');
    expect(res.body).toEqual({
      enabled: false,
      server: '',
      port: 1812,
      secret: '',
      radius_login_level: 0,
      refresh_rate: 300,
    });
  });

  it('is configured and enabled by a server', async () => {
    const res = await call('POST', '/users/radius', {
      form: {
        server: 'radius.example.net',
        port: '1645',
        secret: SECRET,
        radius_login_level: '1',
        refresh_rate: '600',
      },
    });
    expect(res.body).toEqual({ state: true });
    const cfg = await call('GET', '/users/radius');
    expect(cfg.body).toEqual({
      enabled: true,
      server: 'radius.example.net',
      port: 1645,
      secret: SECRET,
      radius_login_level: 1,
      refresh_rate: 600,
    });
  });

  it.each([
    ['port 0', { port: '0' }, /port/],
    ['port 65536', { port: '65536' }, /port/],
    ['login level 5', { radius_login_level: '5' }, /radius_login_level/],
    ['refresh rate -1', { refresh_rate: '-1' }, /refresh_rate/],
    ['refresh rate 86401', { refresh_rate: '86401' }, /refresh_rate/],
    ['a bad server name', { server: 'not a host!' }, /server/],
  ])('refuses %s', async (_what, form, pattern) => {
    await unchanged('/users/radius', 400, () => call('POST', '/users/radius', { form }), pattern);
  });

  it('is disabled by an empty server, keeping the rest', async () => {
    const res = await call('POST', '/users/radius', { json: { server: '' } });
    expect(res.body).toEqual({ state: false });
    expect((await call('GET', '/users/radius')).body).toMatchObject({
      enabled: false,
      port: 1645,
      secret: SECRET,
    });
    expect((await call('POST', '/users/radius', { form: { server: '192.0.2.5' } })).body).toEqual({
      state: true,
    });
  });
});

describe('apps', () => {
  it('lists the catalog', async () => {
    const res = await call('GET', '/apps');
    expect(Object.keys(res.body).sort()).toEqual([
      'arp_responder',
      'bypass_keepalive',
      'heartbeat',
      'heartbeat_bypass',
      'ntp',
      'pcap',
      'snmp',
      'syslog',
    ]);
    for (const [name, app] of Object.entries(res.body) as [string, Record<string, unknown>][]) {
      expect(Object.keys(app).sort()).toEqual([
        'actions',
        'canBeInstantiated',
        'description',
        'name',
        'paramFormat',
      ]);
      expect(app.name).toBe(name);
      expect(app.canBeInstantiated).toBe(true);
      const format = app.paramFormat as string[][];
      const defaults = Object.fromEntries(format.map((t) => [t[0], t[5]]));
      for (const t of format) {
        expect(t).toHaveLength(6);
        for (const x of t) expect(typeof x).toBe('string');
        expect(t[2]).toMatch(/^(text|number|checkbox|select:[^|]+(\|[^|]+)+)$/);
        // the visibility expression is JavaScript over params
        const visible = new Function('params', `return (${t[4]});`) as (p: unknown) => unknown;
        expect(typeof visible(defaults)).toBe('boolean');
      }
      for (const a of app.actions as Record<string, unknown>[])
        expect(a).toMatchObject({
          name: expect.any(String),
          label: expect.any(String),
          level: expect.any(Number),
        });
    }
  });

  let ntp = 0;
  it('starts an instance with defaults and the given parameters', async () => {
    const res = await call('POST', '/apps', {
      form: { name: 'ntp', user_description: 'lab clock', poll_interval: '128' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const running = await call('GET', '/apps/running');
    const entries = Object.entries(running.body) as [string, Record<string, unknown>][];
    expect(entries).toHaveLength(1);
    const [pid, inst] = entries[0]!;
    ntp = Number(pid);
    expect(inst).toMatchObject({
      pid: ntp,
      name: 'ntp',
      user_description: 'lab clock',
      canBeInstantiated: false,
      params: { mode: 'client', server: 'pool.ntp.org', poll_interval: '128', stratum: '10' },
    });
    expect(inst.actions).toContainEqual(expect.objectContaining({ name: 'sync_now' }));
  });

  it('starts from a JSON body, normalising checkboxes', async () => {
    const res = await call('POST', '/apps', {
      json: {
        name: 'syslog',
        host: 'logs.example.net',
        include_weblog: false,
        port: 6514,
        protocol: 'tls',
      },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const running = Object.values((await call('GET', '/apps/running')).body) as Record<
      string,
      unknown
    >[];
    expect(running.find((i) => i.name === 'syslog')?.params).toMatchObject({
      host: 'logs.example.net',
      include_weblog: 'false',
      port: '6514',
      protocol: 'tls',
    });
  });

  it.each([
    ['a missing name', { poll_interval: '64' }, 400, /name/],
    ['an unknown app', { name: 'doom' }, 404, /doom/],
    ['an unknown parameter', { name: 'ntp', colour: 'red' }, 400, /colour/],
    [
      'a non-numeric number',
      { name: 'ntp', poll_interval: 'often' },
      400,
      /poll_interval.*whole number/,
    ],
    ['an out-of-range number', { name: 'ntp', poll_interval: '5' }, 400, /16\.\.1024/],
    ['a bad select value', { name: 'ntp', mode: 'peer' }, 400, /client, server/],
    [
      'a bad checkbox',
      { name: 'syslog', host: 'h', include_weblog: 'perhaps' },
      400,
      /true or false/,
    ],
    ['a missing required parameter', { name: 'syslog' }, 400, /host/],
  ])('POST /apps refuses %s', async (_what, form, status, pattern) => {
    await unchanged('/apps/running', status, () => call('POST', '/apps', { form }), pattern);
  });

  it('runs a single-instance app only once', async () => {
    expect(
      (await call('POST', '/apps', { form: { name: 'snmp', location: 'Rack B3' } })).status,
    ).toBe(200);
    expect(
      ((await call('GET', '/apps')).body.snmp as { canBeInstantiated: boolean }).canBeInstantiated,
    ).toBe(false);
    expect(
      ((await call('GET', '/apps')).body.ntp as { canBeInstantiated: boolean }).canBeInstantiated,
    ).toBe(true);
    await unchanged(
      '/apps/running',
      409,
      () => call('POST', '/apps', { form: { name: 'snmp' } }),
      /already running/,
    );
    const snmp = Object.values((await call('GET', '/apps/running')).body).find(
      (i) => (i as { name: string }).name === 'snmp',
    ) as { pid: number };
    expect((await call('DELETE', '/apps', { query: { pid: String(snmp.pid) } })).body).toEqual({
      result: 'OK',
    });
    expect(
      ((await call('GET', '/apps')).body.snmp as { canBeInstantiated: boolean }).canBeInstantiated,
    ).toBe(true);
  });

  it('changes an instance', async () => {
    const res = await call('PUT', '/apps', {
      form: { pid: String(ntp), mode: 'server', user_description: 'time source' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const inst = (await call('GET', '/apps/running')).body[String(ntp)] as Record<string, unknown>;
    expect(inst).toMatchObject({
      user_description: 'time source',
      params: { mode: 'server', poll_interval: '128' },
    });
  });

  it.each([
    ['a missing pid', { mode: 'client' }, 400, /pid/],
    ['a non-numeric pid', { pid: 'abc' }, 400, /pid/],
    ['an unknown pid', { pid: '99999' }, 404, /99999/],
    ['an unknown parameter', { pid: 'NTP', colour: 'red' }, 400, /colour/],
    ['a bad value', { pid: 'NTP', stratum: '16' }, 400, /stratum/],
  ])('PUT /apps refuses %s', async (_what, form, status, pattern) => {
    const f: Record<string, string> = { ...form };
    if (f.pid === 'NTP') f.pid = String(ntp);
    await unchanged('/apps/running', status, () => call('PUT', '/apps', { form: f }), pattern);
  });

  it('runs actions', async () => {
    const before = (await call('GET', '/weblog')).body.logs as string[];
    const res = await call('POST', '/apps/action', {
      form: { pid: String(ntp), action_name: 'sync_now' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const after = (await call('GET', '/weblog')).body.logs as string[];
    // the device's own ambient lines (clock sync, pause frames) may arrive meanwhile too
    const added = after.slice(before.length);
    expect(added.filter((l) => /ntp \(PID \d+\): Sync now/.test(l))).toHaveLength(1);
  });

  it.each([
    ['an unknown action', { action_name: 'explode' }, 404, /explode.*sync_now/],
    ['a missing action name', {}, 400, /action_name/],
    ['an unknown pid', { pid: '1', action_name: 'sync_now' }, 404, /PID 1/],
  ])('POST /apps/action refuses %s', async (_what, form, status, pattern) => {
    await unchanged(
      '/weblog',
      status,
      () => call('POST', '/apps/action', { form: { pid: String(ntp), ...form } }),
      pattern,
    );
  });

  it('stops instances, also through a method override', async () => {
    await unchanged(
      '/apps/running',
      404,
      () => call('DELETE', '/apps', { query: { pid: '99999' } }),
      /99999/,
    );
    await unchanged('/apps/running', 400, () => call('DELETE', '/apps'), /pid/);
    const res = await call('POST', '/apps', {
      json: { pid: ntp },
      headers: { 'X-HTTP-Method-Override': 'DELETE' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    expect((await call('GET', '/apps/running')).body[String(ntp)]).toBeUndefined();
    expectError(await call('PUT', '/apps/running'), 405);
    expectError(await call('GET', '/apps/action'), 405);
  });
});

/** Every operation of these families with its level; requests that fail the check change nothing. */
// biome-ignore format: a table
const ROUTES: [string, string, 'R' | 'W' | 'S' | 'auth'][] = [
  ['GET', '/users', 'R'], ['POST', '/users', 'S'], ['PUT', '/users', 'S'], ['DELETE', '/users', 'S'],
  ['GET', '/users/uac', 'R'], ['POST', '/users/uac', 'S'], ['GET', '/users/radius', 'S'], ['POST', '/users/radius', 'S'],
  ['GET', '/apps', 'R'], ['POST', '/apps', 'W'], ['PUT', '/apps', 'W'], ['DELETE', '/apps', 'W'],
  ['POST', '/apps/action', 'R'], ['GET', '/apps/running', 'R'],
  ['GET', '/weblog', 'R'], ['DELETE', '/weblog', 'S'],
  ['GET', '/device/customident', 'R'], ['POST', '/device/customident', 'S'], ['GET', '/device/environment', 'R'],
  ['GET', '/device/generation', 'R'], ['GET', '/device/grouphash', 'R'], ['POST', '/device/grouphash', 'W'],
  ['POST', '/device/https', 'S'], ['GET', '/device/idled', 'R'], ['POST', '/device/idled', 'W'],
  ['GET', '/device/imageversion', 'R'], ['GET', '/device/ipconfig', 'R'], ['POST', '/device/ipconfig', 'S'],
  ['GET', '/device/loadaverage', 'R'], ['GET', '/device/memoryusage', 'R'], ['GET', '/device/model', 'R'],
  ['GET', '/device/name', 'R'], ['POST', '/device/name', 'S'], ['GET', '/device/nameresolution', 'R'],
  ['POST', '/device/nameresolution', 'S'], ['GET', '/device/permanentrulesmode', 'R'],
  ['POST', '/device/permanentrulesmode', 'S'], ['POST', '/device/reboot', 'S'], ['GET', '/device/rulestoragemode', 'R'],
  ['POST', '/device/rulestoragemode', 'S'], ['GET', '/device/serialno', 'R'], ['GET', '/device/serverrevision', 'R'],
  ['GET', '/device/telnet', 'R'], ['POST', '/device/telnet', 'S'], ['GET', '/device/controller', 'R'],
  ['POST', '/device/controller', 'S'], ['DELETE', '/device/controller', 'S'], ['GET', '/device/dpid', 'R'],
  ['GET', '/flownumbers', 'R'],
];

describe('UAC and access levels', () => {
  it('turns UAC on', async () => {
    expect((await call('GET', '/users/uac')).body).toEqual({ state: false });
    await unchanged('/users/uac', 400, () => call('POST', '/users/uac'), /state/);
    await unchanged(
      '/users/uac',
      400,
      () => call('POST', '/users/uac', { form: { state: 'maybe' } }),
      /state/,
    );
    expect((await call('POST', '/users/uac', { form: { state: 'true' } })).body).toEqual({
      state: true,
    });
    expect((await call('GET', '/users/uac', { auth: READER })).body).toEqual({ state: true });
  });

  it('lets a changed password in and the old one not', async () => {
    expect((await call('GET', '/users', { auth: WRITER })).status).toBe(200);
    expectError(await call('GET', '/users', { auth: ['writer', 'Temp-pw-4444'] }), 401);
  });

  it.each(ROUTES)('%s %s needs credentials and its level', async (method, path, level) => {
    for (const res of [
      await call(method, path),
      await call(method, path, { auth: ['admin', 'Wrong-pw-6666'] }),
      await call(method, path, { auth: ['ghost', 'Wrong-pw-6666'] }),
      await call(method, path, { query: { username: 'reader', password: 'Wrong-pw-6666' } }),
    ]) {
      expectError(res, 401);
      bodies.push(res.text);
    }
    // a good login clears this address's failed-login count (else it would be held back: 429)
    expect((await call('GET', '/users/uac', { auth: READER })).status).toBe(200);
    const below = level === 'S' ? [WRITER, READER] : level === 'W' ? [READER] : [];
    for (const who of below) {
      expectError(await call(method, path, { auth: who }), 403, /rights/);
      expectError(await call(method, path, { query: { username: who[0], password: who[1] } }), 403);
    }
  });

  it.each([
    ['GET', '/users', READER],
    ['GET', '/apps', READER],
    ['GET', '/weblog', READER],
    ['GET', '/users/radius', SUPERU],
    ['GET', '/users/radius', ADMIN],
  ] as const)(
    '%s %s is allowed at the level it needs, by basic auth and by parameters',
    async (method, path, who) => {
      const a = await call(method, path, { auth: who });
      expect(a.status, a.text).toBe(200);
      const b = await call(method, path, { query: { username: who[0], password: who[1] } });
      expect(b.status, b.text).toBe(200);
      expect(b.body).toEqual(a.body);
      // GET /users/radius shows the RADIUS secret to SUPER users, as the spec does
      if (path !== '/users/radius') bodies.push(a.text);
    },
  );

  it('lets a WRITE user start apps with credentials as parameters', async () => {
    const res = await call('POST', '/apps', {
      query: { username: 'writer', password: PW.writer, name: 'heartbeat' },
    });
    expect(res.body).toEqual({ result: 'OK' });
    const running = Object.values((await call('GET', '/apps/running', { auth: READER })).body);
    const inst = running.find((i) => (i as { name: string }).name === 'heartbeat') as {
      pid: number;
      params: object;
    };
    expect(inst.params).not.toHaveProperty('username');
    expect(inst.params).not.toHaveProperty('password');
    // action levels come from the app: status needs READ, reset_counters WRITE
    const pid = String(inst.pid);
    expect(
      (await call('POST', '/apps/action', { auth: READER, form: { pid, action_name: 'status' } }))
        .status,
    ).toBe(200);
    expectError(
      await call('POST', '/apps/action', {
        auth: READER,
        form: { pid, action_name: 'reset_counters' },
      }),
      403,
      /WRITE/,
    );
    expect(
      (
        await call('POST', '/apps/action', {
          auth: WRITER,
          form: { pid, action_name: 'reset_counters' },
        })
      ).status,
    ).toBe(200);
    expect((await call('POST', '/apps', { auth: WRITER, form: { name: 'pcap' } })).status).toBe(
      200,
    );
    const pcap = Object.values((await call('GET', '/apps/running', { auth: READER })).body).find(
      (i) => (i as { name: string }).name === 'pcap',
    ) as { pid: number };
    expectError(
      await call('POST', '/apps/action', {
        auth: WRITER,
        form: { pid: String(pcap.pid), action_name: 'discard' },
      }),
      403,
      /SUPER/,
    );
    expect(
      (
        await call('POST', '/apps/action', {
          auth: SUPERU,
          form: { pid: String(pcap.pid), action_name: 'discard' },
        })
      ).status,
    ).toBe(200);
  });

  it('lets a SUPER user manage users but not delete their own account', async () => {
    expect(
      (
        await call('POST', '/users', {
          auth: SUPERU,
          form: { username: 'tmp', accesslevel: '1', password: 'Temp-pw-4444' },
        })
      ).status,
    ).toBe(200);
    expect((await call('DELETE', '/users', { auth: SUPERU, form: { name: 'tmp' } })).status).toBe(
      200,
    );
    await unchanged(
      '/users',
      409,
      () => call('DELETE', '/users', { auth: SUPERU, form: { name: 'superu' } }),
      /own account/,
    );
    expectError(await call('POST', '/users/uac', { auth: WRITER, form: { state: 'false' } }), 403);
  });

  it('turns UAC off', async () => {
    expect(
      (await call('POST', '/users/uac', { auth: ADMIN, form: { state: 'false' } })).body,
    ).toEqual({ state: false });
    expect((await call('GET', '/users')).status).toBe(200);
  });

  it('refuses to turn UAC on without a SUPER user', async () => {
    const saved = new Map(t.sim.state.users);
    for (const [name, u] of saved) if (u.accesslevel === 31) t.sim.state.users.delete(name);
    try {
      await unchanged(
        '/users/uac',
        409,
        () => call('POST', '/users/uac', { form: { state: 'true' } }),
        /no SUPER user/,
      );
    } finally {
      t.sim.state.users = saved;
    }
  });

  it('never shows a password or secret', async () => {
    const users = await call('GET', '/users');
    const log = await call('GET', '/weblog');
    expect(
      (log.body.logs as string[]).some((l) => l.includes("failed login for user 'ghost'")),
    ).toBe(true);
    for (const text of [users.text, log.text, ...bodies]) noSecrets(text);
    // the secret is shown to SUPER users only on GET /users/radius, never in the log
    expect(log.text).not.toContain(SECRET);
  });
});
