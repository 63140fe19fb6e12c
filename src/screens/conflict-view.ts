/**
 * The console's three-way view of a refused write (issue 31): the one line, then base /
 * theirs / yours for each object that moved (the same lines the CLI prints under exit 5),
 * then what the operator can do — `r` reloads (their change becomes the base, the edit stays
 * on top of it, and it must be confirmed again) or Enter goes back with nothing sent.
 */
import { ConflictError } from '../ops/conflict.js';

export const CONFLICT_NOTE = 'changed on the device by someone else — nothing was sent';
export const RELOADED_NOTE =
  'reloaded: your edit is now on top of the device’s current rule — Ctrl-S to confirm it again';

/** The result lines of a send that threw `e`. */
export function refusedLines(e: unknown, reloadable: boolean): string[] {
  const message = e instanceof Error ? e.message : String(e);
  // the CLI's line ends in --force; the console offers reload instead
  if (!(e instanceof ConflictError) || e.reason !== 'base') return [message];
  return [
    'Someone changed this on the device since you opened it — nothing was sent.',
    reloadable
      ? 'r reload (keep your edit on top of theirs, confirm again) · Enter back, nothing sent'
      : 'Enter back: nothing was sent — open it again to see the device as it is now',
    ...e.detail,
  ];
}
