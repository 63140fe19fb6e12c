/**
 * The simulated device's HTTP front: fastify, the spec's parameter conventions, method
 * override, UAC, {error} bodies with 4xx statuses, faults for testing, reboot downtime.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { authenticate, credentialsFrom, LEVEL_OF, requireLevel } from './auth.js';
import { initDevice } from './boot.js';
import { loadDemoStory } from './demo.js';
import { SimError } from './errors.js';
import { FaultControl, registerControl } from './faults.js';
import { clientErrorHandler, writeRawAnswer } from './http-errors.js';
import { encode, parseBody } from './json.js';
import { LoginThrottle, TooManyLogins } from './login-throttle.js';
import { Params, parseQuery, type Raw, reservedName } from './params.js';
import { flushPersistence } from './persist.js';
import { registerPower } from './power.js';
import { type Ctx, Router } from './router.js';
import { registerAllRoutes } from './routes.js';
import { SharedAnswers } from './shared-answers.js';
import { type SimOptions, SimState } from './state.js';

export interface SimServerOptions extends SimOptions {
  host?: string;
  port?: number;
  latencyMs?: number;
  failRate?: number;
  /** Directory for persisted configuration; in memory when absent. */
  stateDir?: string;
  /**
   * The token /_sim needs. Generated when `host` is not a loopback address (unless given);
   * none on loopback, where /_sim stays open.
   */
  controlToken?: string;
  /** pbc --demo: the factory rules plus the demo's monitoring set (demo.ts). */
  demo?: boolean;
}

export interface SimServer {
  /** e.g. http://127.0.0.1:8080/rest */
  url: string;
  port: number;
  state: SimState;
  faults: FaultControl;
  app: FastifyInstance;
  /** What /_sim requests must carry (X-Sim-Token or ?token=), or undefined when open. */
  controlToken: string | undefined;
  /** The shared serialized answers of GET /rules/all and /ports/stats. */
  answers: SharedAnswers;
  close(): Promise<void>;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h)
  );
}

// Every method Node's parser accepts reaches our router, so that one the path does not
// support is a 405 (with Allow), not a 404. HEAD comes with GET (fastify's exposeHeadRoutes);
// CONNECT never reaches a route (see the 'connect' listener).
const METHODS = http.METHODS.filter((m) => m !== 'HEAD' && m !== 'CONNECT');

/** The device path of a /rest URL: without /rest, the query and trailing slashes. */
const devicePath = (url: string): string =>
  (url.split('?')[0] ?? '').replace(/^\/rest/, '').replace(/\/+$/, '') || '/';

function httpError(status: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: status });
}

export function buildApp(
  state: SimState,
  faults: FaultControl,
  controlToken?: string,
  answers: SharedAnswers = new SharedAnswers(state),
): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: 16 * 1024 * 1024,
    routerOptions: { querystringParser: parseQuery },
    return503OnClosing: true,
    // errors raised before our code runs answer {error} too (http-errors.ts)
    clientErrorHandler,
    frameworkErrors: (err, req, reply) => {
      const message =
        err.code === 'FST_ERR_BAD_URL'
          ? `malformed percent-encoding in the path '${req.url.split('?')[0]}' (write %XX with two hex digits, UTF-8)`
          : err.message;
      send(reply, err.statusCode ?? 400, { error: message });
    },
  });
  for (const m of METHODS) if (!app.supportedMethods.includes(m)) app.addHttpMethod(m);
  // fastify answers a QUERY without Content-Type with 400 (RFC 10008); the device has no
  // QUERY operation, so its body is not read and it gets the same 404/405 as the others
  app.addHttpMethod('QUERY', { overrideExisting: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      done(null, parseBody(text));
    } catch (e) {
      done(httpError(400, `malformed JSON body: ${(e as Error).message}`), undefined);
    }
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, parseQuery(String(body))),
  );
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, _body, done) => done(null, {}));

  const router = new Router();
  const throttle = new LoginThrottle(state.now);
  registerAllRoutes(router);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, req, reply) => {
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const message = `malformed Content-Type header '${req.headers['content-type']}'`;
      return send(reply, 415, { error: message });
    }
    if (err instanceof SimError) {
      if (err.status === 401)
        reply.header('www-authenticate', 'Basic realm="pbc device", charset="UTF-8"');
      if (err instanceof TooManyLogins) reply.header('retry-after', err.retryAfterS);
      return send(reply, err.status, { error: err.message });
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) state.log.append(`internal error: ${err.message}`);
    return send(reply, status, {
      error: status === 500 ? `internal error: ${err.message}` : err.message,
    });
  });
  app.setNotFoundHandler((req, reply) =>
    send(reply, 404, { error: `no such path: ${req.url.split('?')[0]}` }),
  );
  // Node hands CONNECT to this listener instead of a route (and drops the connection
  // when there is none): answer it like any other method the path does not support.
  app.server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    const url = req.url ?? '';
    const path = devicePath(url);
    const route = /^\/rest(\/|\?|$)/.test(url) ? router.find('CONNECT', path) : 'no-path';
    if (!Array.isArray(route))
      return writeRawAnswer(socket, 404, `no such path: ${url.split('?')[0]}`);
    const message = `method CONNECT is not allowed on /rest${path}; use ${route.join(' or ')}`;
    writeRawAnswer(socket, 405, message, { headers: [`Allow: ${route.join(', ')}`] });
  });

  registerControl(app, state, faults, controlToken);
  // after the token check, before the faults and the reboot window
  registerPower(app, state);

  const rebooting = (reply: FastifyReply): boolean => {
    if (state.rebootingUntil <= state.now()) return false;
    reply.header('retry-after', Math.ceil((state.rebootingUntil - state.now()) / 1000));
    send(reply, 503, { error: 'device is rebooting; try again in a few seconds' });
    return true;
  };
  // Callback style: the common case (no fault configured) adds no promise to a request.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/rest')) return done();
    if (req.method !== 'GET') faults.writes++;
    if (!faults.active()) {
      faults.requests++;
      if (!rebooting(reply)) done();
      return;
    }
    faults.beforeRequest(req, reply).then(
      () => {
        if (!reply.sent && !rebooting(reply)) done();
      },
      (e: Error) => done(e),
    );
  });

  const handle = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = devicePath(req.url);
    let method = req.method.toUpperCase();
    const override = req.headers['x-http-method-override'];
    if (typeof override === 'string' && override.trim() !== '') {
      const o = override.trim().toUpperCase();
      if (method !== 'POST')
        throw new SimError(400, 'X-HTTP-Method-Override is only honoured on POST');
      if (o !== 'PUT' && o !== 'DELETE')
        throw new SimError(400, `X-HTTP-Method-Override must be PUT or DELETE, got '${override}'`);
      method = o;
    }
    const route = router.find(method, path);
    if (route === 'no-path') throw new SimError(404, `no such path: /rest${path}`);
    if (Array.isArray(route)) {
      reply.header('allow', route.join(', '));
      throw new SimError(
        405,
        `method ${method} is not allowed on /rest${path}; use ${route.join(' or ')}`,
      );
    }
    const body = req.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body)))
      throw new SimError(400, 'the request body must be a JSON object or form parameters');
    const merged: Raw = { ...(req.query as Raw), ...((body as Raw | undefined) ?? {}) };
    const reserved = reservedName(merged);
    if (reserved !== undefined)
      throw new SimError(400, `parameter name '${reserved}' is not allowed`);
    const params = new Params(merged);
    const principal = await authenticate(
      state,
      credentialsFrom(req.headers.authorization, params),
      path,
      { address: req.socket.remoteAddress ?? '', throttle },
    );
    if (route.level !== 'auth')
      requireLevel(principal, LEVEL_OF[route.level], `${method} /rest${path}`);
    const ctx: Ctx = {
      params,
      state,
      principal,
      requireLevel: (level, what) => requireLevel(principal, level, what),
    };
    if (route.cacheable) return sendBytes(reply, await answers.get(route, ctx));
    const result = await route.handler(ctx);
    return send(reply, 200, result ?? { result: 'OK' });
  };
  app.route({ method: METHODS, url: '/rest', handler: handle });
  app.route({ method: METHODS, url: '/rest/*', handler: handle });
  return app;
}

function sendBytes(reply: FastifyReply, bytes: Buffer, status = 200): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(bytes);
}

/** A JSON answer: a value, or one already serialized (RawJson) or encoded (JsonBytes). */
function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return sendBytes(reply, encode(body), status);
}

export async function startSim(options: SimServerOptions = {}): Promise<SimServer> {
  const state = new SimState(options);
  await initDevice(state, options);
  if (options.demo) loadDemoStory(state);
  const faults = new FaultControl(state.seed, {
    latencyMs: options.latencyMs ?? 0,
    failRate: options.failRate ?? 0,
  });
  const host = options.host ?? '127.0.0.1';
  const controlToken =
    options.controlToken ?? (isLoopback(host) ? undefined : randomBytes(16).toString('hex'));
  const answers = new SharedAnswers(state);
  const app = buildApp(state, faults, controlToken, answers);
  await app.listen({ host, port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/rest`,
    port,
    state,
    faults,
    app,
    controlToken,
    answers,
    close: async () => {
      await app.close();
      await flushPersistence(state);
    },
  };
}
