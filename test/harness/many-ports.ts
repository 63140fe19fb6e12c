/**
 * A device that reports `count` ports: the simulator answers everything, except that
 * GET /rest/ports/info and /rest/ports/stats list `count` ports (eth-9-1 … eth-9-N, each a
 * copy of the simulator's first port) — for the exporter's series limits and its memory.
 */
import { startServer, type TestServer } from '../../src/api/test-server.js';
import type { SimServer } from '../../src/sim/server.js';
import { forward } from './proxy.js';

/** One answer's text, built once: `[` + `count` copies of `first` with port number `n` + `]`. */
function many(first: Record<string, unknown>, count: number, edit: (n: number) => object): string {
  const parts: string[] = [];
  for (let n = 1; n <= count; n++) parts.push(JSON.stringify({ ...first, ...edit(n) }));
  return `[${parts.join(',')}]`;
}

export async function manyPortsDevice(sim: SimServer, count: number): Promise<TestServer> {
  const get = async (url: string) => (await sim.app.inject({ method: 'GET', url })).json();
  const info = (await get('/rest/ports/info')) as { result: { properties: object }[] };
  const stats = (await get('/rest/ports/stats')) as Record<string, unknown>[];
  const props = info.result[0]!.properties;
  const infoText = `{"result":${many({ type: 'object' }, count, (n) => ({
    properties: { ...props, port_no: String(n), if_name: `eth-9-${n}` },
  }))}}`;
  const statsText = many(stats[0]!, count, (n) => ({ portnum: String(n) }));
  return startServer(async (req, res) => {
    const text =
      req.method === 'GET' && req.path === '/rest/ports/info'
        ? infoText
        : req.method === 'GET' && req.path === '/rest/ports/stats'
          ? statsText
          : undefined;
    if (text === undefined) return forward(sim, req, res);
    res.writeHead(200, { 'content-type': 'application/json' }).end(text);
  });
}
