/**
 * The pending file (src/guard/pending.ts: the one truth of armed auto-reverts and guarded
 * changes, written by this console, by `pbc … --revert-after` elsewhere and by the detached
 * guards) read once a second for the whole console. The header's auto-revert mark and the
 * status line's guard outcomes (guard-trips.ts) show this one reading, never two reads of the
 * file taken a tick apart.
 */
import { PendingFileError, type PendingRevert, readPending } from '../guard/pending.js';

export interface PendingReading {
  readonly list: readonly PendingRevert[];
  /** The file cannot be parsed: the reverts are on hold (the header says so). */
  readonly corrupt: boolean;
}

export interface PendingFeed {
  /** The last reading (the file is read at the first call, so the first frame has it). */
  get(): PendingReading;
  /** Called when a reading differs from the one before; the file is read while anyone listens. */
  subscribe(listener: () => void): () => void;
}

const NOTHING: PendingReading = { list: [], corrupt: false };

/** One reading of the file. Unreadable for another reason (permissions): nothing to show. */
export function readPendingFile(read: () => PendingRevert[] = readPending): PendingReading {
  try {
    return { list: read(), corrupt: false };
  } catch (e) {
    return e instanceof PendingFileError ? { list: [], corrupt: true } : NOTHING;
  }
}

export function createPendingFeed(
  options: { read?: () => PendingReading; everyMs?: number } = {},
): PendingFeed {
  const read = options.read ?? (() => readPendingFile());
  const everyMs = options.everyMs ?? 1000;
  const listeners = new Set<() => void>();
  let last: PendingReading | undefined;
  let lastText = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Reads the file; true when the reading differs from the last one (then it replaces it). */
  const refresh = () => {
    const next = read();
    const text = JSON.stringify(next);
    if (last && text === lastText) return false;
    last = next;
    lastText = text;
    return true;
  };
  const tick = () => {
    if (refresh()) for (const l of [...listeners]) l();
  };
  return {
    get() {
      if (!last) refresh();
      return last as PendingReading;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        timer = setInterval(tick, everyMs);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
  };
}
