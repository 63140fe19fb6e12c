/**
 * Shared helpers for the simulator's HTTP integration tests: start a simulator on
 * 127.0.0.1 (port 0), call it with global fetch, parse answers without losing 64-bit
 * integers (cookies and counters exceed 2^53), and compare the device's configuration
 * before and after a request that must fail.
 */
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import qs from 'qs';
import { afterEach, beforeEach, expect } from 'vitest';
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';

export const TWO_53 = 2n ** 53n;

/** A decoded JSON value from the device, inspected dynamically by the tests. */
// biome-ignore lint/suspicious/noExplicitAny: wire bodies are checked at run time
export type Wire = any;

export interface CallOpts {
  /** Encoded with qs (so match[in_port]=1 and x[]=a work). */
  query?: Record<string, unknown>;
  /** Sent as a JSON body (Content-Type application/json). */
  json?: unknown;
  /** Sent as-is with Content-Type application/json. */
  raw?: string;
  /** Sent as an application/x-www-form-urlencoded body, encoded with qs. */
  form?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface Res {
  status: number;
  /** Lossless parse: integers beyond 2^53 are bigint, all other numbers number. */
  body: Wire;
  text: string;
  headers: Headers;
  ms: number;
}

/** JSON.parse without precision loss: unsafe integers become bigint. */
export function parseLossless(text: string): unknown {
  return parse(text, null, (v: string) =>
    isSafeNumber(v) ? Number(v) : isInteger(v) ? BigInt(v) : Number(v),
  );
}

export function encodeQuery(q: Record<string, unknown>): string {
  return qs.stringify(q, { encodeValuesOnly: false });
}

export interface TestSim {
  sim: SimServer;
  url: string;
  call(method: string, path: string, o?: CallOpts): Promise<Res>;
  get(path: string): Promise<Res>;
  /** A control endpoint outside /rest: control('/_sim/reboot', {ms: 0}) POSTs JSON. */
  control(path: string, json?: unknown, method?: string): Promise<Res>;
  close(): Promise<void>;
}

export async function startTestSim(opts: SimServerOptions = {}): Promise<TestSim> {
  const sim = await startSim({ port: 0, host: '127.0.0.1', rebootMs: 500, seed: 7, ...opts });
  const call = (method: string, path: string, o: CallOpts = {}) =>
    request(sim.url, method, path, o);
  return {
    sim,
    url: sim.url,
    call,
    get: (path) => call('GET', path),
    control: (path, json, method = json === undefined ? 'GET' : 'POST') =>
      request(sim.url.replace(/\/rest$/, ''), method, path, json === undefined ? {} : { json }),
    close: () => sim.close(),
  };
}

export interface PerTestSim extends TestSim {
  /** Closes this test's simulator and starts another with `opts` in its place. */
  restart(opts?: SimServerOptions): Promise<void>;
}

/**
 * A fresh simulator for every test of the calling file: started before each test, closed
 * after it. The returned object always speaks to the current test's simulator.
 */
export function simPerTest(): PerTestSim {
  let cur: TestSim | undefined;
  const now = (): TestSim => {
    if (!cur) throw new Error('simPerTest: no simulator outside a test');
    return cur;
  };
  beforeEach(async () => {
    cur = await startTestSim();
  });
  afterEach(async () => {
    await now().close();
  });
  return {
    get sim() {
      return now().sim;
    },
    get url() {
      return now().url;
    },
    call: (method, path, o) => now().call(method, path, o),
    get: (path) => now().get(path),
    control: (path, json, method) => now().control(path, json, method),
    close: () => now().close(),
    async restart(opts = {}) {
      await now().close();
      cur = await startTestSim(opts);
    },
  };
}

/** One request against `base` (e.g. http://127.0.0.1:1234/rest). */
export async function request(
  base: string,
  method: string,
  path: string,
  o: CallOpts = {},
): Promise<Res> {
  let url = base + path;
  if (o.query) {
    const q = encodeQuery(o.query);
    if (q) url += (url.includes('?') ? '&' : '?') + q;
  }
  const headers: Record<string, string> = { ...o.headers };
  const hasContentType = Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');
  let body: string | undefined;
  if (o.json !== undefined || o.raw !== undefined) {
    if (!hasContentType) headers['content-type'] = 'application/json';
    body = o.raw ?? JSON.stringify(o.json);
  } else if (o.form) {
    if (!hasContentType) headers['content-type'] = 'application/x-www-form-urlencoded';
    body = qs.stringify(o.form);
  }
  const t0 = performance.now();
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  const ms = performance.now() - t0;
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : parseLossless(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, text, headers: res.headers, ms };
}

/** The answer is `{error: <non-empty string>}` with the given 4xx status. */
export function expectError(res: Res, status: number, pattern?: RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(res.body, res.text).toBeTypeOf('object');
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error.length).toBeGreaterThan(0);
  if (pattern) expect(res.body.error).toMatch(pattern);
}

export function expectOk(res: Res): void {
  expect(res.status, res.text).toBe(200);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Rule identity as /rules/all shows it, without the counters (which move with time). */
export function ruleIdentity(r: Record<string, unknown>): Record<string, unknown> {
  return {
    cookie: r.cookie,
    name: r.name,
    description: r.description,
    priority: r.priority,
    match: r.match,
    actions: r.actions,
    real_flow_ct: r.real_flow_ct,
  };
}

function stripSavePoint(sp: Wire): unknown {
  if (!sp || typeof sp !== 'object' || !Array.isArray(sp.rules)) return sp;
  return {
    ...sp,
    // duration grows with time; everything else of a saved rule is fixed
    rules: sp.rules.map((r: Record<string, unknown>) => {
      const { duration: _d, duration_raw: _dr, ...rest } = r;
      return rest;
    }),
  };
}

/**
 * The device's configuration as the API shows it (rules without counters, groups,
 * save-points without durations, ports, modes): equal before and after a failed request.
 */
export async function configSnapshot(t: TestSim): Promise<Record<string, unknown>> {
  const [rules, groups, sps, pcfg, pinfo, flows, perm, mode] = await Promise.all([
    t.get('/rules/all'),
    t.get('/groups/all'),
    t.get('/savepoints'),
    t.get('/ports/config'),
    t.get('/ports/info'),
    t.get('/flownumbers'),
    t.get('/device/permanentrulesmode'),
    t.get('/device/rulestoragemode'),
  ]);
  for (const r of [rules, groups, sps, pcfg, pinfo, flows]) expect(r.status, r.text).toBe(200);
  const list = (c: unknown) => (Array.isArray(c) ? c : Object.values(c as object));
  return {
    rules: rules.body.rules.map(ruleIdentity),
    used_flows: rules.body.used_flows,
    groups: groups.body,
    ruleSavePoints: list(sps.body.RuleSavePoints).map(stripSavePoint),
    portSavePoints: sps.body.PortSavePoints,
    portConfig: pcfg.body,
    portInfo: pinfo.body,
    flownumbers: flows.body,
    permanent: perm.body,
    storageMode: mode.body,
  };
}

/** Runs a request that must fail with `status`, and checks the configuration is unchanged. */
export async function expectRejected(
  t: TestSim,
  req: () => Promise<Res>,
  status: number,
  pattern?: RegExp,
): Promise<Res> {
  const before = await configSnapshot(t);
  const res = await req();
  expectError(res, status, pattern);
  const after = await configSnapshot(t);
  expect(after).toEqual(before);
  return res;
}

/** Cookies exactly as the raw /rules/all text writes them (JSON numbers, not strings). */
export function rawCookies(text: string): bigint[] {
  return [...text.matchAll(/"cookie":(-?\d+)[,}]/g)].map((m) => BigInt(m[1]!));
}

/** Rules of GET /rules/all. */
export async function rules(t: TestSim): Promise<Record<string, Wire>[]> {
  const r = await t.get('/rules/all');
  expectOk(r);
  return r.body.rules;
}

export function findRule(
  list: Record<string, Wire>[],
  priority: number,
  match: Record<string, string>,
): Record<string, Wire> | undefined {
  return list.find(
    (r) => Number(r.priority) === priority && sameMatch(r.match as Record<string, string>, match),
  );
}

export function sameMatch(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && a[k] === b[k]);
}

/** Adds a rule through the query string; expects 200. */
export async function addRule(
  t: TestSim,
  rule: {
    priority?: number;
    match: Record<string, string>;
    actions: string;
    name?: string;
    description?: string;
  },
): Promise<void> {
  const res = await t.call('POST', '/rules', { query: rule });
  expectOk(res);
}

/** The accounts the access-level tests log in with (besides admin/admin, SUPER). */
export const LEVEL_USERS = [
  ['reader', 1, 'r-pass'],
  ['writer', 7, 'w-pass'],
] as const;

/** Adds LEVEL_USERS to the simulator (UAC stays as it is). */
export async function addLevelUsers(t: TestSim): Promise<void> {
  for (const [username, level, password] of LEVEL_USERS) {
    const r = await t.call('POST', '/users', {
      json: { username, accesslevel: level, password, description: '' },
    });
    expect(r.status).toBe(200);
  }
}
