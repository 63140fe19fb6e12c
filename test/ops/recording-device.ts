/**
 * A device that records every request and answers a plain Result: a node:http server on
 * 127.0.0.1 for checking what the transport really sends (method, path under /rest, the
 * query as the device decodes it with `qs.parse`, the JSON body parsed losslessly).
 *
 *   const device = await startRecordingDevice();
 *   const client = device.client();
 *   await op.send(client);
 *   device.requests[0]; // { method, path, query, json, body, contentType }
 *   await device.close();
 *
 * Writes are answered `{"result": "ok"}`, GETs `{"result": []}`; pass `answer` to say
 * something else for some requests (return undefined for the default).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import { type Client, createClient, parseJson } from '../../src/api/index.js';

export interface Recorded {
  method: string;
  /** The path under /rest (`/rules`), or the whole path when it is not under /rest. */
  path: string;
  /** The query as the device reads it: `match[in_port]=1` → `{ match: { in_port: '1' } }`. */
  query: Record<string, unknown>;
  /** The body parsed as JSON (big integers as bigint); undefined without a body. */
  json?: unknown;
  /** The body as received ('' without one). */
  body: string;
  contentType?: string;
}

export interface RecordingDevice {
  /** Base URL including /rest, for createClient. */
  url: string;
  requests: Recorded[];
  /** A real client (real transport) talking to this device; closed by `close`. */
  client(): Client;
  close(): Promise<void>;
}

export interface RecordingOptions {
  /** The JSON to answer a request with; undefined: the default Result. */
  answer?: (request: Recorded) => unknown;
}

const PREFIX = '/rest';

/** Every key and value of a query, however many or deep (qs's defaults would cut them off). */
export const parseQuery = (search: string): Record<string, unknown> =>
  qs.parse(search, { depth: 20, arrayLimit: 10_000, parameterLimit: 100_000 });

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startRecordingDevice(
  options: RecordingOptions = {},
): Promise<RecordingDevice> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      const raw = req.url ?? '/';
      const q = raw.indexOf('?');
      const pathname = q < 0 ? raw : raw.slice(0, q);
      const recorded: Recorded = {
        method: req.method ?? '',
        path: pathname.startsWith(`${PREFIX}/`) ? pathname.slice(PREFIX.length) : pathname,
        query: parseQuery(q < 0 ? '' : raw.slice(q + 1)),
        body,
      };
      if (body !== '') recorded.json = parseJson(body);
      if (req.headers['content-type']) recorded.contentType = req.headers['content-type'];
      requests.push(recorded);
      const answer =
        options.answer?.(recorded) ??
        (recorded.method === 'GET' ? { result: [] } : { result: 'ok' });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}${PREFIX}`;
  const clients: Client[] = [];
  return {
    url,
    requests,
    client() {
      const c = createClient({ url, user: 'admin', password: 'RecPass42', timeoutMs: 5000 });
      clients.push(c);
      return c;
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
