/** The fleet screen's LAST CHANGE column: the newest journal entry of each device. */
import { entriesOf } from '../../ops/journal.js';
import type { JournalFile } from '../../ops/journal-file.js';

/**
 * `HH:MM operation` (UTC, as the journal records its times) of the newest journal entry per
 * device URL; devices without an entry are left out.
 */
export function lastChanges(file: JournalFile, urls: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const url of urls) {
    const e = entriesOf(file, { device: url })[0];
    if (e) out.set(url, `${e.time.slice(11, 16)} ${e.operation}`);
  }
  return out;
}
