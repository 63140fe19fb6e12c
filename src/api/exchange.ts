/**
 * One HTTP/1.1 exchange with the device, written and read by pbc on node:net (node:tls for
 * https): the console's first screen sends ~20 requests at once, and node:http's request and
 * answer objects, streams and Agent were most of the main thread's work for them before the
 * first frame (docs/performance.md, "The device's answers without node:http").
 *
 * What does not change from one request to the next is made once per client: the host, port and
 * path prefix, and the head's fixed lines. Per request: one write (head and body), one timer for
 * the whole exchange (it closes the connection), the answer read from the connection's bytes
 * (answer-reader.ts). Connections are kept alive and reused (connections.ts).
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { AnswerReader } from './answer-reader.js';
import { Connections } from './connections.js';

/** What an exchange ends in: the status, the body's bytes and a redirect's Location. */
export interface Answer {
  status: number;
  bytes: Buffer;
  location: string | undefined;
}

/** One request: its method, its path relative to the base (query included), its body. */
export interface ExchangeSpec {
  method: string;
  target: string;
  body: string | undefined;
  /** For the whole exchange: head and body. */
  timeoutMs: number;
  /** Bytes of the answer read at most. */
  limit: number;
  /** The error of an answer over the limit: one that announces `declared` bytes, or reads more. */
  tooLarge: (declared?: number) => Error;
}

/** The exchange ran out of its time; `cause` is what closing the connection ended in. */
export class ExchangeTimeout extends Error {
  constructor(cause: unknown) {
    super('timed out', { cause });
  }
}

/** A request target holds only visible ASCII: nothing that could end the request line. */
const UNSAFE_TARGET = /[^\u0021-\u007e]/;
const METHOD = /^[A-Z]+$/;

/** node:tls (and with it crypto) is loaded only for an https:// device. */
const tls = () => createRequire(import.meta.url)('node:tls') as typeof import('node:tls');

const unescaped = () =>
  Object.assign(new TypeError('Request path contains unescaped characters'), {
    code: 'ERR_UNESCAPED_CHARACTERS',
  });

/** The requests of one client: where they go, parsed once, and their connections. */
export class Exchanges {
  private readonly connections: Connections;
  /** The base URL's path ('' for none), each request's target appended. */
  private readonly prefix: string;
  /** Host, Accept and Authorization lines: the head of every request after its first line. */
  private readonly fields: string;

  /** `tls` applies to an https:// base: verify the certificate (against `ca`, if given) or not. */
  constructor(
    base: URL,
    tlsOptions: { rejectUnauthorized: boolean; ca: string | undefined },
    authorization: string | undefined,
  ) {
    // (hostname without an IPv6 address's brackets, port as a number)
    const { hostname: name, port } = urlToHttpOptions(base);
    const host = name ?? '';
    const https = base.protocol === 'https:';
    // TLS's server name: the host name, none for an IP address
    const servername = isIP(host) === 0 ? host : '';
    const endpoint = {
      host,
      port: port !== undefined && port !== '' ? Number(port) : https ? 443 : 80,
      ...(https ? { tls: { servername, ...tlsOptions } } : {}),
    };
    // Short idle life: a write sent on a connection the device is just closing is not retried.
    this.connections = new Connections(endpoint, 4_000, https ? tls().connect : undefined);
    // a URL without a path has pathname '/': joined as is, `//device` would name a host
    this.prefix = base.pathname === '/' ? '' : base.pathname;
    // Host as the URL has it (the port unless it is the scheme's default)
    // (keep-alive said, as node:http says it: HTTP/1.1's default, but not every device's)
    let fields = `host: ${base.host}\r\naccept: application/json\r\nconnection: keep-alive\r\n`;
    if (authorization !== undefined) fields += `authorization: ${authorization}\r\n`;
    this.fields = fields;
  }

  /** Sends the request and reads its answer; fails with the connection's error or ExchangeTimeout. */
  exchange(spec: ExchangeSpec): Promise<Answer> {
    const { body, method } = spec;
    const path = this.prefix + spec.target;
    if (UNSAFE_TARGET.test(path) || !METHOD.test(method)) return Promise.reject(unescaped());
    let head = `${method} ${path} HTTP/1.1\r\n${this.fields}`;
    if (body !== undefined)
      head += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    // an empty POST or PUT says so (a device may wait for a body otherwise)
    else if (method === 'POST' || method === 'PUT') head += 'content-length: 0\r\n';
    return new Promise((resolve, reject) => {
      const socket = this.connections.take();
      const reader = new AnswerReader(spec.limit, spec.tooLarge, method === 'HEAD');
      let timedOut = false;
      let settled = false;
      const end = (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.removeListener('data', onData);
        socket.removeListener('end', onEnd);
        socket.removeListener('close', onEnd);
        socket.removeListener('error', end);
        if (error !== undefined) {
          socket.destroy();
          reject(timedOut ? new ExchangeTimeout(error) : error);
          return;
        }
        const { reusable, ...answer } = reader.answer();
        if (reusable) this.connections.give(socket);
        else socket.destroy();
        resolve(answer);
      };
      const onData = (chunk: Buffer) => {
        try {
          reader.push(chunk);
          if (reader.done) end(undefined);
        } catch (error) {
          end(error);
        }
      };
      // closed by the device: whole if the answer is framed by the close, else a hang-up
      const onEnd = () => {
        try {
          reader.end();
          end(undefined);
        } catch (error) {
          end(error);
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        end(new Error('the exchange timed out'));
      }, spec.timeoutMs);
      socket.on('data', onData);
      socket.on('end', onEnd);
      socket.on('close', onEnd);
      socket.on('error', end);
      socket.write(`${head}\r\n${body ?? ''}`);
    });
  }

  /** Ends every exchange under way (each fails with a hang-up) and the connections. */
  close(): void {
    this.connections.close();
  }
}
