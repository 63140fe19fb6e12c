/**
 * What every answer must look like, that a plain POST /rules answered 200 added its rule, and
 * how a failing request is described (with a command that replays it).
 */
import { parseLossless, sameMatch, type TestSim, type Wire } from '../helpers.js';
import { keeper } from './accounts.js';
import { SEED } from './config.js';
import type { FuzzReq } from './request.js';
import type { Answer } from './send.js';

/** Writes that answer with data instead of a Result (docs/simulator.md §5). */
const DATA_WRITES = new Set([
  'POST /users/uac',
  'POST /users/radius',
  'POST /device/telnet',
  'POST /device/rulestoragemode',
  'POST /savepoints/rulesavepoint',
  'POST /savepoints/portsavepoint',
  'POST /savepoints/modrulesavepoint',
  'POST /savepoints/modportsavepoint',
  'PUT /savepoints/quicksaverules',
]);

/** The method and path the simulator routes the request to. */
export function effective(q: FuzzReq): { method: string; path: string } {
  const path = (q.target.split('?')[0] ?? '').replace(/^\/rest/, '').replace(/\/+$/, '') || '/';
  const o = q.headers['x-http-method-override'];
  const override = Array.isArray(o) ? o.join(', ') : o;
  let method = q.method.toUpperCase();
  if (method === 'POST' && override !== undefined && override.trim() !== '')
    method = override.trim().toUpperCase();
  return { method, path };
}

export function problemWith(q: FuzzReq, a: Answer, stats: Map<string, number>): string | null {
  if (a.status >= 500) return `status ${a.status}`;
  if (a.status < 200 || (a.status >= 300 && a.status < 400)) return `status ${a.status}`;
  const ct = String(a.headers['content-type'] ?? '');
  if (!ct.startsWith('application/json')) return `content-type '${ct}'`;
  if (q.method === 'HEAD') return a.body.length === 0 ? null : 'HEAD answer has a body';
  let body: Wire;
  try {
    body = parseLossless(a.body.toString('utf8'));
  } catch (e) {
    return `body is not JSON (${(e as Error).message})`;
  }
  const eff = effective(q);
  // GET /ports/stats answers a bare array ("port counters objects"); all else is an object
  const arrayOk = a.status < 300 && eff.method === 'GET' && eff.path === '/ports/stats';
  if (typeof body !== 'object' || body === null || (Array.isArray(body) && !arrayOk))
    return 'body is not a JSON object';
  const keys = Object.keys(body);
  if (a.status >= 400) {
    if (typeof body.error !== 'string' || body.error.trim() === '')
      return 'error answer without an error message';
    return keys.length === 1 ? null : `error body has extra keys: ${keys.join(', ')}`;
  }
  if (Object.hasOwn(body, 'error')) return '2xx answer carries an error';
  if (
    eff.method !== 'GET' &&
    !Object.hasOwn(body, 'result') &&
    !DATA_WRITES.has(`${eff.method} ${eff.path}`)
  )
    return `${eff.method} ${eff.path} answered without result`;
  stats.set(`2xx ${eff.method} ${eff.path}`, (stats.get(`2xx ${eff.method} ${eff.path}`) ?? 0) + 1);
  return null;
}

export function preview(b: Buffer | string | undefined, max = 600): string {
  if (b === undefined) return '(none)';
  const s = typeof b === 'string' ? b : b.toString('utf8');
  return s.length > max
    ? `${JSON.stringify(s.slice(0, max))}… (${s.length} chars)`
    : JSON.stringify(s);
}

export function describeRequest(q: FuzzReq, i: number): string {
  return [
    `seed ${SEED}, request #${i} (${q.kind}); replay: PBC_FUZZ_SEED=${SEED} PBC_FUZZ_SIZE=${i + 1} npx vitest run test/sim/fuzz.test.ts`,
    `  ${q.method} ${preview(q.target, 400)}`,
    `  headers ${preview(JSON.stringify(q.headers), 400)}`,
    `  body ${preview(q.body)}`,
  ].join('\n');
}

/** After a plain POST /rules answered 200: the rule it described must be listed. */
export async function missingAdd(
  t: TestSim,
  adds: NonNullable<FuzzReq['adds']>,
): Promise<string | null> {
  const listed = await keeper(t, 'GET', '/rules/all');
  const { priority, match } = adds;
  const found = (listed.body.rules as Wire[]).some(
    (x) => Number(x.priority) === priority && sameMatch(x.match, match),
  );
  return found
    ? null
    : `POST /rules said OK but no rule with priority ${priority} and match ${JSON.stringify(match)} is listed`;
}
