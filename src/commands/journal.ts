/**
 * `pbc journal` (this operator's changes, newest first) and `pbc undo [ID]` (the inverse of
 * one, confirmed like any other write and journaled itself). The journal is the change
 * pipeline's record (src/ops/journal.ts); undo's inverse comes from src/ops/undo.ts.
 */
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import { deviceId, entriesOf, entryOutcome } from '../ops/journal.js';
import type { JournalEntry } from '../ops/journal-file.js';
import { JournalFile } from '../ops/journal-file.js';
import { type JournalRow, seenSummary, withSeen } from '../ops/journal-observed.js';
import { describeRequest } from '../ops/operation.js';
import { driftSince, inverseOf } from '../ops/undo.js';
import { latestUndoableIn } from '../ops/undo-latest.js';
import { NotFoundError } from './errors.js';
import type { Run } from './run.js';
import { renderTable } from './table.js';

/** A change from outside as `pbc journal -o json` prints it: when seen, what, how many. */
function seenJson(e: JournalRow) {
  const { id, time, device, seen } = e;
  const { what, added, removed, changed, items } = seen!;
  return { id, time, device, observed: { what, added, removed, changed, items } };
}

/** The entry as `pbc journal -o json` prints it. */
export function entryJson(e: JournalRow) {
  if (e.seen) return seenJson(e);
  return {
    id: e.id,
    time: e.time,
    device: e.device,
    user: e.user,
    operation: e.operation,
    request: e.request,
    before: e.before ?? null,
    result: e.error !== undefined ? { error: e.error } : e.ended === undefined ? null : e.result,
    ...(e.guard !== undefined ? { guard: e.guard } : {}),
  };
}

/** The selected device's URL, or undefined when none is selected (then every device's). */
async function selectedUrl(run: Run): Promise<string | undefined> {
  try {
    return (await run.device()).url;
  } catch {
    return undefined;
  }
}

export async function list(run: Run, o: { all?: boolean }): Promise<void> {
  const url = o.all ? undefined : await selectedUrl(run);
  const file = new JournalFile();
  const entries = withSeen(entriesOf(file, url === undefined ? {} : { device: url }), file, url);
  await run.print(entries.map(entryJson), () =>
    entries.length === 0
      ? `no changes in the journal${url ? ` for ${deviceId(url)}` : ''}`
      : renderTable(
          [
            { header: 'ID' },
            { header: 'TIME' },
            ...(url ? [] : [{ header: 'DEVICE', flex: true }]),
            { header: 'USER' },
            { header: 'OPERATION' },
            { header: 'REQUEST', flex: true },
            { header: 'RESULT', flex: true },
          ],
          entries.map((e) => [
            e.id,
            e.time.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
            ...(url ? [] : [e.device]),
            e.user || '-',
            e.operation,
            e.seen ? seenSummary(e.seen) : describeRequest(e.request).join(' '),
            e.seen ? 'seen' : entryOutcome(e),
          ]),
        ),
  );
}

/** Cannot be undone (no inverse exists): exit 1. */
class NoUndoError extends Error {
  override name = 'NoUndoError';
  readonly exitCode = 1;
}

export async function undo(run: Run, o: { force?: boolean }, id?: string): Promise<number> {
  const client = await run.writer();
  const journal = await run.journal();
  const device = journal.meta.device;
  const mine = entriesOf(journal.file, { device });
  let entry: JournalEntry | undefined;
  if (id !== undefined) {
    entry = mine.find((e) => e.id === id);
    if (!entry) {
      const elsewhere = entriesOf(journal.file).find((e) => e.id === id);
      throw elsewhere
        ? new UsageError(
            `journal entry ${id} is a change of ${elsewhere.device}, not of ${deviceId(device)} (select that device to undo it)`,
          )
        : new NotFoundError(`no journal entry ${id} (pbc journal lists them)`);
    }
  } else {
    const latest = latestUndoableIn(journal.file, device);
    if (latest.refused) throw new NoUndoError(`refusing to undo: ${latest.refused}`);
    entry = latest.entry;
    if (!entry)
      throw new NotFoundError(
        `no change of yours on ${deviceId(device)} left to undo in the journal (pbc journal lists them)`,
      );
  }
  const inverse = inverseOf(entry);
  if (!inverse.ok)
    throw new NoUndoError(
      `cannot undo ${entry.id} (${entry.operation}): ${inverse.why} — nothing was sent`,
    );
  const drift = await driftSince(client, entry);
  const question = [
    `This undoes ${entry.id} (${entry.operation}, ${entry.time}).`,
    ...inverse.notes.map((n) => `Note: ${n}.`),
    ...(drift ? [`Warning: ${drift}.`] : []),
    'Undo it?',
  ].join('\n');
  if (drift && run.g.yes && !o.force)
    throw new UsageError(
      `refusing to undo ${entry.id}: ${drift} (check it, then pass --force with --yes to undo anyway; nothing was changed)`,
    );
  const target = entry;
  const lines: string[] = [];
  let failed = false;
  const request = (i: number) => inverse.steps[i]!.describe()[0];
  try {
    await run.execute({
      steps: inverse.steps,
      question,
      refusal: `undo ${entry.id} (${entry.operation})`,
      needsYes: true,
      undoOf: target.id,
      onStep: (i, answer) => {
        if ('error' in answer) failed = true;
        else lines.push(`${request(i)} → OK`);
      },
    });
  } catch (e) {
    // refused, or not confirmed: nothing was sent — the command's error as it is
    if (!failed) throw e;
    const i = lines.length;
    const rest = inverse.steps.length - i - 1;
    lines.push(
      `${request(i)} → FAILED: ${sanitize(e instanceof Error ? e.message : String(e))}${rest > 0 ? ` (${rest} more not sent)` : ''}`,
    );
    process.stderr.write(`${lines.map((l) => `pbc: undo ${target.id}: ${l}`).join('\n')}\n`);
    return 1;
  }
  await run.done(
    `undone ${target.id} (${target.operation}): ${lines.length} ${lines.length === 1 ? 'request' : 'requests'} sent\n${lines.map((l) => `  ${l}`).join('\n')}`,
    { result: 'OK', undone: target.id, requests: lines },
  );
  return 0;
}
