/**
 * The change pipeline: every write the console or the CLI sends passes through the client's
 * write hook (src/api/transport.ts), and `installJournal` is that hook. Before a write is
 * sent it reads the state the write touches and appends a `request` line to the journal; a
 * write whose line cannot be written is not sent (JournalError says why). When the write has
 * ended it reads the state again and appends the `outcome` line.
 *
 * Why a hook in the client and not in `Operation.send`: the CLI's commands call the client
 * directly and some console code sends outside the executor; every one of those requests
 * leaves through `Transport.request`, so a hook there is the one place no write can skip.
 */
import { randomBytes } from 'node:crypto';
import type { Client, WriteHook, WriteOutcome, WriteRequest } from '../api/index.js';
import { sanitize } from '../model/index.js';
import { type JournalEntry, JournalFile, type JournalRequest } from './journal-file.js';
import { routeOf } from './journal-routes.js';

/** Who sends the writes and to where. */
export interface JournalMeta {
  /** The device's base URL. */
  device: string;
  context?: string;
  user?: string;
  /** The writes are the auto-revert with this id, sent at its expiry (by the guard). */
  revertOf?: string;
}

/** `http://user:pw@host/rest/` → `http://host/rest`: how the journal names a device. */
export function deviceId(url: string): string {
  return url.replace(/\/\/[^/@]*@/, '//').replace(/\/+$/, '');
}

/** 8 hex digits, unique enough for one operator's journal. */
export const newEntryId = (): string => randomBytes(4).toString('hex');

const text = (e: unknown) => sanitize(e instanceof Error ? e.message : String(e));

export interface Journal {
  readonly file: JournalFile;
  readonly meta: JournalMeta;
  /** Runs `work` with its writes marked as undoing `id`. */
  undoing<T>(id: string, work: () => Promise<T>): Promise<T>;
}

/** The hook, for `client.transport.setWriteHook`. */
export function journalHook(
  client: Client,
  meta: JournalMeta,
  file: JournalFile,
): { hook: WriteHook; journal: Journal } {
  let undoOf: string | undefined;
  const hook: WriteHook = {
    async before(request: WriteRequest) {
      const route = routeOf(request);
      const record: JournalRequest = {
        type: 'request',
        id: newEntryId(),
        time: new Date().toISOString(),
        device: deviceId(meta.device),
        ...(meta.context ? { context: meta.context } : {}),
        user: meta.user ?? '',
        operation: route.kind,
        request,
        ...(undoOf ? { undoOf } : {}),
        ...(meta.revertOf ? { revertOf: meta.revertOf } : {}),
      };
      if (route.read) {
        try {
          record.before = await route.read(client, request, 'before');
        } catch (e) {
          record.beforeError = text(e);
        }
      }
      file.append(record); // throws: the write is not sent
      return async (outcome: WriteOutcome) => {
        let after: unknown;
        if (outcome.ok && route.read && route.readAfter !== false)
          after = await route.read(client, request, 'after').catch(() => undefined);
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
  if (e.undoOf) return `${r} (undo of ${e.undoOf})`;
  if (e.revertOf) return `${r} (auto-revert ${e.revertOf} at expiry)`;
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
