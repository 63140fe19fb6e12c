/**
 * The status line says when a guarded change of this device was reverted because a guard
 * tripped (`auto-revert 3fa2c1 reverted: eth-0-16 oversubscribed 12.3G of 10G, drops
 * 1.2M/s (guard 'oversub')`), or kept at the window's end: the guard is a detached process,
 * so the console learns it from the pending file: the reading the header shows
 * (pending-feed.ts, once a second).
 */
import { useEffect, useRef } from 'react';
import { type PendingRevert, sameDevice } from '../guard/pending.js';
import { sanitize } from '../model/sanitize.js';
import type { PendingFeed } from './pending-feed.js';

/** What to say of a guarded entry that ended since `since` (ms), or undefined. */
export function guardOutcome(r: PendingRevert, since: number): string | undefined {
  if (!r.health || r.updatedAt < since) return undefined;
  if (r.health.trip && r.state !== 'pending' && r.state !== 'reverting')
    return sanitize(
      `auto-revert ${r.id} ${r.detail || `reverted (guard '${r.health.trip.kind}')`}`,
    );
  if (r.state === 'confirmed' && r.detail) return sanitize(`guarded change ${r.id} ${r.detail}`);
  return undefined;
}

/** Calls `say` once per guarded change of `url` that ends while the console runs. */
export function useGuardTrips(
  pending: PendingFeed,
  url: string,
  say: (line: string) => void,
): void {
  const told = useRef(new Set<string>());
  const since = useRef(Date.now());
  useEffect(() => {
    const check = () => {
      // (a corrupt file reads as no entries: the header says it is corrupt)
      for (const r of pending.get().list) {
        if (!sameDevice(r.device, url) || told.current.has(r.id)) continue;
        const line = guardOutcome(r, since.current);
        if (!line) continue;
        told.current.add(r.id);
        say(line);
      }
    };
    check();
    return pending.subscribe(check);
  }, [pending, url, say]);
}
