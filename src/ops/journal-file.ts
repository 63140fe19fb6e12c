/**
 * The change journal on disk: JSON lines in `<state dir>/journal.jsonl` (mode 0600, its
 * directory 0700). Each write is two lines with the same id: `request` before it is sent
 * (who, where, what, the state it touches), `outcome` once it has ended (the answer or the
 * error, and the state after; for a write of a batch the state after is a third line,
 * `after`, written once the batch has ended). When the file has reached 10 MB it is renamed
 * `journal.1.jsonl` (replacing the one before) and a new one begun.
 *
 * Nothing secret is written: requests and states pass through `redact` (password-like
 * fields read `***`) and error texts through `maskSecrets`.
 */
import {
  chmodSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { maskSecrets } from '../api/mask.js';
import type { ApiRequest } from '../api/request.js';
import { redact } from '../api/transport.js';
import { stateDir } from '../config/state-dir.js';

export const JOURNAL_FILE = 'journal.jsonl';
export const JOURNAL_OLD = 'journal.1.jsonl';
export const ROTATE_BYTES = 10 * 1024 * 1024;

/** Who changed what where, and the state before. */
export interface JournalRequest {
  type: 'request';
  id: string;
  time: string;
  /** The device's base URL (no credentials). */
  device: string;
  context?: string;
  /** The device user the change was sent as ('' without one). */
  user: string;
  /** The kind of change, e.g. `rules.add` (the operation kinds of src/ops). */
  operation: string;
  request: ApiRequest;
  /** What the write touches as it was before (null: nothing of it existed; absent: not read). */
  before?: unknown;
  /** Why the state before could not be read. */
  beforeError?: string;
  /** What the write was checked against before it was sent (src/ops/base.ts: seen, send, none). */
  base?: string;
  /** Sent with --force although the device no longer equalled that base. */
  forced?: boolean;
  /** This change undoes the entry with this id. */
  undoOf?: string;
  /** This change was sent by the auto-revert with this id, at its expiry. */
  revertOf?: string;
  /** Why the auto-revert was sent before its expiry (`guard 'oversub' tripped`). */
  revertWhy?: string;
  /**
   * The change is one of a batch (the writes of `pbc apply -f`): `before` is the state when
   * the batch began and `after` (an `after` line) the state once it ended — read once for
   * the whole batch instead of twice per write.
   */
  batch?: string;
}

export interface JournalOutcome {
  type: 'outcome';
  id: string;
  time: string;
  /** The device's answer, when it answered with success. */
  result?: unknown;
  /** The error the write ended in (secrets masked). */
  error?: string;
  /** What the write touches as it is after it. */
  after?: unknown;
}

/** A batch's `after` of one of its writes, read once the batch has ended. */
export interface JournalAfter {
  type: 'after';
  id: string;
  time: string;
  after: unknown;
}

/**
 * A guarded change's watch, added to each of its entries once the guard window is over
 * (src/guard/health-journal.ts): the trip, if any, and the affected ports' rates.
 */
export interface JournalGuard {
  type: 'guard';
  id: string;
  time: string;
  guard: unknown;
}

/**
 * A change of the device this console saw between two polls and did not make (another
 * operator, another pbc, the vendor's UI): what, when seen, how many objects (src/store/outside.ts).
 */
export interface JournalObserved {
  type: 'observed';
  id: string;
  /** When it was seen. */
  time: string;
  device: string;
  /** `rules`, `groups`, `ports`, `save-points`. */
  what: string;
  added: number;
  removed: number;
  changed: number;
  /** The first objects, `+ rule 'web' priority 10 in_port=1` (`−` removed, `~` changed). */
  items: string[];
}

/** One change as read back: its request line with its outcome (if it has ended). */
export interface JournalEntry extends Omit<JournalRequest, 'type'> {
  result?: unknown;
  error?: string;
  after?: unknown;
  /** When the outcome was recorded; absent while (or if never) known. */
  ended?: string;
  /** A guarded change's watch (JournalGuard). */
  guard?: unknown;
}

/** The journal could not be written: the write is not sent. */
export class JournalError extends Error {
  override name = 'JournalError';
  readonly exitCode = 1;
}

/** JSON with 64-bit values as decimal strings and secrets `***`. */
export function journalJson(value: unknown): string {
  return JSON.stringify(redact(value), (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

export class JournalFile {
  readonly path: string;
  readonly dir: string;

  constructor(
    dir: string = stateDir(),
    private readonly rotateBytes = ROTATE_BYTES,
  ) {
    this.dir = dir;
    this.path = join(dir, JOURNAL_FILE);
  }

  /** Appends one line; throws JournalError (saying why) when it cannot. */
  append(record: JournalLine): void {
    const line = `${journalJson(record.type === 'outcome' && record.error !== undefined ? { ...record, error: maskSecrets(record.error) } : record)}\n`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.rotate();
      const fd = openSync(this.path, 'a+', 0o600);
      try {
        // A file made by someone else (or an older pbc) is closed to group and others too.
        const stat = fstatSync(fd);
        if ((stat.mode & 0o077) !== 0) chmodSync(this.path, 0o600);
        // A torn last line (a crash mid-write, a cut file) is closed first: this line is
        // never glued onto it (the reader then skips the torn one, and says so).
        writeSync(fd, endsTorn(fd, stat.size) ? `\n${line}` : line);
      } finally {
        closeSync(fd);
      }
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      const why = err.message.split(',')[0];
      throw new JournalError(
        `not sent: the change journal ${this.path} cannot be written (${why}) — fix its directory's permissions or set PBC_STATE_DIR to a writable directory`,
      );
    }
  }

  private rotate(): void {
    let size = 0;
    try {
      size = statSync(this.path).size;
    } catch {
      return;
    }
    if (size >= this.rotateBytes) renameSync(this.path, join(this.dir, JOURNAL_OLD));
  }

  /** Every change recorded, oldest first (the rotated file's first); unreadable lines skipped. */
  entries(): JournalEntry[] {
    return this.scan().entries;
  }

  /** The changes recorded, and where a line could not be read (see `Torn`). */
  scan(): { entries: JournalEntry[]; torn: Torn[]; observed: JournalObserved[] } {
    const byId = new Map<string, JournalEntry>();
    const observed: JournalObserved[] = [];
    const torn: Torn[] = [];
    let last: string | undefined;
    for (const file of [join(this.dir, JOURNAL_OLD), this.path]) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      for (const [n, line] of text.split('\n').entries()) {
        if (line.trim() === '') continue;
        const r = parseLine(line);
        if (!r) {
          torn.push({ file, line: n + 1, after: last });
          continue;
        }
        if (r.type === 'request') {
          const { type: _type, ...entry } = r;
          byId.set(r.id, entry);
          last = r.id;
        } else if (r.type === 'outcome') {
          const entry = byId.get(r.id);
          if (!entry) {
            // an answer without its request: the request's line was lost
            torn.push({ file, line: n + 1, after: last });
            continue;
          }
          if ('result' in r) entry.result = r.result;
          if (r.error !== undefined) entry.error = r.error;
          if ('after' in r) entry.after = r.after;
          entry.ended = r.time;
        } else if (r.type === 'after') {
          const entry = byId.get(r.id);
          if (entry) entry.after = r.after;
        } else if (r.type === 'guard') {
          const entry = byId.get(r.id);
          if (entry) entry.guard = r.guard;
        } else if (r.type === 'observed') observed.push(r);
      }
    }
    return { entries: [...byId.values()], torn, observed };
  }

  /** The changes from outside this journal's consoles saw, oldest first. */
  observations(): JournalObserved[] {
    return this.scan().observed;
  }
}

/**
 * A line of the journal that could not be read (torn by a crash or a cut, or edited): a
 * change may be recorded there that nobody can see. `after` is the id of the last request
 * line before it (undefined: before every one) — an entry older than a torn line is not
 * "the latest change" with certainty.
 */
export interface Torn {
  file: string;
  /** 1-based. */
  line: number;
  after: string | undefined;
}

type JournalLine = JournalRequest | JournalOutcome | JournalAfter | JournalGuard | JournalObserved;

function parseLine(line: string): JournalLine | undefined {
  try {
    const r = JSON.parse(line) as JournalLine;
    if (typeof r !== 'object' || r === null || typeof r.id !== 'string') return undefined;
    return r;
  } catch {
    return undefined;
  }
}

/** Whether the file's last byte (of `size`) is not a newline: its last line was torn. */
function endsTorn(fd: number, size: number): boolean {
  if (size === 0) return false;
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, size - 1);
  return b[0] !== 0x0a;
}
