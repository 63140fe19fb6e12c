/**
 * `:port eth-0-2`, `:rule web`, Enter on an Overview item: the item the frame asked a screen
 * to show. The frame puts the request in the screen's `pick` slot before switching; the
 * screen, once its rows are there, selects (and opens) the item or says it is not there.
 * One request is used once.
 */
import { useEffect } from 'react';

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
): void {
  useEffect(() => {
    const want = slot?.current;
    if (!slot || !want || rows === undefined) return;
    slot.current = null;
    const i = rows.findIndex((r) => matches(r, want));
    if (i === -1) missing(want);
    else found(i, rows[i]!);
  });
}

/** Case-insensitive equality of a typed name and a device name. */
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
