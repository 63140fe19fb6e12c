/**
 * The operation a write belongs to, as the transport's write hook sees it. The executor
 * (src/ops/execute.ts) sends each operation inside `inWriteContext`; the hook (the journal)
 * takes the write's kind and how to read the state it touches from here — not from the route.
 * A write sent outside any context reaches the hook with none (a strict journal refuses it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApiRequest } from './api-request.js';

export type StatePhase = 'before' | 'after';

/** `C`: what state is read through (the client; generic so this module imports no client). */
export interface WriteContext<C = unknown> {
  /** `<family>.<verb>`, e.g. `rules.add`. */
  kind: string;
  /** The one request the operation sends. */
  request: ApiRequest;
  /** Reads the part of the device the write touches (through `client`), before and after. */
  read?: (client: C, phase: StatePhase) => Promise<unknown>;
  /** false: the state is read before only (the write moves or stops the connection). */
  readAfter?: boolean;
  /** What the write was checked against before sending (src/ops/base.ts): seen, send, none. */
  base?: string;
  /** Sent although the device no longer equalled its base (`--force`). */
  forced?: boolean;
}

const current = new AsyncLocalStorage<WriteContext>();

/** Runs `send` with `context` as the operation of every write it makes. */
export function inWriteContext<T, C>(context: WriteContext<C>, send: () => Promise<T>): Promise<T> {
  return current.run(context as WriteContext, send);
}

/** The operation the write being sent belongs to; undefined outside the executor. */
export function writeContext(): WriteContext | undefined {
  return current.getStore();
}
