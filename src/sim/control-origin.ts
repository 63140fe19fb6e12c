/**
 * /_sim on loopback has no token (tests and `pbc --demo` use it freely), so a web page open
 * in a browser on the same machine could post to it: a cross-origin form or text/plain POST
 * needs no preflight. Refused with 403 {error}: a request whose Origin header is not the
 * simulator's own (http://HOST:PORT as the request's Host says), and a request with a body
 * that is not application/json (a browser cannot send that cross-origin without a
 * preflight, which the simulator never answers).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'lossless-json';

const CONTROL = /^\/_sim(\/|\?|$)/;

function hasBody(req: FastifyRequest): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** Why the request is refused, or undefined when it may go on. */
export function crossOrigin(req: FastifyRequest): string | undefined {
  const origin = req.headers.origin;
  if (origin !== undefined) {
    const own = `http://${req.headers.host ?? ''}`.toLowerCase();
    if (origin.toLowerCase() !== own)
      return `/_sim refuses requests from another origin ('${origin.slice(0, 100)}')`;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (hasBody(req) && type !== 'application/json')
    return '/_sim takes a JSON body only (Content-Type: application/json)';
  return undefined;
}

export function registerControlOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', (req: FastifyRequest, reply: FastifyReply, done) => {
    const why = CONTROL.test(req.url) ? crossOrigin(req) : undefined;
    if (!why) return done();
    reply
      .code(403)
      .type('application/json')
      .send(stringify({ error: why }));
  });
}
