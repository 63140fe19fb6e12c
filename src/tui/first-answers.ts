/**
 * The console's first frame waits for the device's first answers: drawn at once, it would
 * show dashes ("connecting…"), then be drawn again for each answer — three renders before the
 * operator sees data, each holding the event loop while the requests wait to go out. Waiting
 * (a bounded time) makes it one render, with the data. A device that is slow to answer still
 * gets a frame after `ms`, and its answers are drawn when they come, as before.
 */
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleStore } from '../store/store.js';

/** How long the console waits for the first answers before it draws without them. */
export const FIRST_ANSWERS_MS = 250;

/** Resolves once none of `keys` is in flight (answered or failed), or after `ms`. */
export function untilAnswered(
  store: ConsoleStore,
  keys: readonly ResourceKey[],
  ms: number,
): Promise<void> {
  const waiting = () => keys.some((k) => store.getState().resources[k].inFlight);
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = store.subscribe(() => {
      if (!waiting()) done();
    });
  });
}
