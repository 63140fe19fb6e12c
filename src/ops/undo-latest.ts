/**
 * "Undo my latest change" from a journal that may hold an unreadable line: the latest
 * undoable change of a device is taken only when no unreadable (torn) line lies after it —
 * a change recorded there would be the latest one, and undoing an older one instead would
 * act on the wrong change.
 */

import { deviceId } from './journal.js';
import type { JournalEntry, JournalFile } from './journal-file.js';
import { latestUndoable } from './undo.js';

export type Latest =
  | { entry: JournalEntry; refused?: undefined }
  | { entry?: undefined; refused: string }
  | { entry?: undefined; refused?: undefined };

/** The latest undoable change of `device`, a refusal saying why it is uncertain, or neither. */
export function latestUndoableIn(file: JournalFile, device: string): Latest {
  const { entries, torn } = file.scan();
  const dev = deviceId(device);
  const entry = latestUndoable(entries.filter((e) => e.device === dev).reverse());
  if (!entry) return {};
  const order = new Map(entries.map((e, i) => [e.id, i]));
  const at = order.get(entry.id) ?? 0;
  const later = torn.find((t) => t.after !== undefined && (order.get(t.after) ?? -1) >= at);
  if (!later) return { entry };
  return {
    refused: `line ${later.line} of the journal ${later.file} cannot be read (torn or edited) and comes after ${entry.id} (${entry.operation}): a later change may be recorded there, so the latest change is not known for certain — name the entry to undo (pbc journal lists them); nothing was sent`,
  };
}
