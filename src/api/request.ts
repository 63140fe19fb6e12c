/**
 * A write as data: the method, the path and the parameters, built once by the family's
 * builder (e.g. `portConfigRequest`) and used both by the client, which sends it, and by
 * the operations layer (src/ops), which shows it in a confirmation. So what is shown is
 * what is sent.
 */
import type { ApiRequest, Method } from './api-request.js';
import { hasSecret, type Transport } from './transport.js';

export type { ApiRequest } from './api-request.js';

/**
 * A request with query parameters, as the transport sends it: a write whose parameters
 * hold a password-like key goes as a JSON body instead (the transport's backstop), so the
 * request says so too.
 */
export function queryRequest(
  method: Method,
  path: string,
  query?: Record<string, unknown>,
): ApiRequest {
  if (query === undefined) return { method, path };
  if (method !== 'GET' && hasSecret(query)) return { method, path, json: query };
  return { method, path, query };
}

/** A request with a JSON body. */
export function jsonRequest(method: Method, path: string, json: unknown): ApiRequest {
  return { method, path, json };
}

/** Sends `r` and returns the parsed answer. */
export function sendRequest(t: Transport, r: ApiRequest): Promise<unknown> {
  return t.request(r.method, r.path, {
    ...(r.query !== undefined ? { query: r.query } : {}),
    ...(r.json !== undefined ? { json: r.json } : {}),
  });
}

/** Sends `r`, a write answered by a Result, and returns the device's result text. */
export function sendWrite(t: Transport, r: ApiRequest): Promise<string> {
  return t.write(r.method, r.path, {
    ...(r.query !== undefined ? { query: r.query } : {}),
    ...(r.json !== undefined ? { json: r.json } : {}),
  });
}
