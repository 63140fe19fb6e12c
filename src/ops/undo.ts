/**
 * Undo: the inverse of a journal entry, by its operation kind (the kind's `invert` in the kind
 * tables, tables.ts: each family's inverse table, src/ops/inverse/<family>.ts), computed from
 * the state it recorded before the
 * change (add ↔ delete, set ↔ set back, a save-point activation ↔ the rules and groups as
 * they were), as ordinary operations — shown and confirmed like any other change, and sent
 * through the same journaled client. Where no inverse exists (a reboot, a cleared log, a
 * password change, a deleted save-point's content) it says so instead of guessing.
 */
import { type Client, hasSecret } from '../api/index.js';
import type { Plan } from './execute.js';
import { none, SECRET_NOTE } from './inverse/common.js';
import type { JournalEntry } from './journal-file.js';
import { journalJson } from './journal-file.js';
import type { Inverse } from './operation.js';
import { kindSpec } from './tables.js';

export type { Inverse } from './operation.js';

/**
 * The inverse of a change that ended in success; why there is none otherwise. An inverse
 * that would send a password-like field has none: the journal keeps such values as `***`
 * (pbc keeps no secret), so it would send `***` to the device as the value.
 */
export function inverseOf(e: JournalEntry): Inverse {
  const back = inverseFrom(e);
  if (back.ok && back.steps.some((s) => hasSecret(s.request.query) || hasSecret(s.request.json)))
    return none(`setting it back would send a secret (a password-like value): ${SECRET_NOTE}`);
  return back;
}

function inverseFrom(e: JournalEntry): Inverse {
  if (e.ended === undefined) return none('the change never ended (its answer is not recorded)');
  if (e.error !== undefined) return none(`the change failed (${e.error}): nothing to undo`);
  const b = e.before;
  if (b === undefined && kindSpec(e.operation)?.read)
    return none(
      `the state before the change could not be read${e.beforeError ? ` (${e.beforeError})` : ''}`,
    );
  const invert = kindSpec(e.operation)?.invert;
  if (!invert) return none(`pbc does not know how to undo ${e.operation}`);
  const params = e.request.query ?? e.request.json ?? {};
  return invert({ params, before: b, after: e.after });
}

/**
 * Whether the device still holds what the change left (its state after, as recorded): a
 * description of the difference when someone changed it since, null when it is the same,
 * or a note when it cannot tell.
 */
export async function driftSince(client: Client, e: JournalEntry): Promise<string | null> {
  const read = kindSpec(e.operation)?.read;
  if (!read || e.after === undefined) return null;
  let now: unknown;
  try {
    now = await read(client, e.request, 'after');
  } catch (err) {
    return `the current state could not be read (${(err as Error).message})`;
  }
  const was = journalJson(e.after);
  const is = journalJson(now);
  if (was === is) return null;
  return `the device has changed since this change: it left ${short(was)}, the device now has ${short(is)}`;
}

const short = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…` : s);

/**
 * The undo of `e` as a plan for the console's confirmation: the inverse's requests, its notes,
 * and — when the device has changed since — a warning and the word `undo` to type.
 */
export async function undoPlan(
  client: Client,
  e: JournalEntry,
): Promise<{ ok: true; plan: Plan } | { ok: false; why: string }> {
  const inverse = inverseOf(e);
  if (!inverse.ok) return inverse;
  const drift = await driftSince(client, e);
  return {
    ok: true,
    plan: {
      title: `undo ${e.id} (${e.operation})`,
      steps: inverse.steps,
      notes: [
        `undoes ${e.operation} of ${e.time}`,
        ...inverse.notes,
        ...(drift ? [`WARNING: ${drift}; undoing overwrites that`] : []),
      ],
      confirmWord: drift ? 'undo' : '',
      undoOf: e.id,
    },
  };
}

/**
 * The auto-revert's own bookkeeping: taking or deleting its `pbc-revert-<id>` save-point. It is
 * journaled like every write, but it is not what the operator changed: "undo my latest change"
 * passes over it (the save-point's activation at expiry, the revert itself, is a change).
 */
export function isRevertBookkeeping(e: JournalEntry): boolean {
  return (
    (e.operation === 'savepoints.create' || e.operation === 'savepoints.remove') &&
    JSON.stringify(e.request ?? null).includes('"pbc-revert-')
  );
}

/**
 * The latest change that succeeded, is not an undo, has not been undone and is not the
 * auto-revert's bookkeeping (newest first).
 */
export function latestUndoable(entries: readonly JournalEntry[]): JournalEntry | undefined {
  const undone = new Set(entries.filter((x) => x.undoOf && !x.error).map((x) => x.undoOf));
  return entries.find(
    (x) =>
      !x.undoOf &&
      x.error === undefined &&
      x.ended !== undefined &&
      !undone.has(x.id) &&
      !isRevertBookkeeping(x),
  );
}

/**
 * Whether `u` now undoes a change made since the journal held `before` (its entry ids then):
 * the latest undoable entry is a new one and has an inverse (not a reboot, a cleared log, a
 * password). The status line offers `u undo` only then.
 */
export function undoableSince(
  entries: readonly JournalEntry[],
  before: ReadonlySet<string>,
): boolean {
  const e = latestUndoable(entries);
  return e !== undefined && !before.has(e.id) && inverseOf(e).ok;
}
