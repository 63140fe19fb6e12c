/**
 * One write outside a plan (the dialogs of screens 2 and 5–9), and a sequence of writes (an
 * import): thin wrappers of the one executor (execute.ts `run`), which sends each operation
 * in its write context and refreshes what it affects through the poller.
 */
import type { Client } from '../api/index.js';
import { type Executor, run, type Send } from './execute.js';
import type { Operation } from './operation.js';

export interface Performer {
  client: Client;
  poller?: Executor['poller'];
  store?: Executor['store'];
}

/**
 * Sends `op`, then refreshes what it changed (awaited, so what the screen shows next is
 * the device's state after the write). Returns the device's answer; a failure throws.
 */
export function perform<R>(x: Performer, op: Operation<R>): Promise<R> {
  return run(x, (send) => send(op), { refreshOnFailure: false });
}

/**
 * A sequence of writes (an import): `work` sends each operation through `send`; what they
 * affect is refreshed once at the end, also when the sequence stops on a failure.
 */
export function performEach<T>(
  x: Performer,
  work: (send: (op: Operation) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  return run(x, (send: Send) => work(send));
}

/**
 * Sends `op` through the executor and refreshes nothing: a write whose screen decides itself
 * what comes next (UAC, the management address, the reboot move or stop the connection).
 */
export function sendOnly<R>(client: Client, op: Operation<R>): Promise<R> {
  return run({ client }, (send) => send(op));
}
