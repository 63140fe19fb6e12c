/**
 * Fault injection (/_sim/fault, /_sim/log), --quirks output variants, and the HTTP
 * conventions every operation shares: method override, malformed JSON, 404 / 405, requests
 * Node or fastify reject before the simulator's code, all answered with {error} (no body to
 * a HEAD) and leaving the device unchanged.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addRule,
  configSnapshot,
  expectError,
  expectOk,
  expectRejected,
  findRule,
  rules,
  simPerTest,
} from './helpers.js';
import { type RawAnswer, rawExchange, rawRequest, splitAnswers } from './raw-http.js';

const t = simPerTest();

describe('/_sim/fault', () => {
  it('fail_next with mode 500: the next /rest request fails, without side effects, then all is well', async () => {
    const set = await t.control('/_sim/fault', { fail_next: 1, fail_next_mode: '500' });
    expectOk(set);
    expect(set.body.faults).toMatchObject({ failNext: 1, failNextMode: '500' });
    const before = t.sim.state.rules.size;
    // GET /_sim/status is outside /rest and does not use up the fault
    expect((await t.control('/_sim/status')).body.faults.failNext).toBe(1);
    const failed = await t.call('POST', '/rules', {
      query: { priority: 1, match: { in_port: '1' }, actions: 'drop' },
    });
    expect(failed.status).toBe(500);
    expect(Object.keys(failed.body)).toEqual(['error']);
    expect(t.sim.state.rules.size).toBe(before);
    expect(findRule(await rules(t), 1, { in_port: '1' })).toBeUndefined();
    expectOk(await t.get('/flownumbers'));
  });

  it('fail_next counts several requests', async () => {
    expectOk(await t.control('/_sim/fault', { fail_next: 2 }));
    expect((await t.get('/flownumbers')).status).toBe(500);
    expect((await t.get('/flownumbers')).status).toBe(500);
    expect((await t.get('/flownumbers')).status).toBe(200);
  });

  it('fail_next with mode reset: the connection is dropped, so fetch rejects; then OK', async () => {
    expectOk(await t.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'reset' }));
    await expect(t.get('/flownumbers')).rejects.toThrow();
    expectOk(await t.get('/flownumbers'));
  });

  it('latency_ms holds each /rest answer for that long (fake clock), and 0 removes it', async () => {
    expectOk(await t.control('/_sim/fault', { latency_ms: 300 }));
    // time is the subject: the simulator's delay runs on a fake clock, the request in process
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const armed = vi.getTimerCount();
      let status = 0;
      const answer = t.sim.app.inject({ method: 'GET', url: '/rest/flownumbers' }).then((r) => {
        status = r.statusCode;
      });
      // the event: the request is parked on the simulator's latency timer
      while (vi.getTimerCount() === armed) await new Promise((r) => setImmediate(r));
      await vi.advanceTimersByTimeAsync(299);
      // only the fake clock can release it: whatever else was due has run, it still waits
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      expect(status, 'answered before 300 ms of the clock').toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      await answer;
      expect(status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expectOk(await t.control('/_sim/fault', { latency_ms: 0 }));
    expect((await t.control('/_sim/status')).body.faults.latencyMs).toBe(0);
    // …and no timer holds the next request: answered while the fake clock stands still
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const res = await t.sim.app.inject({ method: 'GET', url: '/rest/flownumbers' });
      expect(res.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expectOk(await t.get('/flownumbers'));
  });

  it('refuses bad settings with 400 {error} and keeps the old ones', async () => {
    const before = (await t.control('/_sim/status')).body.faults;
    expectError(await t.control('/_sim/fault', { latency_ms: -5 }), 400, /latency_ms/);
    expectError(await t.control('/_sim/fault', { fail_rate: 2 }), 400, /fail_rate/);
    expectError(await t.control('/_sim/fault', { fail_mode: 'explode' }), 400, /fail_mode/);
    expectError(
      await t.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'x' }),
      400,
      /fail_next_mode/,
    );
    expect((await t.control('/_sim/status')).body.faults).toEqual(before);
  });

  it('fail_rate 1 with mode 500 fails every request until turned off', async () => {
    expectOk(await t.control('/_sim/fault', { fail_rate: 1, fail_mode: '500' }));
    for (let i = 0; i < 3; i++) expect((await t.get('/flownumbers')).status).toBe(500);
    expectOk(await t.control('/_sim/fault', { fail_rate: 0 }));
    expectOk(await t.get('/flownumbers'));
  });
});

describe('/_sim/log', () => {
  it('generates log lines; /weblog keeps at most 5000', async () => {
    const res = await t.control('/_sim/log', { count: 10000 });
    expectOk(res);
    expect(res.body.log_lines).toBe(5000);
    const log = await t.get('/weblog');
    expectOk(log);
    expect(log.body.logs).toHaveLength(5000);
    expect(log.body.logs.at(-1)).toContain('generated line 10000 of 10000');
    expect(log.body.logs[0]).toContain('generated line 5001 of 10000');
    expect(typeof log.body.systemDateTime).toBe('string');
    const lines = await t.control('/_sim/log', { lines: ['hello from the test'] });
    expect(lines.body.log_lines).toBe(5000);
    expect((await t.get('/weblog')).body.logs.at(-1)).toContain('hello from the test');
    expectError(await t.control('/_sim/log', { count: 0 }), 400);
  });
});

describe('--quirks', () => {
  beforeEach(async () => {
    await t.restart({ quirks: true });
  });

  it('/ports/config uses the sample keys ifName and mediaType', async () => {
    const ports = (await t.get('/ports/config')).body.port_config as Record<string, unknown>[];
    expect(ports).toHaveLength(28);
    for (const p of ports) {
      expect(p).toHaveProperty('ifName');
      expect(p).toHaveProperty('mediaType');
      expect(p).not.toHaveProperty('if_name');
      expect(p).not.toHaveProperty('media_type');
      expect(p.ifName).toMatch(/^eth-0-\d+(\/\d+)?$/);
    }
  });

  it('/ports/info has integer port_no', async () => {
    const items = (await t.get('/ports/info')).body.result;
    for (const [i, item] of items.entries()) expect(item.properties.port_no).toBe(i + 1);
  });

  it('/rules/all writes priority as a string and young rules rate as n/a', async () => {
    await addRule(t, { priority: 123, match: { in_port: '1' }, actions: 'output:2' });
    const res = await t.get('/rules/all');
    for (const r of res.body.rules) expect(typeof r.priority).toBe('string');
    const mine = findRule(res.body.rules, 123, { in_port: '1' })!;
    expect(mine.priority).toBe('123');
    expect(mine.datarate).toBe('n/a');
    expect(res.text).toMatch(/"priority":"123"/);
  });

  it('POST /ports/config also takes the camelCase ifName', async () => {
    expectOk(
      await t.call('POST', '/ports/config', { query: { ifName: 'eth-0-3', shutdown: true } }),
    );
    expect((await t.get('/ports/info')).body.result[2].properties.admin_status).toBe('PORT_DOWN');
  });

  it('POST /ports/config still takes if_name', async () => {
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-2', shutdown: true } }),
    );
    const item = (await t.get('/ports/info')).body.result[1].properties;
    expect(item.admin_status).toBe('PORT_DOWN');
  });
});

describe('HTTP conventions', () => {
  it('X-HTTP-Method-Override: PUT on a POST modifies a rule', async () => {
    await addRule(t, { priority: 100, match: { in_port: '1' }, actions: 'output:2' });
    const res = await t.call('POST', '/rules', {
      query: { priority: 100, match: { in_port: '1' }, actions: 'output:3' },
      headers: { 'X-HTTP-Method-Override': 'PUT' },
    });
    expectOk(res);
    const list = await rules(t);
    expect(findRule(list, 100, { in_port: '1' })?.actions).toBe('output:3');
    expect(list).toHaveLength(5); // modified, not added
  });

  it('X-HTTP-Method-Override: DELETE on a POST deletes', async () => {
    await addRule(t, { priority: 100, match: { in_port: '1' }, actions: 'output:2' });
    expectOk(
      await t.call('POST', '/rules', {
        json: { priority: 100, match: { in_port: '1' } },
        headers: { 'x-http-method-override': 'delete' },
      }),
    );
    expect(findRule(await rules(t), 100, { in_port: '1' })).toBeUndefined();
  });

  it('an override on GET, or to another method, is a 400', async () => {
    await expectRejected(
      t,
      () => t.call('GET', '/rules/all', { headers: { 'X-HTTP-Method-Override': 'DELETE' } }),
      400,
      /Override/,
    );
    await expectRejected(
      t,
      () => t.call('POST', '/rules/all', { headers: { 'X-HTTP-Method-Override': 'PATCH' } }),
      400,
      /PUT or DELETE/,
    );
  });

  it('a JSON body with a charset parameter is JSON too', async () => {
    const res = await t.call('POST', '/rules', {
      raw: '{"priority":9,"match":{"in_port":"3"},"actions":"output:4"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expectOk(res);
    expect(findRule(await rules(t), 9, { in_port: '3' })?.actions).toBe('output:4');
  });

  it('malformed JSON is a 400', async () => {
    await expectRejected(
      t,
      () => t.call('POST', '/rules', { raw: '{"priority":1,"match":' }),
      400,
      /JSON/,
    );
    await expectRejected(t, () => t.call('POST', '/groups', { raw: '{1: {}}' }), 400, /JSON/);
    await expectRejected(t, () => t.call('POST', '/rules', { raw: '"just a string"' }), 400);
  });

  it('a method the path does not have is a 405 with {error} and Allow', async () => {
    const res = await expectRejected(t, () => t.call('PATCH', '/rules'), 405, /PATCH/);
    expect(res.headers.get('allow')).toMatch(/POST/);
    await expectRejected(t, () => t.call('GET', '/rules'), 405);
    await expectRejected(t, () => t.call('DELETE', '/ports/config'), 405);
    await expectRejected(t, () => t.call('POST', '/rules/all'), 405);
  });

  it('an unknown path is a 404 with {error}', async () => {
    await expectRejected(t, () => t.get('/nothing/here'), 404, /nothing/);
    await expectRejected(t, () => t.call('POST', '/rules/everything'), 404);
    const outside = await t.control('/not-rest');
    expectError(outside, 404);
  });

  // Found by test/sim/fuzz.test.ts. {"toString":…} inside a JSON body made String() throw
  // (500), and a match field named __proto__ (JSON) or constructor (query string, dropped by
  // qs) vanished, so the rule silently matched everything.
  it.each([
    ['POST', '/groups', '{"1":{"type":{"toString":"x"},"buckets":[{"actions":"output:2"}]}}'],
    [
      'POST',
      '/groups',
      '{"1":{"type":"select","buckets":[{"actions":"output:2","watch_port":{"toString":1}}]}}',
    ],
    ['POST', '/rules', '{"priority":5,"match":{"in_port":"1"},"actions":[{"toString":1}]}'],
    ['POST', '/rules', '{"priority":5,"match":{"__proto__":"1"},"actions":"drop"}'],
    ['POST', '/rules', '{"priority":5,"match":{"in_port":"2","constructor":""},"actions":"drop"}'],
    ['DELETE', '/rules', '{"priority":1000,"match":{"in_port":"1","__proto__":""}}'],
    ['POST', '/device/idled', '{"activated":{"valueOf":1,"toString":1}}'],
    ['POST', '/savepoints/rulesavepoint', '{"name":"a","description":{"toString":1}}'],
  ])(
    '%s %s with a JSON body naming an Object.prototype member is a 400: %s',
    async (method, path, raw) => {
      await expectRejected(
        t,
        () => t.call(method, path, { raw }),
        400,
        /parameter name '(toString|valueOf|__proto__|constructor)' is not allowed/,
      );
    },
  );

  it.each([
    'priority=5&match[constructor]=1&actions=drop',
    'priority=5&match[__proto__]=1&actions=drop',
    'priority=5&match%5B%5F%5Fproto%5F%5F%5D=1&actions=drop',
    'priority=5&match[in_port]=2&match[toString]=&actions=drop',
    '__proto__[polluted]=1&priority=5&actions=drop',
    'constructor[prototype][polluted]=1&priority=5&actions=drop',
  ])(
    'a query string or form body naming an Object.prototype member is a 400: %s',
    async (query) => {
      await expectRejected(t, () => t.call('POST', `/rules?${query}`), 400, /is not allowed/);
      await expectRejected(
        t,
        () =>
          t.call('POST', '/rules', {
            raw: query,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        400,
        /is not allowed/,
      );
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    },
  );

  it('such names as values are fine', async () => {
    expectOk(
      await t.call(
        'POST',
        '/rules?priority=5&name=__proto__&description=toString&match[in_port]=3&actions=drop',
      ),
    );
    expect(findRule(await rules(t), 5, { in_port: '3' })?.name).toBe('__proto__');
  });

  it('the body, when given, must be an object', async () => {
    await expectRejected(
      t,
      () => t.call('POST', '/rules', { raw: '[{"priority":1}]' }),
      400,
      /object/,
    );
  });

  // Found by test/sim/fuzz.test.ts: requests rejected by Node's parser or by fastify before
  // the simulator's code answered fastify's {error, message, statusCode} (and a body to a
  // HEAD); methods such as PROPFIND answered 404 on a path that exists.
  const expectRawError = (a: RawAnswer | undefined, status: number, pattern?: RegExp) => {
    expect(a?.status, a?.body).toBe(status);
    expect(a?.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(a?.body ?? '');
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toBeTypeOf('string');
    if (pattern) expect(body.error).toMatch(pattern);
  };

  it.each([
    ['a bogus method', 'FOO', '/rest/rules/all', [], 400, /HTTP method/],
    ['a lower-case method', 'delete', '/rest/rules/all', [], 400, /upper case/],
    ['a space in the target', 'DELETE', '/rest/rules/all x', [], 400, /percent-encoded/],
    ['a control character', 'DELETE', '/rest/rules/all\x01', [], 400, /percent-encoded/],
    ['a bad header', 'DELETE', '/rest/rules/all', ['Content-Length: abc'], 400, /Content-Length/],
    ['a target over 16 KiB', 'DELETE', `/rest/rules/all?x=${'y'.repeat(20_000)}`, [], 431, /16384/],
  ])('%s: Node rejects it; the answer is {error} with Connection: close', async (...c) => {
    const [, method, target, headers, status, pattern] = c;
    const before = await configSnapshot(t);
    const raw = await rawExchange(t.sim.port, rawRequest(method, target, headers));
    const [answer] = splitAnswers(raw, [method]);
    expectRawError(answer, status, pattern);
    expect(answer?.headers.connection).toBe('close');
    expect(await configSnapshot(t)).toEqual(before);
  });

  it('bad percent-encoding in the path is a 400 {error}', async () => {
    await expectRejected(t, () => t.call('DELETE', '/rules/all%zz'), 400, /percent-encoding/);
    await expectRejected(t, () => t.call('DELETE', '/%c0%ae'), 400, /percent-encoding/);
  });

  it.each(['PROPFIND', 'TRACE', 'QUERY', 'M-SEARCH', 'PURGE', 'CONNECT'])(
    '%s on a path is a 405 with Allow, on an unknown path a 404',
    async (method) => {
      const before = await configSnapshot(t);
      const on = (path: string) =>
        rawExchange(t.sim.port, rawRequest(method, path, ['Connection: close']));
      const [notAllowed] = splitAnswers(await on('/rest/rules/all'), [method]);
      expectRawError(notAllowed, 405, new RegExp(`method ${method} is not allowed`));
      expect(notAllowed?.headers.allow).toBe('GET, DELETE');
      expectRawError(splitAnswers(await on('/rest/nothing'), [method])[0], 404, /no such path/);
      expect(await configSnapshot(t)).toEqual(before);
    },
  );

  it('a failed HEAD has no body: the next answer on the connection still frames', async () => {
    const raw = await rawExchange(
      t.sim.port,
      rawRequest('HEAD', '/rest/%zz') +
        rawRequest('HEAD', '/rest/rules') +
        rawRequest('HEAD', '/rest/nothing') +
        rawRequest('GET', '/rest/device/name', ['Connection: close']),
    );
    const [badUrl, notAllowed, missing, name] = splitAnswers(raw, ['HEAD', 'HEAD', 'HEAD', 'GET']);
    expect([badUrl?.status, notAllowed?.status, missing?.status]).toEqual([400, 405, 404]);
    expect(notAllowed?.headers.allow).toBe('POST, PUT, DELETE');
    expect(JSON.parse(name?.body ?? '')).toEqual({ name: 'pb-lab-01' });
  });

  it.each([
    ['a space in the target', '/rest/device/name x', 400],
    ['a target over 16 KiB', `/rest/device/name?x=${'y'.repeat(20_000)}`, 431],
  ])('a HEAD that Node rejects (%s) gets a head only, after the answer before it', async (...c) => {
    const [, target, status] = c;
    const raw = await rawExchange(
      t.sim.port,
      rawRequest('GET', '/rest/device/name') + rawRequest('HEAD', target),
    );
    const [name, failed] = splitAnswers(raw, ['GET', 'HEAD']);
    expect(JSON.parse(name?.body ?? '')).toEqual({ name: 'pb-lab-01' });
    expect(failed?.status).toBe(status);
    expect(failed?.headers.connection).toBe('close');
    expect(Number(failed?.headers['content-length'])).toBeGreaterThan(0);
  });
});
