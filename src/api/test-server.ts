/**
 * A tiny recording HTTP(S) server for the api tests: binds 127.0.0.1 on a free port and
 * records every request (method, path, raw query, headers, body) before the handler runs.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';

export interface Recorded {
  method: string;
  path: string;
  /** The raw query string, without '?'. */
  query: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The client's port: one per connection. */
  remotePort: number | undefined;
  /** HTTPS: the connection resumed an earlier TLS session. */
  tlsResumed?: boolean;
}

export type Handler = (
  req: Recorded,
  res: ServerResponse,
  index: number,
  raw: IncomingMessage,
) => unknown;

export interface TestServer {
  /** Base URL including /rest. */
  url: string;
  port: number;
  requests: Recorded[];
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown | string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' }).end(text);
}

export async function startServer(
  handler: Handler,
  tls?: { cert: string; key: string },
): Promise<TestServer> {
  const requests: Recorded[] = [];
  const listener = (raw: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const [path = '', query = ''] = (raw.url ?? '').split(/\?(.*)/s);
      const rec: Recorded = {
        method: raw.method ?? '',
        path,
        query,
        headers: raw.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: raw.socket.remotePort,
        ...('isSessionReused' in raw.socket
          ? { tlsResumed: (raw.socket as TLSSocket).isSessionReused() }
          : {}),
      };
      requests.push(rec);
      Promise.resolve(handler(rec, res, requests.length - 1, raw)).catch((err) =>
        json(res, 500, { error: String(err) }),
      );
    });
  };
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/rest`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 with nothing listening. */
export async function closedPort(): Promise<number> {
  const s = await startServer(() => {});
  await s.close();
  return s.port;
}

/** The error a call ends with (a call that succeeds fails the test). */
export async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected the call to fail');
}
