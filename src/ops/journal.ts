/**
 * The change pipeline: every write the console or the CLI sends passes through the client's
 * write hook (src/api/transport.ts), and `installJournal` is that hook. The executor
 * (execute.ts) sends each operation inside its write context, so the hook knows the write's
 * kind and how to read the state it touches from the operation itself. Before a write is
 * sent it reads that state and appends a `request` line to the journal; a write whose line
 * cannot be written is not sent (JournalError says why). When the write has ended it reads
 * the state again and appends the `outcome` line.
 *
 * A write with no operation context (sent outside the executor) is refused, nothing sent:
 * no kind is ever guessed from a request's route.
 */
import { createRequire } from 'node:module';
import {
  type ApiRequest,
  type Client,
  PbcError,
  type WriteContext,
  type WriteHook,
  type WriteOutcome,
} from '../api/index.js';
import { sanitize } from '../model/index.js';
import { type JournalEntry, JournalFile, type JournalRequest } from './journal-file.js';
import { readOnce } from './read-once.js';

/** Who sends the writes and to where. */
export interface JournalMeta {
  /** The device's base URL. */
  device: string;
  context?: string;
  user?: string;
  /** The writes are the auto-revert with this id, sent at its expiry (by the guard). */
  revertOf?: string;
  /** Why the auto-revert was sent before its expiry (a guarded change: a guard tripped). */
  revertWhy?: string;
}

/** `http://user:pw@host/rest/` → `http://host/rest`: how the journal names a device. */
export function deviceId(url: string): string {
  return url.replace(/\/\/[^/@]*@/, '//').replace(/\/+$/, '');
}

/**
 * 8 hex digits, unique enough for one operator's journal. node:crypto is loaded on the first
 * write, not with the journal: a read (`pbc get …`) never pays for it (docs/performance.md).
 */
export const newEntryId = (): string =>
  (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'))
    .randomBytes(4)
    .toString('hex');

const text = (e: unknown) => sanitize(e instanceof Error ? e.message : String(e));

export interface Journal {
  readonly file: JournalFile;
  readonly meta: JournalMeta;
  /** Runs `work` with its writes marked as undoing `id`. */
  undoing<T>(id: string, work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` (many writes: `pbc apply -f`) as one batch: the state its writes touch is
   * read once before the first and once after the last, not twice per write — a rule's state
   * is the whole rule table (GET /rules/all), so per write that grows with the square of
   * the plan. Each write still has its own entry; `batch` names the batch.
   */
  batch<T>(work: () => Promise<T>): Promise<T>;
}

type Reader = NonNullable<WriteContext<Client>['read']>;

/** Why the journal refused a write: it was not sent by the executor (no operation). */
export class OutsideExecutorError extends PbcError {}

interface Batch {
  id: string;
  /** The state reads before each write: each list fetched once for the batch. */
  reads: Client;
  /** The batch's writes whose state after is read once it has ended. */
  pending: { id: string; read: Reader }[];
}

/** The hook, for `client.transport.setWriteHook`. */
export function journalHook(
  client: Client,
  meta: JournalMeta,
  file: JournalFile,
): { hook: WriteHook; journal: Journal } {
  let undoOf: string | undefined;
  let batch: Batch | undefined;
  const hook: WriteHook = {
    async before(request: ApiRequest, context: WriteContext | undefined) {
      if (!context)
        throw new OutsideExecutorError(
          `${request.method} ${request.path} refused: a write outside the executor (no operation) — nothing was sent`,
        );
      const op = context as WriteContext<Client>;
      const record: JournalRequest = {
        type: 'request',
        id: newEntryId(),
        time: new Date().toISOString(),
        device: deviceId(meta.device),
        ...(meta.context ? { context: meta.context } : {}),
        user: meta.user ?? '',
        operation: op.kind,
        request,
        ...(undoOf ? { undoOf } : {}),
        ...(meta.revertOf ? { revertOf: meta.revertOf } : {}),
        ...(meta.revertWhy ? { revertWhy: meta.revertWhy } : {}),
        ...(batch ? { batch: batch.id } : {}),
        ...(op.base ? { base: op.base } : {}),
        ...(op.forced ? { forced: true } : {}),
      };
      const inBatch = batch;
      const read = op.read;
      if (read) {
        try {
          record.before = await read(inBatch?.reads ?? client, 'before');
        } catch (e) {
          record.beforeError = text(e);
        }
      }
      file.append(record); // throws: the write is not sent
      return async (outcome: WriteOutcome) => {
        let after: unknown;
        if (outcome.ok && read && op.readAfter !== false) {
          if (inBatch) inBatch.pending.push({ id: record.id, read });
          else after = await read(client, 'after').catch(() => undefined);
        }
        try {
          file.append({
            type: 'outcome',
            id: record.id,
            time: new Date().toISOString(),
            ...(outcome.ok ? { result: outcome.answer ?? null } : { error: text(outcome.error) }),
            ...(after !== undefined ? { after } : {}),
          });
        } catch {
          // The write has been sent; its request line says so. Nothing more can be done.
        }
      };
    },
  };
  const journal: Journal = {
    file,
    meta,
    async batch(work) {
      if (batch) return work();
      const open: Batch = { id: newEntryId(), reads: readOnce(client), pending: [] };
      batch = open;
      try {
        return await work();
      } finally {
        batch = undefined;
        const reads = readOnce(client);
        for (const p of open.pending) {
          try {
            const after = await p.read(reads, 'after');
            file.append({ type: 'after', id: p.id, time: new Date().toISOString(), after });
          } catch {
            // not readable (or not writable) now: the entry keeps no state after
          }
        }
      }
    },
    async undoing(id, work) {
      undoOf = id;
      try {
        return await work();
      } finally {
        undoOf = undefined;
      }
    },
  };
  return { hook, journal };
}

/** `OK`, `FAILED: why`, `?` (never ended), with what the change was: an undo or an auto-revert. */
export function entryOutcome(e: JournalEntry): string {
  const r =
    e.error !== undefined
      ? `FAILED: ${e.error}`
      : e.ended === undefined
        ? '? (no answer recorded)'
        : 'OK';
  if (e.forced) return `${r} (forced over another operator's change)`;
  if (e.undoOf) return `${r} (undo of ${e.undoOf})`;
  if (e.revertOf) return `${r} (auto-revert ${e.revertOf} ${e.revertWhy ?? 'at expiry'})`;
  return r;
}

/** Journals every write `client` sends from now on; returns the journal. */
export function installJournal(
  client: Client,
  meta: JournalMeta,
  file: JournalFile = new JournalFile(),
): Journal {
  const { hook, journal } = journalHook(client, meta, file);
  client.transport.setWriteHook(hook);
  installed.set(client, journal);
  return journal;
}

const installed = new WeakMap<Client, Journal>();

/** The journal `client`'s writes go to (undefined when none was installed). */
export function journalOf(client: Client): Journal | undefined {
  return installed.get(client);
}

/** This operator's changes on `device` (by URL, and user when given), newest first. */
export function entriesOf(
  file: JournalFile,
  filter: { device?: string; user?: string } = {},
): JournalEntry[] {
  const device = filter.device === undefined ? undefined : deviceId(filter.device);
  return file
    .entries()
    .filter(
      (e) =>
        (device === undefined || e.device === device) &&
        (filter.user === undefined || e.user === filter.user),
    )
    .reverse();
}
