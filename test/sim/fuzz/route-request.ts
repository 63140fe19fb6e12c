/**
 * Requests to real routes with valid and garbage parameters, in the query string, a form
 * body, a JSON body or both; a plain POST /rules also says which rule it must add.
 */
import { authHeaders } from './auth.js';
import { junk, text } from './junk.js';
import type { FuzzReq } from './request.js';
import type { Rng } from './rng.js';
import { keysFor, REQUIRED, WEIGHTED_ROUTES } from './routes.js';
import { formEncode, Num, Obj, obj, toJson, type Val } from './values.js';
import { CLEAN, TEXTS, VOCAB } from './vocabulary.js';

function groupsBody(r: Rng, clean: boolean): Obj {
  if (clean) {
    const id = r.pick(['1', '2', '3']);
    const buckets = Array.from({ length: r.int(1, 2) }, () =>
      obj({
        actions: r.pick(['output:2', 'output:3', 'push_vlan:0x8100,output:4']),
        watch_port: r.pick(['', '2', '3']),
      }),
    );
    return obj({ [id]: obj({ group_id: id, type: r.pick(['select', 'all', 'ff']), buckets }) });
  }
  const groups: [string, Val][] = [];
  for (let n = r.int(1, 3); n > 0; n--) {
    const id = r.pick([
      '1',
      '2',
      '3',
      '1',
      '2',
      '0',
      '4294967040',
      '4294967041',
      '-1',
      'abc',
      '__proto__',
      'constructor',
    ]);
    const buckets = Array.from(
      {
        length: r.weighted([
          [1, 5],
          [2, 3],
          [0, 1],
          [17, 1],
        ]),
      },
      () =>
        obj({
          actions: r.pick<Val>([
            'output:2',
            'output:3',
            'push_vlan:0x8100,output:4',
            'output:99',
            'group:1',
            ['output:5'],
            '',
          ]),
          watch_port: r.pick<Val>(['', '', '2', '3', '99', 2, null]),
        }),
    );
    const g: [string, Val][] = [
      ['type', r.pick<Val>(['select', 'ff', 'all', 'SELECT', 'bogus', '', 1])],
      ['buckets', r.chance(0.95) ? buckets : junk(r)],
    ];
    if (r.chance(0.5)) g.push(['group_id', r.chance(0.9) ? id : r.pick<Val>(['9', 1, null])]);
    if (r.chance(0.2)) g.push(['description', r.pick(TEXTS)]);
    groups.push([id, r.chance(0.95) ? new Obj(g) : junk(r)]);
  }
  return new Obj(groups);
}

/** The identity of the rule a POST /rules with these parameters adds, when it is certain. */
function ruleOracle(params: [string, Val][]): FuzzReq['adds'] {
  const keys = params.map(([k]) => k);
  if (new Set(keys).size !== keys.length) return undefined;
  const p = params.find(([k]) => k === 'priority')?.[1];
  const text =
    p === undefined ? '' : typeof p === 'number' ? String(p) : p instanceof Num ? p.text : p;
  if (typeof text !== 'string' || !/^(-?\d+)?$/.test(text.trim())) return undefined;
  const priority = text.trim() === '' ? 32768 : Number(text.trim());
  const m = params.find(([k]) => k === 'match')?.[1];
  const match: Record<string, string> = {};
  if (m instanceof Obj) {
    for (const [k, v] of m.entries) {
      if (Object.hasOwn(match, k) || (v !== null && typeof v !== 'string')) return undefined;
      Object.defineProperty(match, k, { value: v ?? '', enumerable: true, writable: true });
    }
  } else if (m !== undefined) return undefined;
  return { priority, match };
}

/** A request to a real route, mostly with plausible parameters. */
export function routeRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.weighted(WEIGHTED_ROUTES);
  const params: [string, Val][] = [];
  // half the requests are clean: the route's required keys present, values from the vocabulary
  const clean = r.chance(0.5);
  let groupBody: Obj | undefined;
  const groupWrite = route.path === '/groups' && route.method !== 'DELETE';
  if (groupWrite || (route.path === '/groups' && r.chance(0.1))) groupBody = groupsBody(r, clean);
  const keys = clean && groupWrite ? [] : keysFor(route.path);
  for (const k of keys) {
    const required = clean && (REQUIRED[route.path]?.includes(k) ?? false);
    if (!required && !r.chance(clean ? 0.3 : 0.6)) continue;
    const gen = VOCAB[k];
    const cleanGen = clean ? CLEAN[k] : undefined;
    params.push([k, cleanGen ? cleanGen(r) : gen && (clean || r.chance(0.85)) ? gen(r) : junk(r)]);
  }
  if (r.chance(0.1))
    params.push([r.pick([text(r), 'extra', 'matchx', 'Priority', 'ACTIONS']), junk(r)]);
  const auth = authHeaders(r, inUacBatch);
  let method = route.method;
  const headers: Record<string, string | string[]> = { ...auth.headers };
  if ((method === 'PUT' || method === 'DELETE') && r.chance(0.15)) {
    headers['x-http-method-override'] = r.chance(0.8) ? method : method.toLowerCase();
    method = 'POST';
  }
  const all = new Obj([...params, ...auth.params, ...(groupBody?.entries ?? [])]);
  const adds = route.path === '/rules' && route.method === 'POST' ? ruleOracle(params) : undefined;
  const enc = r.weighted([
    ['query', 35],
    ['form', 20],
    ['json', 35],
    ['split', 10],
  ] as const);
  const base = `/rest${route.path}${r.chance(0.05) ? '/' : ''}`;
  if (enc === 'query') {
    const q = formEncode(all, r);
    return { kind: 'route/query', method, target: q ? `${base}?${q}` : base, headers, adds };
  }
  if (enc === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return {
      kind: 'route/form',
      method,
      target: base,
      headers,
      body: Buffer.from(formEncode(all, r)),
      adds,
    };
  }
  if (enc === 'json') {
    headers['content-type'] = 'application/json';
    return {
      kind: 'route/json',
      method,
      target: base,
      headers,
      body: Buffer.from(toJson(all)),
      adds,
    };
  }
  // split: credentials and some parameters in the query, the rest (overlapping) as JSON
  const cut = r.int(0, all.entries.length);
  const q = formEncode(new Obj(all.entries.slice(0, cut)), r);
  headers['content-type'] = 'application/json';
  return {
    kind: 'route/split',
    method,
    adds,
    target: q ? `${base}?${q}` : base,
    headers,
    body: Buffer.from(toJson(new Obj(all.entries.slice(Math.max(0, cut - 1))))),
  };
}
