/**
 * `:port eth-0-2`, `:rule web`, Enter on an Overview item: the item the frame asked a screen
 * to show. The frame puts the request in the screen's `pick` slot before switching; the
 * screen, once its rows are there, selects (and opens) the item or says it is not there.
 * One request is used once.
 */
import { useEffect, useRef } from 'react';
import { useConsole } from '../store/react.js';
import type { ResourceKey } from '../store/resources.js';

export interface PickSlot {
  current: string | null;
}

/**
 * Uses the pending request once `rows` are loaded (undefined: not yet): `found` with the
 * index of the first row `matches` accepts, else `missing`.
 */
export function usePick<R>(
  slot: PickSlot | undefined,
  rows: readonly R[] | undefined,
  matches: (row: R, want: string) => boolean,
  found: (index: number, row: R) => void,
  missing: (want: string) => void,
  /** What the rows are read from: re-read at once after a first miss (not at the next poll). */
  resources: readonly ResourceKey[] = [],
): void {
  const { poller } = useConsole();
  // the rows of a first miss: the store may not have polled a new item yet, so the rows are
  // read again at once and looked at once more before saying it is not there
  const missed = useRef<readonly R[] | null>(null);
  useEffect(() => {
    const want = slot?.current;
    if (!slot || !want || rows === undefined || rows === missed.current) return;
    const i = rows.findIndex((r) => matches(r, want));
    if (i !== -1) {
      slot.current = null;
      missed.current = null;
      found(i, rows[i]!);
    } else if (missed.current === null) {
      missed.current = rows;
      if (resources.length > 0) void poller.refreshNow(resources);
    } else {
      slot.current = null;
      missed.current = null;
      missing(want);
    }
  });
}

/** Case-insensitive equality of a typed name and a device name. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
