/**
 * Every write the console makes to the device, as data. One object says what is sent
 * (`request`), how it is shown in a confirmation (`describe()`, built from `request` only)
 * and how it is sent (`send`, the typed client call that produces exactly `request`), and
 * which store resources it changes (`affects`: the one refresh route after a write).
 *
 * Operations are built by one table per resource family (src/ops/<family>.ts); screens call
 * those builders and never import src/api. A test sends every kind of operation to a
 * recording device and checks the request the transport sent equals `request`.
 */
import { type ApiRequest, type Client, encodeQuery, redact } from '../api/index.js';
import { sanitizeLine } from '../model/index.js';
import type { ResourceKey } from '../store/resources.js';

export interface Operation<R = unknown> {
  /** `<family>.<verb>`, e.g. `rules.add`, `users.setUac`: one per kind of request. */
  kind: string;
  request: ApiRequest;
  /** `[request line, parameters]` for the confirmation, secrets masked. */
  describe(): [string, string];
  send(client: Client): Promise<R>;
  affects: readonly ResourceKey[];
}

/** A value as shown: quoted when it holds spaces or quotes, so a parameter list stays unambiguous. */
const shown = (v: unknown) => (/[\s"]/.test(String(v)) ? JSON.stringify(String(v)) : String(v));

/**
 * `match[in_port]=1 name=x`: the query as it travels, each key and value decoded for
 * reading (split before decoding, so a value holding `&` or `=` stays one value), secrets `***`.
 */
export function queryText(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  return encodeQuery(redact(query) as Record<string, unknown>)
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const eq = p.indexOf('=');
      if (eq < 0) return decodeURIComponent(p);
      return `${decodeURIComponent(p.slice(0, eq))}=${shown(decodeURIComponent(p.slice(eq + 1)))}`;
    })
    .join(' ');
}

/**
 * The confirmation text of a request: `['POST /rules', 'priority=5 match[in_port]=1 …']`.
 * Text in it (a name the device gave) is shown as the console shows device text: control
 * sequences dropped before quoting, so the one description is safe on a terminal.
 */
export function describeRequest(request: ApiRequest): [string, string] {
  const query = request.query ? (shownValue(request.query) as Record<string, unknown>) : undefined;
  const params = [
    queryText(query),
    request.json === undefined ? '' : JSON.stringify(redact(shownValue(request.json)), bigintText),
  ]
    .filter((s) => s !== '')
    .join(' ');
  return [`${request.method} ${request.path}`, params];
}

function shownValue(v: unknown): unknown {
  if (typeof v === 'string') return sanitizeLine(v);
  if (Array.isArray(v)) return v.map(shownValue);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [sanitizeLine(k), shownValue(x)]));
  return v;
}

const bigintText = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/** Builds an operation whose description is always derived from its request. */
export function operation<R>(
  kind: string,
  request: ApiRequest,
  send: (client: Client) => Promise<R>,
  affects: readonly ResourceKey[],
): Operation<R> {
  return { kind, request, describe: () => describeRequest(request), send, affects };
}
