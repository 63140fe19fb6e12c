/** Credentials for a request: none, right, wrong or malformed; basic auth or parameters. */
import { ADMIN, basic } from './config.js';
import type { Rng } from './rng.js';
import { obj, type Val } from './values.js';

export function authHeaders(
  r: Rng,
  inUacBatch: boolean,
): { headers: Record<string, string>; params: [string, Val][] } {
  const pick = r.weighted<string>([
    ['none', inUacBatch ? 25 : 50],
    ['basic', inUacBatch ? 55 : 25],
    ['params', inUacBatch ? 12 : 10],
    ['unknown-user', 3],
    ['malformed', 4],
    ['param-junk', 2],
    // a wrong password of an existing user costs a 50 ms scrypt under UAC: keep it rare
    ['wrong-password', 1],
  ]);
  switch (pick) {
    case 'basic':
      return {
        headers: { authorization: r.chance(0.9) ? basic(...ADMIN) : 'basic YWRtaW46YWRtaW4=' },
        params: [],
      };
    case 'params':
      return {
        headers: {},
        params: [
          ['username', 'admin'],
          ['password', 'admin'],
        ],
      };
    case 'unknown-user':
      return {
        headers: { authorization: basic(r.pick(['nobody', '', 'Admin', 'admin ']), 'x') },
        params: [],
      };
    case 'malformed':
      return {
        headers: {
          authorization: r.pick([
            'Basic',
            'Basic ',
            'Basic !!!',
            'Basic ====',
            'Basic YWRtaW4=',
            'Bearer x',
            `Basic ${Buffer.from('x'.repeat(2000)).toString('base64')}`,
            'Basic YWRtaW46YWRtaW4= extra',
            `Basic ${Buffer.from(':admin').toString('base64')}`,
            `Basic ${Buffer.from([0xff, 0x3a, 0xfe]).toString('base64')}`,
          ]),
        },
        params: [],
      };
    case 'param-junk':
      return {
        headers: {},
        params: [
          ['username', r.pick<Val>([['admin'], obj({ a: 'admin' }), 'admin', null])],
          ['password', r.pick<Val>([['admin'], 'admin', 1, null])],
        ],
      };
    case 'wrong-password':
      return r.chance(0.5)
        ? { headers: { authorization: basic('admin', 'wrong') }, params: [] }
        : {
            headers: {},
            params: [
              ['username', 'admin'],
              ['password', 'nope'],
            ],
          };
    default:
      return { headers: {}, params: [] };
  }
}
