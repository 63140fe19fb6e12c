/**
 * Changes from outside in the journal: what a console of this operator saw change between two
 * polls and did not make (the journal's `observed` lines, src/tui/outside-changes.ts), as rows
 * listed by time beside this operator's own writes — the Journal screen's and `pbc journal`'s.
 * They have no request and no undo.
 */
import { deviceId } from './journal.js';
import type { JournalEntry, JournalFile, JournalObserved } from './journal-file.js';

/** A journal row: an own write, or (with `seen`) a change from outside. */
export type JournalRow = JournalEntry & { seen?: JournalObserved };

/** `+1 −0 ~2: ~ rule 'web' priority 10 in_port=1, …` */
export function seenSummary(o: JournalObserved): string {
  const head = `+${o.added} −${o.removed} ~${o.changed}`;
  return o.items.length ? `${head}: ${o.items.join(', ')}` : head;
}

const rowOf = (o: JournalObserved): JournalRow => ({
  id: o.id,
  time: o.time,
  device: o.device,
  user: '',
  operation: `outside: ${o.what}`,
  request: { method: 'GET', path: '' },
  seen: o,
});

/** `entries` (newest first) with the observed changes (of `url`, when given) merged in by time. */
export function withSeen(entries: JournalEntry[], file: JournalFile, url?: string): JournalRow[] {
  const device = url === undefined ? undefined : deviceId(url);
  const seen = file
    .observations()
    .filter((o) => device === undefined || o.device === device)
    .map(rowOf);
  if (seen.length === 0) return entries;
  return [...entries, ...seen].sort((a, b) => (a.time < b.time ? 1 : a.time > b.time ? -1 : 0));
}
