/**
 * Every write pbc makes to the device, as data. One object says what kind of write it is
 * (`kind`), what is sent (`request`), how it is shown in a confirmation (`describe()`, built
 * from `request` only), how it is sent (`send`, the typed client call that produces exactly
 * `request`), which store resources it changes (`affects`: the one refresh route after a
 * write) and how to read the part of the device it touches (`read`: the journal's state
 * before and after, from which undo (undo.ts, by kind) computes the inverse).
 *
 * Operations are built by one table per resource family (src/ops/<family>.ts), beside the
 * family's kind table (`KindTable`: each kind's endpoint and state reader); screens call those
 * builders and never import src/api. The executor (execute.ts) sends each one inside its
 * write context, so the journal takes kind and reader from the operation, not from the route.
 * A test sends every kind of operation to a recording device and checks the request the
 * transport sent equals `request`.
 */
import {
  type ApiRequest,
  type Client,
  encodeQuery,
  redact,
  type StatePhase,
} from '../api/index.js';
import { sanitize } from '../model/index.js';
import type { ResourceKey } from '../store/resources.js';
import { type Base, defaultBase } from './base.js';

/** Reads the part of the device a request touches, before it is sent or after. */
export type StateReader = (
  client: Client,
  request: ApiRequest,
  phase: StatePhase,
) => Promise<unknown>;

/** What a kind of write is: its endpoint and how to read the state it touches. */
export interface KindSpec {
  /** `POST /rules`: the endpoint the kind's one request goes to. */
  route: string;
  /** None for writes nothing can be read back of (a reboot, reset counters). */
  read?: StateReader;
  /** false: the state is read before only (the write moves or stops the connection). */
  readAfter?: boolean;
  /**
   * Undo: the inverse of a write of this kind that succeeded, from what the journal recorded
   * (src/ops/inverse/<family>.ts, merged into the kind tables by tables.ts); undo.ts uses it.
   */
  invert?: Invert;
}

/** The inverse of a write: the operations that put the device back, or why there are none. */
export type Inverse =
  | { ok: true; steps: Operation[]; notes: string[] }
  | { ok: false; why: string };

/** What undo knows of a write that succeeded (JSON read back from the journal). */
export interface Undone {
  /** The request's parameters: its query, else its JSON body. */
  // biome-ignore lint/suspicious/noExplicitAny: journal states are JSON read back from the file
  params: any;
  /** The state its kind's reader read before it (and after). */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  before: any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  after: any;
}

export type Invert = (w: Undone) => Inverse;

/** A family's kinds, by name (`rules.add` …). */
export type KindTable = Record<string, KindSpec>;

export interface Operation<R = unknown> {
  /** `<family>.<verb>`, e.g. `rules.add`, `users.setUac`: one per kind of request. */
  kind: string;
  request: ApiRequest;
  /** `[request line, parameters]` for the confirmation, secrets masked. */
  describe(): [string, string];
  send(client: Client): Promise<R>;
  affects: readonly ResourceKey[];
  /** The state this write touches, read through `client` (the journal's before and after). */
  read?: (client: Client, phase: StatePhase) => Promise<unknown>;
  /** false: read before only. */
  readAfter?: boolean;
  /**
   * What the write was planned on: the objects it touches as the operator saw them (base.ts).
   * The executor sends nothing when the device's objects no longer equal it (ConflictError).
   */
  base: Base;
}

/**
 * A write kept as data (the revert guard's pending file, a saved plan): its operation's kind
 * and its one request. `recordedOp` (tables.ts) makes it an operation again, of that kind.
 */
export interface RecordedWrite {
  kind: string;
  request: ApiRequest;
}

/** An operation as data: what a recorded write keeps of it. */
export const recorded = (op: Pick<Operation, 'kind' | 'request'>): RecordedWrite => ({
  kind: op.kind,
  request: op.request,
});

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
  if (typeof v === 'string') return sanitize(v);
  if (Array.isArray(v)) return v.map(shownValue);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [sanitize(k), shownValue(x)]));
  return v;
}

const bigintText = (_: string, v: unknown) => (typeof v === 'bigint' ? v.toString() : v);

/**
 * Builds an operation whose description is always derived from its request; `spec` says how
 * to read what it touches (a family builder passes its kind's, see `kinded`).
 */
export function operation<R>(
  kind: string,
  request: ApiRequest,
  send: (client: Client) => Promise<R>,
  affects: readonly ResourceKey[],
  spec: Omit<KindSpec, 'route'> = {},
): Operation<R> {
  const { read, readAfter } = spec;
  return {
    kind,
    request,
    describe: () => describeRequest(request),
    send,
    affects,
    ...(read ? { read: (c: Client, phase: StatePhase) => read(c, request, phase) } : {}),
    ...(readAfter === false ? { readAfter } : {}),
    base: defaultBase(read !== undefined),
  };
}

/** `operation` for the kinds of one family's table: each op gets its kind's reader. */
export function kinded<T extends KindTable>(table: T) {
  return <R>(
    kind: keyof T & string,
    request: ApiRequest,
    send: (client: Client) => Promise<R>,
    affects: readonly ResourceKey[],
    read?: StateReader,
  ): Operation<R> =>
    operation(kind, request, send, affects, {
      ...table[kind],
      ...(read ? { read } : {}),
    });
}
