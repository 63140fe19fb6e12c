/**
 * One HTTP exchange with the device over node:http(s), with as little work per request as it
 * takes: the console's first screen sends ~20 at once, and in the single executable creating
 * them and reading their answers was ~17 ms of the main thread before the first frame.
 *
 * What does not change from one request to the next is made once per client: the host, port
 * and path prefix (no URL parsed per request), the request options and the head's headers as
 * one array (node:http writes an array as it is, without a setHeader per header). Per request:
 * one timer for the whole exchange (head and body; it destroys the request, no AbortSignal),
 * the body gathered from 'data' events into one Buffer (body-bytes.ts; no async iterator).
 */
import {
  type Agent,
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { BodyBuffer } from './body-bytes.js';

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

/** The exchange ran out of its time; `cause` is what destroying the request ended in. */
export class ExchangeTimeout extends Error {
  constructor(cause: unknown) {
    super('timed out', { cause });
  }
}

const prematureClose = () =>
  Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });

/** node:https (and with it TLS and crypto) is loaded only for an https:// device. */
const https = () => createRequire(import.meta.url)('node:https') as typeof import('node:https');

/** The requests of one client: where they go, parsed once, and those under way. */
export class Exchanges {
  private readonly send: typeof httpRequest;
  private readonly options: RequestOptions & { servername: string };
  /** The base URL's path ('' for none), each request's target appended. */
  private readonly prefix: string;
  /** host, accept and authorization: the head of every request without a body. */
  private readonly headers: readonly string[];
  private readonly inFlight = new Set<ClientRequest>();

  private readonly agent: Agent;

  /** `tls` applies to an https:// base: verify the certificate (against `ca`, if given) or not. */
  constructor(
    base: URL,
    tls: { rejectUnauthorized: boolean; ca: string | undefined },
    authorization: string | undefined,
  ) {
    // node:http, not undici or fetch: a scripted `pbc get` makes one request and exits, and
    // loading undici (llhttp in WebAssembly, HTTP/2, TLS) cost more than the request itself.
    // Short idle life: a write sent on a socket the device is just closing is not retried.
    const agentOptions = { keepAlive: true, timeout: 4_000 };
    if (base.protocol === 'https:') {
      const { ca, rejectUnauthorized } = tls;
      const { Agent, request } = https();
      this.agent = new Agent({
        ...agentOptions,
        rejectUnauthorized,
        ...(ca !== undefined ? { ca } : {}),
      });
      this.send = request;
    } else {
      this.agent = new HttpAgent(agentOptions);
      this.send = httpRequest;
    }
    const agent = this.agent;
    // (hostname without an IPv6 address's brackets, port as a number: as node:http takes a URL)
    const { protocol, hostname: name, port } = urlToHttpOptions(base);
    const hostname = name ?? '';
    // TLS's server name, as the Agent would work it out from Host for every request: the host
    // name, none for an IP address
    const servername = isIP(hostname) === 0 ? hostname : '';
    this.options = {
      protocol,
      hostname,
      servername,
      agent,
      ...(port !== undefined ? { port } : {}),
    };
    // a URL without a path has pathname '/': joined as is, `//device` would name a host
    this.prefix = base.pathname === '/' ? '' : base.pathname;
    // Host as node:http writes it for a URL (the port unless it is the scheme's default)
    const headers = ['host', base.host, 'accept', 'application/json'];
    if (authorization !== undefined) headers.push('authorization', authorization);
    this.headers = Object.freeze(headers);
  }

  /** Sends the request and reads its answer; fails with the request's error or ExchangeTimeout. */
  exchange(spec: ExchangeSpec): Promise<Answer> {
    const { body, method } = spec;
    const headers =
      body !== undefined
        ? [
            ...this.headers,
            'content-type',
            'application/json',
            'content-length',
            String(Buffer.byteLength(body)),
          ]
        : // node:http would announce a chunked body for these (the head is written before `end`)
          method === 'POST' || method === 'PUT'
          ? [...this.headers, 'content-length', '0']
          : this.headers;
    return new Promise((resolve, reject) => {
      const req = this.send({
        ...this.options,
        method,
        path: this.prefix + spec.target,
        headers: headers as string[],
      });
      let settled = false;
      const end = (error: unknown, answer?: Answer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.inFlight.delete(req);
        if (answer) resolve(answer);
        else {
          req.destroy();
          reject(timedOut ? new ExchangeTimeout(error) : error);
        }
      };
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        end(new Error('the exchange timed out'));
      }, spec.timeoutMs);
      this.inFlight.add(req);
      req.on('error', end);
      req.on('response', (res) => this.read(res, spec, end));
      req.end(body);
    });
  }

  /** Ends every exchange under way (each fails with the error destroying it gives) and the connections. */
  close(): void {
    for (const req of this.inFlight) req.destroy();
    this.agent.destroy();
  }

  /** The answer's body, to `end` (an error, or the answer), within the limit. */
  private read(
    res: IncomingMessage,
    spec: ExchangeSpec,
    end: (error: unknown, answer?: Answer) => void,
  ): void {
    const declared = Number(res.headers['content-length']);
    const length = Number.isFinite(declared) ? declared : undefined;
    if (length !== undefined && length > spec.limit) {
      end(spec.tooLarge(length));
      return;
    }
    const buffer = new BodyBuffer(spec.limit, () => spec.tooLarge(), length);
    let complete = false;
    res.on('data', (chunk: Buffer) => {
      try {
        buffer.push(chunk);
      } catch (error) {
        end(error);
      }
    });
    res.on('end', () => {
      complete = true;
      end(undefined, {
        status: res.statusCode ?? 0,
        bytes: buffer.bytes(),
        location: res.headers.location,
      });
    });
    res.on('error', end);
    // closed before its end without an error: what reading it as a stream reports
    res.on('close', () => {
      if (!complete) end(prematureClose());
    });
  }
}
