/**
 * One write outside a plan (the dialogs of screens 2 and 5–9): send the operation, then
 * have the poller fetch what it `affects` — the same refresh route `executePlan` takes.
 */
import type { Client } from '../api/index.js';
import type { Poller } from '../store/poller.js';
import type { ResourceKey } from '../store/resources.js';
import type { Operation } from './operation.js';

export interface Performer {
  client: Client;
  poller: Pick<Poller, 'refreshNow'>;
}

/**
 * Sends `op`, then refreshes what it changed (awaited, so what the screen shows next is
 * the device's state after the write). Returns the device's answer; a failure throws and
 * refreshes nothing.
 */
export async function perform<R>(x: Performer, op: Operation<R>): Promise<R> {
  const answer = await op.send(x.client);
  await x.poller.refreshNow(op.affects);
  return answer;
}

/**
 * A sequence of writes (an import): `work` sends each operation through `send`; what they
 * affect is refreshed once at the end, also when the sequence stops on a failure.
 */
export async function performEach<T>(
  x: Performer,
  work: (send: (op: Operation) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  const affected = new Set<ResourceKey>();
  try {
    return await work((op) => {
      for (const k of op.affects) affected.add(k);
      return op.send(x.client);
    });
  } finally {
    await x.poller.refreshNow([...affected]);
  }
}
