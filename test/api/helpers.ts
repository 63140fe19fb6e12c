/**
 * Shared helpers for the client-against-simulator integration tests: a simulator on
 * 127.0.0.1 (port 0) with typed clients pointed at it, raw HTTP to the simulator (for
 * setting up state without the client under test), the /_sim control endpoints, and a
 * manual clock so that two simulators can be made to answer identically.
 */
import { type Client, type ClientOptions, createClient } from '../../src/api/client.js';
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';

export const TWO_53 = 2n ** 53n;
export const ADMIN_PASSWORD = 'admin-pw-1';

/** A clock the test moves by hand (counters and "young rule" checks follow it). */
export interface ManualClock {
  now: () => number;
  advance(ms: number): void;
}

export function manualClock(start = Date.UTC(2026, 0, 5, 12, 0, 0)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
  };
}

export interface RawResponse {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected dynamically
  body: any;
}

export interface Rig {
  sim: SimServer;
  /** e.g. http://127.0.0.1:1234/rest */
  url: string;
  /** e.g. http://127.0.0.1:1234 (the /_sim control endpoints live here) */
  origin: string;
  /** A client without credentials (fine while UAC is off). */
  client: Client;
  /** Another client on the same simulator; closed with the rig. */
  connect(options?: Partial<ClientOptions>): Client;
  /** Raw request to /rest (JSON body when `json` is given); not through the client. */
  raw(method: string, path: string, json?: unknown, auth?: [string, string]): Promise<RawResponse>;
  /** POST (with a body) or GET (without) a /_sim control endpoint. */
  control(path: string, json?: unknown): Promise<RawResponse>;
  /** How many /rest requests reached the simulator so far (GET /_sim/status). */
  requests(): Promise<number>;
  close(): Promise<void>;
}

async function fetchRaw(url: string, init: RequestInit): Promise<RawResponse> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}

export async function startRig(
  options: SimServerOptions = {},
  clientOptions: Partial<ClientOptions> = {},
): Promise<Rig> {
  const sim = await startSim({
    port: 0,
    host: '127.0.0.1',
    seed: 11,
    rebootMs: 600,
    adminPassword: ADMIN_PASSWORD,
    ...options,
  });
  const origin = sim.url.replace(/\/rest$/, '');
  const clients: Client[] = [];
  const connect = (o: Partial<ClientOptions> = {}) => {
    const c = createClient({ url: sim.url, timeoutMs: 3000, ...clientOptions, ...o });
    clients.push(c);
    return c;
  };
  const client = connect();
  const control = (path: string, json?: unknown) =>
    fetchRaw(
      origin + path,
      json === undefined
        ? { method: 'GET' }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(json),
          },
    );
  return {
    sim,
    url: sim.url,
    origin,
    client,
    connect,
    raw: (method, path, json, auth) => {
      const headers: Record<string, string> = {};
      if (json !== undefined) headers['content-type'] = 'application/json';
      if (auth) headers.authorization = `Basic ${Buffer.from(auth.join(':')).toString('base64')}`;
      const body = json === undefined ? undefined : JSON.stringify(json);
      return fetchRaw(sim.url + path, { method, headers, body });
    },
    control,
    requests: async () => (await control('/_sim/status')).body.requests as number,
    close: async () => {
      for (const c of clients.splice(0)) await c.close();
      await sim.close();
    },
  };
}

/** Awaits a promise that must reject, and returns the error. */
export async function failure(p: Promise<unknown>): Promise<Error & { status?: number }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { status?: number };
  }
  throw new Error('expected the call to fail');
}

/** Cookies exactly as the raw /rules/all text writes them (bare JSON numbers). */
export function rawCookies(text: string): bigint[] {
  return [...text.matchAll(/"cookie":"?(\d+)"?[,}]/g)].map((m) => BigInt(m[1]!));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls a read until the device answers again after a reboot (at most `ms`). */
export async function waitUntilUp(read: () => Promise<unknown>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await read();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await sleep(50);
    }
  }
}
