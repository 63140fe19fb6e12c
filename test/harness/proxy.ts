/**
 * Devices in front of a simulator: every request is answered by the simulator (through
 * `app.inject`, no second socket). `endlessProxy`: except the paths `endless` names, whose
 * answer never ends — spaces after `[` — for tests of answers too big to read.
 * `writeWatchingProxy`: every write is told of as it arrives.
 */
import type { ServerResponse } from 'node:http';
import { type Recorded, startServer, type TestServer } from '../../src/api/test-server.js';
import type { SimServer } from '../../src/sim/server.js';

const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/**
 * Streams an endless JSON-looking answer until the client goes away: 64 KiB every `paceMs`,
 * or with `paceMs` 0 as fast as the client reads.
 */
export function streamEndless(res: ServerResponse, paceMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('[');
  if (paceMs === 0) {
    const more = () => {
      while (!res.destroyed) if (!res.write(CHUNK)) return void res.once('drain', more);
    };
    more();
    return;
  }
  const timer = setInterval(() => {
    if (res.destroyed) clearInterval(timer);
    else res.write(CHUNK);
  }, paceMs);
  res.on('close', () => clearInterval(timer));
}

export interface EndlessProxy extends TestServer {
  /** Requests to the endless paths so far. */
  endlessRequests(): number;
}

/** Answers `req` as the simulator does (through `app.inject`, no second socket). */
export async function forward(sim: SimServer, req: Recorded, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  for (const h of ['authorization', 'content-type', 'accept'])
    if (typeof req.headers[h] === 'string') headers[h] = req.headers[h] as string;
  const answer = await sim.app.inject({
    method: req.method as 'GET',
    url: `${req.path}${req.query ? `?${req.query}` : ''}`,
    headers,
    ...(req.body ? { payload: req.body } : {}),
  });
  const type = answer.headers['content-type'];
  res
    .writeHead(answer.statusCode, typeof type === 'string' ? { 'content-type': type } : {})
    .end(answer.rawPayload);
}

export async function endlessProxy(
  sim: SimServer,
  endless: (path: string) => boolean,
  paceMs = 5,
): Promise<EndlessProxy> {
  let count = 0;
  const server = await startServer(async (req, res) => {
    if (endless(req.path)) {
      count++;
      streamEndless(res, paceMs);
      return;
    }
    await forward(sim, req, res);
  });
  return { ...server, endlessRequests: () => count };
}

/**
 * A device that tells of every write before the simulator answers it: `onWrite` sees each
 * request other than a GET as it arrives (the console's state at that moment is what the
 * console showed before sending it).
 */
export async function writeWatchingProxy(
  sim: SimServer,
  onWrite: (request: Recorded) => void,
): Promise<TestServer> {
  return startServer(async (req, res) => {
    if (req.method !== 'GET') onWrite(req);
    await forward(sim, req, res);
  });
}
