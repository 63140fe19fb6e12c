/** Requests whose body is the test: malformed, hostile or deep JSON, and 1 MB strings. */
import { authHeaders } from './auth.js';
import { junk } from './junk.js';
import { randomMatch } from './matches.js';
import { CONTENT_TYPES, type FuzzReq } from './request.js';
import type { Rng } from './rng.js';
import { ROUTES } from './routes.js';
import { formEncode, Obj, obj, toJson } from './values.js';
import { ACTIONS } from './vocabulary.js';

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

export function jsonRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const valid = toJson(
    new Obj([
      ['priority', r.pick(['5', 5])],
      ['match', randomMatch(r)],
      ['actions', r.pick(ACTIONS)],
    ]),
  );
  const bodies: (() => string | Buffer)[] = [
    () => valid.slice(0, r.int(0, valid.length - 1)), // truncated
    () => r.pick(['[]', '[1,2]', '1', '"x"', 'null', 'true', '-0', '1e400', '""', ' ', '\n']), // not an object
    () =>
      r.pick([
        '{',
        '}',
        '{"a":}',
        '{"a" 1}',
        "{'a':1}",
        '{"a":1,}',
        '{"a":01}',
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":1}{"b":2}',
        '{"a":"\\x"}',
        '{"a":"\\u12"}',
        '{"a":1,"a":2}',
        '\ufeff{}',
        '{"a":"\t"}',
        '{"a":"\u0000"}',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '{"match":{"__proto__":{"polluted":1}},"actions":"drop"}',
      ]), // malformed / hostile
    () =>
      toJson(
        obj({
          priority: junk(r),
          match: junk(r),
          actions: junk(r),
          cookie: junk(r),
          name: junk(r),
        }),
      ), // wrong types
    () =>
      `{"priority":${r.pick(['18446744073709551616', '-18446744073709551617', '1e400', '99999999999999999999999999', '5.0', '-0'])},"cookie":${r.pick(['18446744073709551616', '18446744073709551615', '1e20', '0.5'])},"match":{"in_port":${r.pick(['1', '18446744073709551617', '1.0', '1e1'])}},"actions":"output:2","pid":123456789012345678901234567890,"port":1e400,"group_id":4294967297}`, // huge numbers
    () =>
      r.chance(0.5)
        ? nested(r.pick([50, 1000, 20000, 200000]), '[', ']')
        : `{"match":${nested(r.pick([5, 100, 5000]), '{"a":', '}')},"actions":"drop"}`, // deep nesting
    () =>
      `{"name":"${'\\ud800'}x","description":"\\udfff\\ud800","match":{"in_port":"1\\u0000"},"actions":"output:2\\u2028","cookie":"\\ud83d\\ude00","priority":"\\u0035"}`, // surrogates, escapes
    () =>
      Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xae, 0xed, 0xa0, 0x80]),
        Buffer.from('","actions":"drop"}'),
      ]), // invalid UTF-8
    () => toJson(junk(r)),
  ];
  const body = r.pick(bodies)();
  const auth = authHeaders(r, inUacBatch);
  const q = formEncode(new Obj(auth.params), r);
  return {
    kind: 'json',
    method: route.method === 'GET' && r.chance(0.7) ? 'POST' : route.method,
    target: `/rest${route.path}${q ? `?${q}` : ''}`,
    headers: {
      ...auth.headers,
      'content-type': r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES),
    },
    body: typeof body === 'string' ? Buffer.from(body) : body,
  };
}

export function bigStringRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const mb = 'x'.repeat(1 << 20);
  const route = r.pick(ROUTES.filter((x) => x.method !== 'GET'));
  const auth = authHeaders(r, inUacBatch);
  const key = r.pick([
    'name',
    'description',
    'actions',
    'filter',
    'notes',
    'device_name',
    'username',
    'password',
    'ssl_password',
    'secret',
    mb.slice(0, 100_000),
  ]);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  const value = r.chance(0.5) ? mb : `${'\u00e9'.repeat(1 << 18)}\ud800`;
  const fields = new Obj([
    [key, value],
    ...auth.params,
    ['match', obj({ in_port: '1' })],
    ['priority', '7'],
  ]);
  if (r.chance(0.7)) {
    headers['content-type'] = 'application/json';
    return {
      kind: '1mb/json',
      method: route.method,
      target: `/rest${route.path}`,
      headers,
      body: Buffer.from(toJson(fields)),
    };
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return {
    kind: '1mb/form',
    method: route.method,
    target: `/rest${route.path}`,
    headers,
    body: Buffer.from(formEncode(fields, r)),
  };
}
