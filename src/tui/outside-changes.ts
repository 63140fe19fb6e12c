/**
 * Changes from outside (src/store/outside.ts) reach the operator twice: the status line says
 * so when the poll that saw one is committed (`rules changed outside this console: +1 −0 ~2
 * · J`), and the change journal gets an `observed` line (what, when seen), which the Journal
 * screen and `pbc journal` list beside this operator's own writes.
 */
import { useEffect } from 'react';
import { sanitize } from '../model/sanitize.js';
import { deviceId, journalOf, newEntryId } from '../ops/journal.js';
import { JournalFile, type JournalObserved } from '../ops/journal-file.js';
import { type ObservedChange, outsideText } from '../store/outside.js';
import { useConsole } from '../store/react.js';

/** The journal line of an observed change of the device at `url`. */
export function observedLine(o: ObservedChange, url: string): JournalObserved {
  const { what, added, removed, changed, items } = o;
  return {
    type: 'observed',
    id: newEntryId(),
    time: new Date(o.at).toISOString(),
    device: deviceId(url),
    what,
    added,
    removed,
    changed,
    items,
  };
}

/** Calls `say` with each change from outside the store records, and journals it. */
export function useOutsideChanges(say: (line: string) => void): void {
  const { store, client, session } = useConsole();
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.observed === prev.observed) return;
        const fresh = s.observed.filter((o) => !prev.observed.includes(o));
        const file = journalOf(client)?.file ?? new JournalFile();
        for (const o of fresh) {
          say(sanitize(outsideText(o)));
          try {
            file.append(observedLine(o, session.url));
          } catch {
            // the journal cannot be written: the status line has said it all the same
          }
        }
      }),
    [store, client, session.url, say],
  );
}
