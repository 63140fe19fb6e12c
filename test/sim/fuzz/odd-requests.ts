/**
 * Requests that bend the protocol: random and bogus methods on mutated paths, bracket
 * parameters, X-HTTP-Method-Override values, query strings up to and past 16 KiB.
 */
import { authHeaders } from './auth.js';
import { junk, text } from './junk.js';
import {
  BOGUS_METHODS,
  BRACKETS,
  CONTENT_TYPES,
  type FuzzReq,
  OVERRIDES,
  randomBracketKey,
  STANDARD,
} from './request.js';
import type { Rng } from './rng.js';
import { routeRequest } from './route-request.js';
import { PATHS, ROUTES } from './routes.js';
import { formEncode, Obj, pct, toJson, type Val } from './values.js';

function mutatePath(r: Rng): string {
  const p = r.pick(PATHS);
  switch (r.int(0, 14)) {
    case 0:
      return `/rest${p}/`;
    case 1:
      return `/rest${p}//`;
    case 2:
      return `/rest/${p}`;
    case 3:
      return `/rest${p.toUpperCase()}`;
    case 4:
      return `/rest${p}/x`;
    case 5:
      return `/rest${p.replace('/', '/%2F')}`;
    case 6:
      return `/rest${p}%00`;
    case 7:
      return `/rest${p};x=1`;
    case 8:
      return `/rest${p}/..`;
    case 9:
      return r.pick([
        '/rest',
        '/rest/',
        '/restx',
        '/rest.json',
        '/rest/__proto__',
        '/rest/constructor',
        '/rest/toString',
        '/rest/hasOwnProperty',
        '/rest/rules/all/../all',
        '/rest/%zz',
        '/rest/%',
        '/rest/%c0%ae',
        '/rest/\u00ff',
        '/rest/*',
        '/rest?',
        '/rest/#x',
        '/rest/rules/all#frag',
      ]);
    case 10:
      return `/rest/${pct(text(r))}`;
    case 11:
      return `/rest${p}${'/x'.repeat(r.int(1, 200))}`;
    default:
      return `/rest${p}`;
  }
}

export function randomMethodRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const method = r.chance(0.75) ? r.pick(STANDARD) : r.pick(BOGUS_METHODS);
  const auth = authHeaders(r, inUacBatch);
  const path = mutatePath(r);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  const q =
    auth.params.length || r.chance(0.3)
      ? formEncode(
          new Obj([...auth.params, ...(r.chance(0.3) ? [['x', junk(r)] as [string, Val]] : [])]),
          r,
        )
      : '';
  let body: Buffer | undefined;
  if (r.chance(0.3)) {
    headers['content-type'] = r.pick(CONTENT_TYPES);
    body = Buffer.from(toJson(junk(r)));
  }
  return {
    kind: 'method',
    method,
    target: q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path,
    headers,
    body,
  };
}

export function bracketRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const parts = Array.from({ length: r.int(1, 8) }, () =>
    r.chance(0.7) ? r.pick(BRACKETS) : `${pct(randomBracketKey(r), true)}=${pct(text(r))}`,
  );
  const auth = authHeaders(r, inUacBatch);
  const q = [...parts, formEncode(new Obj(auth.params), r)].filter((s) => s !== '').join('&');
  const inBody = r.chance(0.3);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  if (inBody) headers['content-type'] = 'application/x-www-form-urlencoded';
  return {
    kind: 'brackets',
    method: route.method,
    target: inBody ? `/rest${route.path}` : `/rest${route.path}?${q}`,
    headers,
    body: inBody ? Buffer.from(q) : undefined,
  };
}

export function overrideRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const req = r.chance(0.5) ? routeRequest(r, inUacBatch) : randomMethodRequest(r, inUacBatch);
  if (!STANDARD.includes(req.method)) req.method = r.pick(STANDARD);
  req.method = r.chance(0.6) ? 'POST' : req.method;
  req.headers['x-http-method-override'] = r.chance(0.1)
    ? [r.pick(OVERRIDES), r.pick(OVERRIDES)]
    : r.pick(OVERRIDES);
  req.kind = `override/${req.kind}`;
  req.adds = undefined;
  return req;
}

export function hugeQueryRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const auth = authHeaders(r, inUacBatch);
  let q: string;
  switch (r.int(0, 4)) {
    case 0: // many parameters (beyond qs' parameterLimit of 2000)
      q = Array.from({ length: r.int(1000, 2500) }, (_, i) => `k${i}=${i}`).join('&');
      break;
    case 1: // one long value
      q = `name=${'x'.repeat(r.int(4000, 15000))}`;
      break;
    case 2: // a long array (beyond qs' arrayLimit of 1000)
      q = Array.from({ length: r.int(500, 1500) }, () => 'rule_save_point_names[]=a').join('&');
      break;
    case 3: // beyond Node's 16 KiB header limit: 431
      q = `x=${'y'.repeat(r.int(17_000, 40_000))}`;
      break;
    default: // deep brackets, repeated
      q = Array.from({ length: r.int(100, 600) }, (_, i) => `match[a${i}][b][c][d]=${i}`).join('&');
  }
  const extra = formEncode(new Obj(auth.params), r);
  const target = `/rest${route.path}?${q}${extra ? `&${extra}` : ''}`;
  return { kind: 'huge-query', method: route.method, target, headers: { ...auth.headers } };
}
