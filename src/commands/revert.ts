/**
 * `pbc confirm [ID]`, `pbc pending` and the hidden `pbc revert-guard ID` (the detached
 * process that reverts an unconfirmed change; see src/ops/revert/guard.ts).
 */

import { confirmRevert, otherDeviceMessage, pendingOn } from '../guard/arm.js';
import { alive, type PendingRevert, readPending, sameDevice } from '../guard/pending.js';
import { formatCountdown } from '../model/duration.js';
import { UsageError } from '../model/errors.js';
import type { Run } from './run.js';
import { renderTable } from './table.js';

/**
 * Keeps the change of pending revert ID — without an ID, of every pending revert of the
 * selected device — and deletes its save-point. A write (the deletion): --readonly refuses it.
 * An ID of another device than the selected one is refused, nothing changed: its save-point
 * is on that device, which the selected device's session cannot reach.
 */
export async function confirm(run: Run, _o: unknown, id?: string): Promise<number | undefined> {
  const device = (await run.device()).url;
  const targets = id === undefined ? pendingOn(device).filter((r) => r.state === 'pending') : [];
  if (id === undefined && targets.length === 0)
    throw new UsageError(`no pending auto-revert on ${device} (pbc pending lists them)`);
  // An entry of another device: its save-point and its guard are there (checked again,
  // under the lock, when it is confirmed).
  const other = readPending().find((r) => r.id === id && !sameDevice(r.device, device));
  if (other) throw new UsageError(otherDeviceMessage(other, device));
  const c = await run.writer();
  const done: string[] = [];
  for (const target of id === undefined ? targets.map((r) => r.id) : [id]) {
    const { entry, cleanupFailed } = await confirmRevert(c, target, device);
    if (cleanupFailed)
      run.warn(
        `could not delete save-point ${entry.savepoint?.name}: ${cleanupFailed} (delete it with pbc savepoint rm)`,
      );
    done.push(entry.id);
  }
  await run.done(
    `confirmed: ${done.join(', ')} (the change${done.length > 1 ? 's stay' : ' stays'})`,
    { confirmed: done },
  );
  return undefined;
}

function view(r: PendingRevert) {
  const waiting = r.state === 'pending' || r.state === 'reverting';
  return {
    id: r.id,
    device: r.device,
    user: r.user ?? null,
    change: r.what,
    state: r.state,
    created_at: new Date(r.createdAt).toISOString(),
    expires_at: new Date(r.expiresAt).toISOString(),
    savepoint: r.savepoint?.name ?? null,
    guard: waiting ? (alive(r.guardPid) ? 'running' : 'gone') : null,
    detail: r.detail || null,
    // a guarded change: what it watches, until when, and the guard that tripped
    ...(r.health
      ? {
          guarded: {
            guards: r.health.spec.kinds,
            until: r.health.untilAt ? new Date(r.health.untilAt).toISOString() : null,
            samples: r.health.samples ?? 0,
            tripped: r.health.trip ? { guard: r.health.trip.kind, what: r.health.trip.what } : null,
          },
        }
      : {}),
  };
}

/** `pending --resume [ID]`: new guards for the stopped ones of the selected device. */
async function resumeGuards(run: Run, id: string | undefined): Promise<void> {
  const entry = process.argv[1];
  if (!entry) throw new UsageError('--resume: cannot tell where pbc runs from');
  const { resume, orphanWhen } = await import('../guard/liveness.js');
  const options = await run.guardOptions();
  const { resumed, skipped } = await resume(options, entry, id);
  for (const why of skipped) run.warn(`not resumed: ${why}`);
  if (resumed.length === 0)
    throw new UsageError(
      id === undefined
        ? `no waiting auto-revert of ${options.url} has a stopped guard (pbc pending lists them)`
        : `auto-revert ${id} has no stopped guard to resume on ${options.url} (pbc pending lists them)`,
    );
  for (const r of resumed)
    run.warn(
      `auto-revert ${r.id}: guard restarted (pid ${r.guardPid}); ${r.expiresAt <= Date.now() ? 'it reverts now' : `it reverts ${orphanWhen(r)}`} unless confirmed: pbc confirm ${r.id}`,
    );
}

/** Waiting auto-reverts (and failed or partly reverted ones, which need a hand); --all adds finished ones. */
export async function pending(
  run: Run,
  o: { all?: boolean; resume?: true | string },
): Promise<void> {
  if (o.resume) await resumeGuards(run, o.resume === true ? undefined : o.resume);
  const list = readPending().filter(
    (r) =>
      o.all ||
      r.state === 'pending' ||
      r.state === 'reverting' ||
      r.state === 'partly-reverted' ||
      r.state === 'not-reverted' ||
      r.state === 'failed',
  );
  const rows = list.map(view);
  await run.print(rows, () =>
    rows.length === 0
      ? 'no pending auto-reverts'
      : renderTable(
          [
            { header: 'ID' },
            { header: 'STATE' },
            { header: 'REVERTS IN' },
            { header: 'DEVICE' },
            { header: 'CHANGE', flex: true },
            { header: 'NOTE', flex: true },
          ],
          list.map((r, i) => [
            r.id,
            r.state,
            r.state === 'pending' ? formatCountdown(r.expiresAt - Date.now()) : '',
            r.device,
            r.what,
            rows[i]!.guard === 'gone'
              ? `guard not running: pbc pending --resume, or pbc confirm ${r.id}`
              : (r.detail ?? ''),
          ]),
        ),
  );
}
