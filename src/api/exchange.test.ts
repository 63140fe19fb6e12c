/**
 * One exchange as the device sees it and as its end is reported (exchange.ts): the head every
 * request carries, a timeout over head and body alike, an answer cut off in its body, a base
 * URL on an IPv6 address; connections kept and reused, and answers from a device that is not
 * node:http (framed by the close, malformed).
 */
import { createServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  type AddressInfo,
  createServer as createTcpServer,
  type Server,
  type Socket,
} from 'node:net';
import { afterEach, describe, expect, it, type TestContext } from 'vitest';
import { ConnectionError, TimeoutError } from './errors.js';
import { TEST_CERT, TEST_KEY } from './test-cert.js';
import { failure, json, startServer } from './test-server.js';
import { Transport } from './transport.js';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

async function serve(handler: Parameters<typeof startServer>[0]) {
  const server = await startServer(handler);
  cleanup.push(() => server.close());
  return server;
}

/** `server` listening on ::1, closed after the test (skipped with no IPv6 loopback); its port. */
async function onIpv6Loopback(server: Server, context: TestContext): Promise<number> {
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(0, '::1', () => resolve(true));
  });
  if (!listening) context.skip(); // no IPv6 loopback on this machine
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  return (server.address() as AddressInfo).port;
}

function transport(url: string, extra: Partial<ConstructorParameters<typeof Transport>[0]> = {}) {
  const t = new Transport({ url, timeoutMs: 1000, retryPause: async () => {}, ...extra });
  cleanup.push(() => t.close());
  return t;
}

describe('exchange: the head', () => {
  it('sends host, accept, authorization and keep-alive; a body with its type and length', async () => {
    const server = await serve((req, res) => json(res, 200, { result: 'OK', echo: req.body }));
    const t = transport(server.url, { user: 'ops', password: 'pw' });
    await t.request('GET', '/device/name');
    await t.request('POST', '/users', { json: { username: 'é' } });
    const [get, post] = server.requests;
    expect(get?.headers).toMatchObject({
      host: `127.0.0.1:${server.port}`,
      accept: 'application/json',
      authorization: `Basic ${Buffer.from('ops:pw').toString('base64')}`,
      connection: 'keep-alive',
    });
    expect(get?.headers['content-length']).toBeUndefined();
    expect(post?.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength('{"username":"é"}')),
    });
    expect(post?.body).toBe('{"username":"é"}');
  });

  it('sends a write without a body with Content-Length 0, not as a chunked body', async () => {
    const server = await serve((_req, res) => json(res, 200, { result: 'OK' }));
    const t = transport(server.url);
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      await t.request(method, '/device/reboot');
    const [post, put, del] = server.requests.map((r) => r.headers);
    for (const head of [post, put]) {
      expect(head?.['content-length']).toBe('0');
      expect(head?.['transfer-encoding']).toBeUndefined();
    }
    // as node:http sends a DELETE without a body: neither
    expect(del?.['content-length']).toBeUndefined();
    expect(del?.['transfer-encoding']).toBeUndefined();
  });

  it('reaches a device on an IPv6 address, naming it in brackets in Host', async (context) => {
    const server = createServer((req, res) =>
      json(res, 200, { name: 'pb6', host: req.headers.host ?? '' }),
    );
    const port = await onIpv6Loopback(server, context);
    const answer = await transport(`http://[::1]:${port}/rest`).request('GET', '/device/name');
    expect(answer).toEqual({ name: 'pb6', host: `[::1]:${port}` });
  });
});

describe('exchange: how it ends', () => {
  it('times out an answer whose body trickles in, however steadily (the whole exchange is timed)', async () => {
    const timers: NodeJS.Timeout[] = [];
    cleanup.push(async () => timers.forEach(clearInterval));
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('[');
      timers.push(setInterval(() => res.write('1,'), 20));
    });
    const err = await failure(transport(server.url, { timeoutMs: 200 }).request('GET', '/x'));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.message).toMatch(/GET \/x timed out after 200 ms/);
    expect(server.requests).toHaveLength(2); // a GET is retried once
  });

  it('reports an answer cut off in its body as a reset, and retries a GET once', async () => {
    const server = await serve((_req, res, index, raw) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      if (index % 2 === 0) res.write('{"name":', () => raw.socket.destroy());
      else res.end(JSON.stringify({ name: 'pb-1' }).padEnd(100));
    });
    expect(await transport(server.url).request('GET', '/device/name')).toEqual({ name: 'pb-1' });
    expect(server.requests).toHaveLength(2);
    const post = await failure(transport(server.url).request('POST', '/device/name'));
    expect(post).toBeInstanceOf(ConnectionError);
    expect((post as ConnectionError).kind).toBe('reset');
  });
});

/** A device that answers every connection's bytes with `answer` (raw HTTP), then maybe closes. */
async function rawDevice(answer: (socket: Socket) => void) {
  const server = createTcpServer((socket) => {
    socket.once('data', () => answer(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest`;
}

describe('exchange: connections', () => {
  it('keeps a connection open and sends the next requests on it', async () => {
    const server = await serve((_req, res) => json(res, 200, { result: 'OK' }));
    const t = transport(server.url);
    for (let i = 0; i < 3; i++) await t.request('GET', '/device/name');
    const ports = server.requests.map((r) => r.remotePort);
    expect(ports).toHaveLength(3);
    expect(new Set(ports).size).toBe(1);
  });

  it('opens as many connections as requests under way at once', async () => {
    const server = await serve((_req, res) => json(res, 200, { result: 'OK' }));
    const t = transport(server.url);
    await Promise.all([1, 2, 3, 4].map(() => t.request('GET', '/device/name')));
    expect(new Set(server.requests.map((r) => r.remotePort)).size).toBe(4);
  });

  it('sends the next request on the connection used last (the least likely to be closing)', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const server = await serve(async (req, res) => {
      if (req.path.endsWith('/a')) await released;
      json(res, 200, { result: 'OK' });
    });
    const t = transport(server.url);
    const a = t.request('GET', '/a');
    await t.request('GET', '/b'); // /b's connection is idle first
    release();
    await a; // then /a's: the one used last
    await t.request('GET', '/c');
    const port = (path: string) => server.requests.find((r) => r.path.endsWith(path))?.remotePort;
    expect(port('/a')).not.toBe(port('/b'));
    expect(port('/c')).toBe(port('/a'));
  });

  it('opens a new connection once the device has closed the kept one', async () => {
    let closed = Promise.resolve();
    const server = await serve((_req, res, _i, raw) => {
      json(res, 200, { name: 'pb-1' });
      // the device ends the connection once this answer is out, without saying so
      closed = new Promise((resolve) => raw.socket.once('close', () => resolve()));
      res.on('finish', () => raw.socket.end());
    });
    const t = transport(server.url);
    expect(await t.request('GET', '/device/name')).toEqual({ name: 'pb-1' });
    await closed; // both ends closed: pbc has seen it
    expect(await t.request('POST', '/device/name')).toEqual({ name: 'pb-1' });
    expect(server.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(new Set(server.requests.map((r) => r.remotePort)).size).toBe(2);
  });

  it('reads an HTTP/1.0 answer that ends with its connection', async () => {
    const url = await rawDevice((socket) =>
      socket.end('HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{"name":"pb-10"}'),
    );
    const t = transport(url);
    expect(await t.request('GET', '/device/name')).toEqual({ name: 'pb-10' });
    expect(await t.request('GET', '/device/name')).toEqual({ name: 'pb-10' });
  });

  it('reports a malformed answer as one readable connection error, and sends no write twice', async () => {
    let connections = 0;
    const url = await rawDevice((socket) => {
      connections++;
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n{}');
    });
    const err = await failure(transport(url).request('POST', '/device/name'));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(err.message).toMatch(/HPE_INVALID_CONTENT_LENGTH/);
    expect(err.message).not.toMatch(/\n/);
    expect(connections).toBe(1);
  });

  it('refuses to send a target that could end the request line', async () => {
    const server = await serve((_req, res) => json(res, 200, { result: 'OK' }));
    const err = await failure(
      transport(server.url).request('GET', '/device/name HTTP/1.1\r\nX: y'),
    );
    expect(err.message).toMatch(/unescaped characters/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('exchange: https', () => {
  it('resumes the TLS session on a new connection to the same device', async () => {
    const server = await startServer((_req, res) => json(res, 200, { result: 'OK' }), {
      cert: TEST_CERT,
      key: TEST_KEY,
    });
    cleanup.push(() => server.close());
    const resumed: boolean[] = [];
    const t = transport(server.url, { ca: TEST_CERT });
    await t.request('GET', '/a');
    // two at once: the kept connection and a new one
    await Promise.all([t.request('GET', '/b'), t.request('GET', '/c')]);
    for (const r of server.requests) resumed.push(r.tlsResumed === true);
    expect(new Set(server.requests.map((r) => r.remotePort)).size).toBe(2);
    expect(resumed).toContain(true);
  });

  it('refuses a trusted certificate that does not name the device', async (context) => {
    const server = createHttpsServer({ cert: TEST_CERT, key: TEST_KEY }, (_req, res) =>
      json(res, 200, { model: 'PB' }),
    );
    const port = await onIpv6Loopback(server, context);
    // the certificate names 127.0.0.1 and localhost, not ::1
    const err = await failure(
      transport(`https://[::1]:${port}/rest`, { ca: TEST_CERT }).request('GET', '/device/model'),
    );
    expect(err).toBeInstanceOf(ConnectionError);
    expect((err as ConnectionError).kind).toBe('tls');
    expect(err.message).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
  });
});
