/**
 * When keys were read, so that a confirmation takes only keys read after it was drawn.
 *
 * Keys typed ahead (a slow SSH link, a busy moment) or pasted reach the console in one read;
 * the app frame hands them to the screens one at a time, with a render between them (see
 * src/tui/key-queue.ts). Without this clock, `d` and `y` typed together would open a delete
 * confirmation and answer it before the operator had seen it.
 */
import { createContext, useCallback, useContext, useLayoutEffect, useRef } from 'react';

export interface KeyClock {
  /** Reads of the terminal so far. */
  reads: number;
  /** The read that brought the key being handled now. */
  keyRead: number;
}

/** Provided by the app frame; without it (a screen drawn on its own) every key counts as seen. */
export const KeyClockContext = createContext<KeyClock | null>(null);

/** Why a confirming key was ignored. */
export const UNSEEN =
  'not confirmed: that key came before the confirmation was on screen — press it again';

/**
 * For a screen's confirmations. `open()` names what is open now (any value; null or false for
 * nothing); the result tells whether the key being handled was read after `token` was first
 * drawn. Ink draws in React's commit, before layout effects run.
 */
export function useSeen(open: () => unknown): (token: unknown) => boolean {
  const clock = useContext(KeyClockContext);
  const shown = useRef<{ token: unknown; at: number } | null>(null);
  useLayoutEffect(() => {
    const token = open();
    if (token === null || token === undefined || token === false) shown.current = null;
    else if (shown.current?.token !== token) shown.current = { token, at: clock?.reads ?? 0 };
  });
  return useCallback(
    (token: unknown) => {
      const s = shown.current;
      return clock === null || (s !== null && s.token === token && clock.keyRead > s.at);
    },
    [clock],
  );
}
