/**
 * HTTP to the device: kept-alive connections per client (exchange.ts), basic auth, per-request
 * timeout, one retry for GETs that met a reset or a timeout, none for writes, and error
 * mapping to the PbcError family. Responses are parsed losslessly (see json.ts), big ones in
 * slices (json-slices.ts).
 * A body is read as bytes and parsed from them: a big answer is never decoded as one text.
 *
 * Secrets never travel in a URL: a write whose parameters hold a password-like field is
 * sent as a JSON body (the spec: every function also accepts JSON), so no password lands
 * in an access log, a proxy log or the debug hook's URL. Every error a request ends in has
 * the session's password and the request's secrets masked (mask.ts), whatever the device
 * echoed. An answer is read up to `maxAnswerBytes` (64 MiB by default) and no further.
 */
import { isSecretParameter } from '../model/secrets.js';
import type { ApiRequest, Method } from './api-request.js';
import { bodyText } from './body-bytes.js';
import {
  AnswerTooLargeError,
  AuthError,
  ConnectionError,
  DeviceError,
  deviceFailure,
  ForbiddenError,
  isErrorResult,
  ParseError,
  PbcError,
  ReadonlyError,
  TimeoutError,
} from './errors.js';
import { type Answer, Exchanges, ExchangeTimeout } from './exchange.js';
import { stringifyJson } from './json.js';
import { type ElementMap, parseJsonBytes } from './json-slices.js';
import { maskError, maskSecrets, rememberSecret, secretsIn } from './mask.js';
import { networkError } from './network-errors.js';
import { describe, field, isObject, normalizeResult } from './shape.js';
import { type WriteContext, writeContext } from './write-context.js';

export type { ApiRequest, Method } from './api-request.js';
export { networkError } from './network-errors.js';

const DEFAULT_TIMEOUT_MS = 5000;
/**
 * The biggest answer read: well above the biggest real one (65,536 rules, GET /rules/all,
 * ≈ 17 MB). A bigger or endless answer is cut off with AnswerTooLargeError.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** `64 MiB`, `1.5 KiB`, `900 bytes`. */
export function formatBytes(n: number): string {
  const units: [number, string][] = [
    [1024 ** 3, 'GiB'],
    [1024 ** 2, 'MiB'],
    [1024, 'KiB'],
  ];
  for (const [size, unit] of units)
    if (n >= size) return `${Number((n / size).toFixed(1))} ${unit}`;
  return `${n} bytes`;
}

/** One attempt, as the debug hook sees it. Never holds headers; secrets read '***'. */
export interface LogEntry {
  method: Method;
  /** Path relative to the base URL, with the query decoded for reading (secrets '***'). */
  url: string;
  attempt: number;
  ms: number;
  status?: number;
  /** Size of a JSON request body in bytes (the body itself is not logged). */
  bodyBytes?: number;
  error?: string;
}

export interface TransportOptions {
  /** Base URL including the `/rest` prefix, e.g. `http://127.0.0.1:8080/rest`. */
  url: string;
  user?: string;
  password?: string;
  /** Per attempt, default 5000. */
  timeoutMs?: number;
  /** HTTPS without certificate verification. */
  insecure?: boolean;
  /** PEM certificate(s) to trust for HTTPS. */
  ca?: string;
  /** Refuse every non-GET request before anything is sent. */
  readonly?: boolean;
  /** Bytes of one answer read at most; DEFAULT_MAX_ANSWER_BYTES by default. */
  maxAnswerBytes?: number;
  onLog?: (entry: LogEntry) => void;
  /** The pause before a GET's retry, given its length (100–300 ms, jittered); for tests. */
  retryPause?: (ms: number) => Promise<void>;
}

/** How a write ended: the device's parsed answer, or the error it ended in (secrets masked). */
export type WriteOutcome = { ok: true; answer: unknown } | { ok: false; error: unknown };

/**
 * Sees every write (every non-GET request) before it is sent and again when it has ended.
 * `context` is the operation the write belongs to (its kind and state reader), set by the
 * executor (src/ops/execute.ts, write-context.ts); undefined for a write sent outside it.
 * `before` may throw: then nothing is sent and the request fails with that error. It returns
 * what to call with the outcome. GETs made from inside the hook (to read what the write will
 * change) are not writes and do not reach it. The console and the CLI install the journal
 * (src/ops/journal.ts) here, so no write of either can skip it, whoever builds the request.
 */
export interface WriteHook {
  before(
    request: ApiRequest,
    context: WriteContext | undefined,
  ): Promise<(outcome: WriteOutcome) => Promise<void>>;
}

export interface RequestOptions {
  /**
   * Encoded per the spec: `match[in_port]=1`, `names[]=a`, booleans as true/false. On a
   * write, a query holding a password-like key is sent as a JSON body instead.
   */
  query?: Record<string, unknown>;
  /** Sent as a JSON body (bigint written as a number); use it for anything secret. */
  json?: unknown;
  /** A ready JSON text body. */
  body?: string;
  timeoutMs?: number;
  /**
   * Applied, in a successful answer (2xx), to each element of the top-level array or of the
   * top-level object's arrays as it is parsed (json-slices.ts): the rules reader normalizes
   * each rule there. Its errors end the request as they are.
   */
  elements?: ElementMap;
}

/** True when a declared secret parameter (secrets.ts) occurs anywhere in the parameters. */
export function hasSecret(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSecret);
  if (!isObject(value)) return false;
  return Object.keys(value).some((k) => isSecretParameter(k) || hasSecret(value[k]));
}

/** Copies the parameters with declared secrets (secrets.ts) replaced by '***', at any depth. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value).map((k) => [k, isSecretParameter(k) ? '***' : redact(value[k])]),
  );
}

/**
 * Monotonic milliseconds: the global `performance` would load Node's perf_hooks modules
 * (~0.5 ms of every start) for a timing this needs no more of.
 */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class Transport {
  readonly readonly: boolean;
  readonly timeoutMs: number;
  private readonly base: URL;
  private readonly authorization: string | undefined;
  readonly maxAnswerBytes: number;
  /** The password and its basic-auth token: masked in every error. */
  private readonly secrets: string[] = [];
  /** The requests: where they go and those under way (`close` ends them, not waiting). */
  private readonly exchanges: Exchanges;
  private closed = false;
  private writeHook: WriteHook | undefined;

  constructor(private readonly options: TransportOptions) {
    this.base = parseBaseUrl(options.url);
    this.readonly = options.readonly ?? false;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    if (options.user !== undefined || options.password !== undefined) {
      const pair = `${options.user ?? ''}:${options.password ?? ''}`;
      const token = Buffer.from(pair, 'utf8').toString('base64');
      this.authorization = `Basic ${token}`;
      if (options.password !== undefined) this.secrets.push(options.password, token);
      for (const secret of this.secrets) rememberSecret(secret);
    }
    const tls = { rejectUnauthorized: options.insecure !== true, ca: options.ca };
    this.exchanges = new Exchanges(this.base, tls, this.authorization);
  }

  /** Installs the hook every later write passes through (one per transport; replaces any). */
  setWriteHook(hook: WriteHook | undefined): void {
    this.writeHook = hook;
  }

  /** The installed hook (a fleet run wraps the journal's, src/commands/fleet-run.ts). */
  writeHookOf(): WriteHook | undefined {
    return this.writeHook;
  }

  /** Sends one request and returns the parsed JSON body (null for an empty body). */
  async request(method: Method, path: string, options: RequestOptions = {}): Promise<unknown> {
    const endpoint = `${method} ${path}`;
    if (method !== 'GET' && this.readonly) {
      throw new ReadonlyError(
        `${endpoint} refused: the connection is read-only — reconnect without --readonly to change the device`,
      );
    }
    const hook = this.writeHook;
    if (method === 'GET' || !hook) return this.send(method, path, options);
    const done = await hook.before(
      {
        method,
        path,
        ...(options.query !== undefined ? { query: options.query } : {}),
        ...(options.json !== undefined ? { json: options.json } : {}),
      },
      writeContext(),
    );
    let answer: unknown;
    try {
      answer = await this.send(method, path, options);
    } catch (error) {
      await done({ ok: false, error });
      throw error;
    }
    await done({ ok: true, answer });
    return answer;
  }

  private async send(method: Method, path: string, options: RequestOptions): Promise<unknown> {
    const endpoint = `${method} ${path}`;
    let params = options.query;
    let json = options.json;
    // Backstop for writes that carry a secret in `query`: send them as a JSON body instead.
    if (method !== 'GET' && json === undefined && options.body === undefined && hasSecret(params)) {
      json = params;
      params = undefined;
    }
    // (query.ts, with qs, is loaded only for a request that has parameters)
    const q = params === undefined ? undefined : await import('./query.js');
    const query = q?.encodeQuery(params) ?? '';
    const target = `${path}${query ? `?${query}` : ''}`;
    // Shown decoded (readable), with secrets replaced.
    const safeQuery = q?.shownQuery(redact(params)) ?? '';
    const shown = `${path}${safeQuery ? `?${safeQuery}` : ''}`;
    const body = options.body ?? (json === undefined ? undefined : stringifyJson(json));
    // What this request carries that must not come back in a message.
    const secrets = [...this.secrets, ...secretsIn(params), ...secretsIn(json)];
    for (const secret of secrets) rememberSecret(secret);
    for (let attempt = 1; ; attempt++) {
      const started = nowMs();
      let status: number | undefined;
      let failure: unknown;
      try {
        const res = await this.attempt(method, endpoint, target, body, options.timeoutMs);
        status = res.status;
        const ok = res.status >= 200 && res.status < 300;
        const parsed = await parseBody(res.bytes, ok ? options.elements : undefined);
        return this.interpret(method, endpoint, res.status, res.bytes, res.location, parsed);
      } catch (err) {
        failure = maskError(err, secrets);
        const retriable =
          err instanceof TimeoutError || (err instanceof ConnectionError && err.kind === 'reset');
        if (method !== 'GET' || attempt > 1 || !retriable || this.closed) throw failure;
      } finally {
        this.log({ method, url: shown, attempt, started, status, body, failure });
      }
      await (this.options.retryPause ?? sleep)(100 + Math.random() * 200);
    }
  }

  /** A write answered by a Result: returns the device's result text (e.g. 'OK'). */
  async write(method: Method, path: string, options: RequestOptions = {}): Promise<string> {
    return normalizeResult(await this.request(method, path, options), `${method} ${path}`);
  }

  /** Ends the connections; requests still under way are cut off, not waited for. */
  close(): Promise<void> {
    this.closed = true;
    this.exchanges.close();
    return Promise.resolve();
  }

  /** One exchange: the status and body bytes, or a ConnectionError/TimeoutError. */
  private async attempt(
    method: Method,
    endpoint: string,
    target: string,
    body: string | undefined,
    timeoutMs = this.timeoutMs,
  ): Promise<Answer> {
    if (this.closed)
      throw new ConnectionError(`${endpoint} not sent: the connection was closed`, 'other');
    const limit = this.maxAnswerBytes;
    const tooLarge = (declared?: number) =>
      new AnswerTooLargeError(
        `answer from ${endpoint} ${declared === undefined ? 'exceeds' : `announces ${formatBytes(declared)}, over the limit of`} ${formatBytes(limit)} — raise the limit with --max-answer-size or PBC_MAX_ANSWER`,
      );
    try {
      return await this.exchanges.exchange({ method, target, body, timeoutMs, limit, tooLarge });
    } catch (err) {
      if (err instanceof AnswerTooLargeError) throw err;
      const timedOut = err instanceof ExchangeTimeout;
      if (this.closed && !timedOut)
        throw new ConnectionError(`${endpoint} cancelled: the connection was closed`, 'other', {
          cause: err,
        });
      throw timedOut
        ? new TimeoutError(
            `${endpoint} timed out after ${timeoutMs} ms — the device may be busy or unreachable; try a longer --timeout`,
            { cause: err.cause },
          )
        : networkError(err, endpoint, this.base.host);
    }
  }

  private interpret(
    method: Method,
    endpoint: string,
    status: number,
    bytes: Buffer,
    location: string | undefined,
    body: ParsedBody,
  ): unknown {
    const user = this.options.user;
    if (status === 401) {
      throw new AuthError(
        `${endpoint}: the device rejected ${user === undefined ? 'the request without credentials' : `the credentials of user '${user}'`} (HTTP 401) — check the user name and password`,
        { status },
      );
    }
    if (status === 403) {
      throw new ForbiddenError(
        `${endpoint}: ${user === undefined ? 'anonymous access' : `user '${user}'`} may not do this (HTTP 403) — use an account with a higher access level`,
        { status },
      );
    }
    if (status === 503) {
      const message = `${endpoint}: device unavailable (rebooting?) (HTTP 503) — retry in a minute`;
      throw new DeviceError(message, { status });
    }
    const { data, parsed } = body;
    const error = parsed && isObject(data) ? field(data, 'error') : undefined;
    if (typeof error === 'string' && error.trim() !== '')
      throw deviceFailure(endpoint, error, status);
    if (status >= 300 && status < 400) {
      throw new DeviceError(
        `${endpoint}: the device redirected (HTTP ${status}${location ? ` to ${location}` : ''}) — check the URL's scheme and path`,
        { status },
      );
    }
    if (status >= 400) {
      const text = bodyText(bytes);
      const excerpt = text.trim() === '' ? 'empty body' : describe(text.trim());
      throw new DeviceError(`${endpoint} failed with HTTP ${status} (${excerpt})`, { status });
    }
    if (!parsed)
      throw new ParseError(
        endpoint,
        '',
        `the body is not JSON: ${describe(bodyText(bytes).trim())}`,
      );
    if (method !== 'GET' && isObject(data)) {
      const result = field(data, 'result');
      if (typeof result === 'string' && isErrorResult(result)) {
        throw deviceFailure(endpoint, result, status);
      }
    }
    return data;
  }

  private log(attempt: {
    method: Method;
    url: string;
    attempt: number;
    started: number;
    status: number | undefined;
    body: string | undefined;
    failure: unknown;
  }): void {
    const hook = this.options.onLog;
    if (!hook) return;
    const entry: LogEntry = {
      method: attempt.method,
      url: this.scrub(attempt.url),
      attempt: attempt.attempt,
      ms: Math.round(nowMs() - attempt.started),
    };
    if (attempt.status !== undefined) entry.status = attempt.status;
    if (attempt.body !== undefined) entry.bodyBytes = Buffer.byteLength(attempt.body);
    if (attempt.failure !== undefined) {
      const f = attempt.failure;
      entry.error = this.scrub(f instanceof Error ? f.message : String(f));
    }
    try {
      hook(entry);
    } catch {
      // A failing log hook must not change the outcome of the request.
    }
  }

  /** Belt and braces: the password never appears in a log line, even echoed by the device. */
  private scrub(text: string): string {
    return maskSecrets(text, this.secrets);
  }
}

interface ParsedBody {
  /** null for an empty body or one that is not JSON. */
  data: unknown;
  parsed: boolean;
}

/**
 * The body as JSON, parsed from its bytes; a big one in slices so the console keeps answering
 * keys. An error of `elements` (a malformed rule) is thrown as it is.
 */
async function parseBody(bytes: Buffer, elements: ElementMap | undefined): Promise<ParsedBody> {
  let failure: { error: unknown } | undefined;
  const mapped: ElementMap | undefined = elements
    ? (value, index, member) => {
        try {
          return elements(value, index, member);
        } catch (error) {
          failure = { error };
          throw error;
        }
      }
    : undefined;
  try {
    return { data: await parseJsonBytes(bytes, mapped ? { elements: mapped } : {}), parsed: true };
  } catch {
    if (failure) throw failure.error;
    if (bodyText(bytes).trim() === '') return { data: null, parsed: true };
    return { data: null, parsed: false };
  }
}

function parseBaseUrl(url: string): URL {
  let base: URL;
  try {
    base = new URL(url);
  } catch {
    throw new PbcError(`invalid device URL '${url}' — expected http(s)://host[:port]/rest`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') {
    throw new PbcError(
      `unsupported scheme '${base.protocol}' in '${url}' — use http:// or https://`,
    );
  }
  if (base.username || base.password) {
    throw new PbcError(
      'credentials inside the device URL are not accepted — pass the user and password separately',
    );
  }
  base.pathname = base.pathname.replace(/\/+$/, '');
  base.search = '';
  base.hash = '';
  return base;
}
