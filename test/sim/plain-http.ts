/**
 * A plain HTTP client for the simulator tests that read answers as ordinary JSON objects
 * (JSON.parse, no 64-bit care) and log in with basic auth: the device, users and apps
 * tests. Query and form values are strings, encoded with URLSearchParams.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';

export interface PlainOpts {
  query?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  /** Sent as-is with Content-Type application/json. */
  raw?: string;
  auth?: readonly [string, string];
  headers?: Record<string, string>;
}

export interface PlainRes {
  status: number;
  body: Record<string, unknown>;
  text: string;
  headers: Headers;
}

/** One request against `base` (the simulator's /rest URL). */
export async function plainCall(
  base: string,
  method: string,
  path: string,
  o: PlainOpts = {},
): Promise<PlainRes> {
  const url = new URL(base + path);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { ...o.headers };
  let body: string | undefined;
  if (o.json !== undefined || o.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = o.raw ?? JSON.stringify(o.json);
  } else if (o.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(o.form).toString();
  }
  if (o.auth) headers.authorization = `Basic ${Buffer.from(o.auth.join(':')).toString('base64')}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as Record<string, unknown>,
    text,
    headers: res.headers,
  };
}

/** The answer is `{error: <string>}` with `status` (and the message matches `pattern`). */
export function expectPlainError(res: PlainRes, status: number, pattern?: RegExp): void {
  expect(res.status, res.text).toBe(status);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error).toBe('string');
  if (pattern) expect(res.body.error).toMatch(pattern);
}

export interface PlainSim {
  /** The simulator of the calling file (valid from its beforeAll on). */
  readonly sim: SimServer;
  call(method: string, path: string, o?: PlainOpts): Promise<PlainRes>;
}

/** One simulator for the whole calling file, started before its tests and closed after. */
export function plainSimPerFile(options: SimServerOptions = {}): PlainSim {
  let cur: SimServer | undefined;
  const now = (): SimServer => {
    if (!cur) throw new Error('plainSimPerFile: simulator not started');
    return cur;
  };
  beforeAll(async () => {
    cur = await startSim({ port: 0, rebootMs: 200, ...options });
  });
  afterAll(async () => {
    await cur?.close();
  });
  return {
    get sim() {
      return now();
    },
    call: (method, path, o) => plainCall(now().url, method, path, o),
  };
}
