/**
 * The status line says when a guarded change of this device was reverted because a guard
 * tripped (`auto-revert 3fa2c1 reverted: eth-0-16 oversubscribed 12.3G of 10G, drops
 * 1.2M/s (guard 'oversub')`), or kept at the window's end: the guard is a detached process,
 * so the console learns it from the pending file, read every second, like the header.
 */
import { useEffect, useRef } from 'react';
import { type PendingRevert, readPending, sameDevice } from '../guard/pending.js';
import { sanitize } from '../model/sanitize.js';

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
export function useGuardTrips(url: string, say: (line: string) => void): void {
  const told = useRef(new Set<string>());
  const since = useRef(Date.now());
  useEffect(() => {
    const tick = () => {
      let list: PendingRevert[];
      try {
        list = readPending();
      } catch {
        return; // the header says the file is corrupt
      }
      for (const r of list) {
        if (!sameDevice(r.device, url) || told.current.has(r.id)) continue;
        const line = guardOutcome(r, since.current);
        if (!line) continue;
        told.current.add(r.id);
        say(line);
      }
    };
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [url, say]);
}
