/**
 * A plain node:http server in front of a simulator: every request is passed through, except
 * the ones a test answers itself (`override`), and every request is recorded. It lets a test
 * show pbc a device the simulator cannot be (a malformed rule, a TCAM at exactly 90 %).
 */
import { type Recorded, startServer, type TestServer } from '../../src/api/test-server.js';

export type Override = (
  req: Recorded,
  /** The simulator's answer to this request, as JSON. */
  upstream: () => Promise<unknown>,
) => Promise<unknown | undefined> | unknown | undefined;

export interface DeviceProxy extends TestServer {
  /** Requests other than GET that reached the proxy. */
  writes(): Recorded[];
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

export async function startProxy(simUrl: string, override: Override): Promise<DeviceProxy> {
  const base = simUrl.replace(/\/rest$/, '');
  const forward = async (req: Recorded) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (!HOP.has(k) && typeof v === 'string') headers[k] = v;
    return fetch(`${base}${req.path}${req.query ? `?${req.query}` : ''}`, {
      method: req.method,
      headers,
      ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: req.body }),
    });
  };
  const server = await startServer(async (req, res) => {
    const answer = await override(req, async () => (await forward(req)).json());
    if (answer !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      return;
    }
    const r = await forward(req);
    const out: Record<string, string> = {};
    r.headers.forEach((v, k) => {
      if (!HOP.has(k) && k !== 'content-encoding') out[k] = v;
    });
    res.writeHead(r.status, out).end(Buffer.from(await r.arrayBuffer()));
  });
  return { ...server, writes: () => server.requests.filter((r) => r.method !== 'GET') };
}

/** A rule no simulator can hold: priority null and a match value null (seen on a device). */
export const BOGUS = {
  name: 'bogus',
  priority: null,
  match: { in_port: null },
  actions: 'output:5',
  cookie: '0x99',
  n_packets: '0',
  n_bytes: '0',
  real_flow_ct: 1,
};

/** A proxy whose GET /rules/all answers the simulator's rules plus BOGUS. */
export function withBogus(simUrl: string): Promise<DeviceProxy> {
  return startProxy(simUrl, async (req, upstream) => {
    if (req.method !== 'GET' || req.path !== '/rest/rules/all') return undefined;
    const wire = (await upstream()) as { rules: unknown[] } | unknown[];
    if (Array.isArray(wire)) return [...wire, BOGUS];
    return { ...wire, rules: [...wire.rules, BOGUS] };
  });
}
