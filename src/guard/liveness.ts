/**
 * Is every armed revert's guard alive? A guard killed (kill -9, a reboot of the jump host)
 * leaves its entry `pending` for ever: nothing reverts. The console's header and every CLI
 * command say so (`orphans`), and `pbc pending --resume` starts a new guard (`resume`).
 *
 * Not restarted automatically: a new guard needs the credentials of the account that
 * armed the revert, for the device it was armed on — an unrelated command may run as
 * another user or against another device — and an overdue revert firing as the side
 * effect of, say, `pbc get rules` would be a surprise. The operator decides: resume, or
 * confirm (keep the change).
 */
import type { ClientOptions } from '../api/index.js';
import { formatCountdown } from '../model/duration.js';
import { alive, type PendingRevert, readPending, sameDevice, updatePending } from './pending.js';

const waiting = (r: PendingRevert) => r.state === 'pending' || r.state === 'reverting';

/** Entries waiting (or being reverted) whose guard process is not running. */
export function orphans(env: NodeJS.ProcessEnv = process.env): PendingRevert[] {
  return readPending(env).filter((r) => waiting(r) && !alive(r.guardPid));
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** `overdue since 14:05 UTC` / `due in 3:12` / `stopped while reverting`. */
export function orphanWhen(r: PendingRevert, now = Date.now()): string {
  if (r.state === 'reverting') return 'stopped while reverting';
  return r.expiresAt <= now
    ? `overdue since ${clock(r.expiresAt)} UTC`
    : `due in ${formatCountdown(r.expiresAt - now)}`;
}

/** The warning every CLI command prints for an orphan. */
export function orphanWarning(r: PendingRevert): string {
  return `auto-revert ${r.id} (${r.what}) on ${r.device}: its guard is not running, so it will not revert (${orphanWhen(r)}) — pbc pending --resume restarts it; pbc confirm ${r.id} keeps the change`;
}

export interface Resumed {
  resumed: PendingRevert[];
  /** Orphans not resumed, with why. */
  skipped: string[];
}

/**
 * Starts a new guard for each orphan of the device `options` talks to (all, or `id`), with
 * these credentials; an orphan armed by another account or on another device is skipped
 * (saying why). An overdue one is reverted by its new guard at once.
 */
export async function resume(
  options: ClientOptions,
  entry: string,
  id: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Resumed> {
  // (spawn.ts and node:child_process are loaded only here: every command reads liveness)
  const { spawnGuard } = await import('./spawn.js');
  const out: Resumed = { resumed: [], skipped: [] };
  for (const r of orphans(env)) {
    if (id !== undefined && r.id !== id) continue;
    if (!sameDevice(r.device, options.url)) {
      out.skipped.push(`${r.id}: on ${r.device}, not the selected device (select it to resume)`);
      continue;
    }
    if ((r.user ?? '') !== (options.user ?? '')) {
      out.skipped.push(`${r.id}: armed by user '${r.user ?? ''}' (resume as that user)`);
      continue;
    }
    // Claimed for this process first (a second --resume then sees a live pid), then
    // handed to the new guard; a revert stopped half-way starts again (each step is
    // checked against the device again).
    const claimed = updatePending((list) => {
      const x = list.find((y) => y.id === r.id);
      if (!x || !waiting(x) || alive(x.guardPid)) return false;
      Object.assign(x, { state: 'pending', guardPid: process.pid, updatedAt: Date.now() });
      return true;
    }, env);
    if (!claimed) continue;
    const pid = await spawnGuard(r.id, options, entry, env);
    const done = updatePending((list) => {
      const x = list.find((y) => y.id === r.id);
      if (x?.state === 'pending') Object.assign(x, { guardPid: pid, updatedAt: Date.now() });
      return x ? { ...x } : undefined;
    }, env);
    if (done) out.resumed.push(done);
  }
  return out;
}
