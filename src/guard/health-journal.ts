/**
 * A guarded change's watch in the journal: once the window is over (tripped, kept or
 * confirmed), each journal entry of the change — the writes sent between arming and
 * sending, on its device, not its own save-point's — gets a `guard` line: the guards
 * watched, the trip (which guard, the figures) and the affected ports' rates from before
 * the change to the end (`pbc journal -o json`, the Journal screen's sparkline).
 */
import { stateDir } from '../config/state-dir.js';
import { deviceId } from '../ops/journal.js';
import { JournalFile } from '../ops/journal-file.js';
import type { PendingRevert } from './pending.js';

/** What the journal keeps of the watch. */
export function guardRecord(entry: PendingRevert) {
  const h = entry.health;
  if (!h) return undefined;
  return {
    revert: entry.id,
    guards: h.spec.kinds,
    interval_ms: h.spec.intervalMs,
    window_ms: h.spec.forMs,
    tripped: h.trip ? { guard: h.trip.kind, what: h.trip.what, sample: h.trip.sample } : null,
    timeline: h.timeline ?? [],
  };
}

/** Appends the `guard` line to each journal entry of the change; quiet when it cannot. */
export function journalHealth(entry: PendingRevert, env: NodeJS.ProcessEnv = process.env): void {
  const record = guardRecord(entry);
  const sentAt = entry.health?.sentAt;
  if (!record || sentAt === undefined) return;
  try {
    const file = new JournalFile(stateDir(env));
    const device = deviceId(entry.device);
    const own = `pbc-revert-${entry.id}`;
    for (const e of file.entries()) {
      const t = Date.parse(e.time);
      if (e.device !== device || e.revertOf || e.undoOf) continue;
      if (t < entry.createdAt || t > sentAt || JSON.stringify(e.request).includes(own)) continue;
      file.append({ type: 'guard', id: e.id, time: new Date().toISOString(), guard: record });
    }
  } catch {
    // the pending file keeps the timeline too
  }
}
