/**
 * The pending auto-reverts: one JSON file, `pending.json` in the state directory (mode
 * 0600), shared by the process that made the change, the guard that reverts it, and
 * `pbc confirm` / `pbc pending`. Every change of state happens under a lock file
 * (`pending.json.lock`, O_EXCL) and is written atomically (temp file + rename), so a confirm
 * and an expiry cannot both win: the first to move an entry out of `pending` decides.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { ensureStateDir, stateDir } from '../config/state-dir.js';
import type { RecordedWrite } from '../ops/operation.js';
import type { HealthState } from './health-state.js';
import type { Watch } from './watch.js';

export type PendingState =
  | 'pending'
  | 'confirmed'
  | 'reverting'
  | 'reverted'
  /** Reverted in part: `detail` says what was left and why. */
  | 'partly-reverted'
  /** Nothing set back: every object was changed since by someone else (`detail` says how). */
  | 'not-reverted'
  | 'failed';

export interface PendingRevert {
  /** Short id: `pbc confirm ID`; the save-point is `pbc-revert-<id>`. */
  id: string;
  /** The device's REST base URL. */
  device: string;
  user?: string;
  /** What was changed, e.g. `rules add priority=100 in_port=1 → output:2`. */
  what: string;
  /** Epoch milliseconds. */
  createdAt: number;
  expiresAt: number;
  /**
   * Sent in order at expiry (the last ones delete the save-point): each write with its
   * operation's kind, which the guard sends it as (no kind is guessed from a route).
   */
  revert: RecordedWrite[];
  /** Sent after a confirmation (deletes the save-point); may be empty. */
  cleanup: RecordedWrite[];
  /** The `pbc-revert-<id>` save-point taken before the change, if any. */
  savepoint?: { kind: 'rules' | 'ports'; name: string };
  state: PendingState;
  /** The guard's process id (0 until it is started). */
  guardPid: number;
  /**
   * The objects the change changed are watched (watch.ts): at expiry only those still as
   * the change left them are set back. Absent: the state after could not be read, and the
   * `revert` requests are sent as they are.
   */
  watch?: Watch;
  /**
   * A guarded change (`--guard`, the console's `G`): the guard also watches the device's
   * traffic and reverts at once when a guard trips (health-state.ts).
   */
  health?: HealthState;
  /** Why it failed or what was left; how many times the guard tried. */
  detail?: string;
  attempts?: number;
  updatedAt: number;
}

/**
 * COMPATIBILITY (pending files written before the kinds were kept): an entry whose revert
 * writes carry no operation kind cannot be reverted — pbc never guesses a kind from a route.
 * Says so (the entry's failure), or undefined for an entry of this pbc.
 */
export function withoutKinds(entry: PendingRevert): string | undefined {
  const bare = [...entry.revert, ...entry.cleanup].filter((w) => typeof w.kind !== 'string');
  if (bare.length === 0) return undefined;
  return `armed by an older pbc: its ${bare.length} revert request(s) carry no operation kind, so none was sent — set the change back by hand (save-point ${entry.savepoint?.name ?? 'none'})`;
}

/** Finished entries kept in the file for `pbc pending --all` and the tests. */
const KEEP_FINISHED = 50;
const LOCK_WAIT_MS = 5000;
const LOCK_STALE_MS = 10_000;

export const pendingPath = (env: NodeJS.ProcessEnv = process.env) =>
  join(stateDir(env), 'pending.json');

export function readPending(env: NodeJS.ProcessEnv = process.env): PendingRevert[] {
  let text: string;
  try {
    text = readFileSync(pendingPath(env), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  let parsed: { reverts?: unknown };
  try {
    parsed = JSON.parse(text) as { reverts?: unknown };
  } catch (e) {
    throw new PendingFileError(pendingPath(env), (e as Error).message);
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.reverts))
    throw new PendingFileError(pendingPath(env), 'no list of reverts in it');
  return parsed.reverts as PendingRevert[];
}

/**
 * The pending file cannot be read: never taken for an empty list (that would cancel every
 * armed revert). Nothing writes over it; the guards keep waiting until it is readable again.
 */
export class PendingFileError extends Error {
  override name = 'PendingFileError';
  readonly exitCode = 1;
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(
      `the pending auto-reverts file ${path} is corrupt (${why.slice(0, 120)}): armed reverts are NOT cancelled, their guards keep running and wait until it is readable again — repair it so they can revert or be confirmed; pbc writes nothing over it`,
    );
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function lock(path: string): () => void {
  const lockPath = `${path}.lock`;
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(lockPath, 'wx', 0o600));
      return () => rmSync(lockPath, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        // A holder that died leaves the lock behind: it is never held for long.
        if (Date.now() - statSync(lockPath).mtimeMs > LOCK_STALE_MS)
          rmSync(lockPath, { force: true });
      } catch {}
      if (Date.now() > until)
        throw new Error(`${lockPath} is held by another pbc (remove it if no pbc is running)`);
      sleepSync(15);
    }
  }
}

const finished = (r: PendingRevert) =>
  r.state === 'confirmed' ||
  r.state === 'reverted' ||
  r.state === 'partly-reverted' ||
  r.state === 'not-reverted' ||
  r.state === 'failed';

/** Reads, changes and writes the list under the lock; returns what `change` returns. */
export function updatePending<T>(
  change: (list: PendingRevert[]) => T,
  env: NodeJS.ProcessEnv = process.env,
): T {
  ensureStateDir(env);
  const path = pendingPath(env);
  const unlock = lock(path);
  try {
    const list = readPending(env);
    const result = change(list);
    const done = list.filter(finished);
    const kept = list.filter((r) => !finished(r) || done.indexOf(r) >= done.length - KEEP_FINISHED);
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ reverts: kept }, null, 1)}\n`, { mode: 0o600 });
    renameSync(tmp, path);
    return result;
  } finally {
    unlock();
  }
}

/** Is process `pid` alive (a guard that died leaves its entry `pending` for ever)? */
export function alive(pid: number): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Waiting or being reverted by a live guard: what blocks a second revert on the device. */
export const active = (r: PendingRevert) =>
  (r.state === 'pending' || r.state === 'reverting') && alive(r.guardPid);

/** The same device: URLs equal up to trailing slashes and the case of scheme and host. */
export function sameDevice(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      return new URL(u).href.replace(/\/+$/, '');
    } catch {
      return u.replace(/\/+$/, '');
    }
  };
  return norm(a) === norm(b);
}

/** Moves entry `id` from `from` to `to` if it is still in `from`; the entry, or undefined. */
export function transition(
  id: string,
  from: PendingState,
  to: PendingState,
  extra: Partial<PendingRevert> = {},
  env: NodeJS.ProcessEnv = process.env,
): PendingRevert | undefined {
  return updatePending((list) => {
    const r = list.find((x) => x.id === id);
    if (!r || r.state !== from) return undefined;
    Object.assign(r, extra, { state: to, updatedAt: Date.now() });
    return { ...r };
  }, env);
}

/** Merges `patch` into entry `id`'s health (under the lock); the entry, or undefined. */
export function patchHealth(
  id: string,
  patch: Partial<HealthState>,
  env: NodeJS.ProcessEnv = process.env,
): PendingRevert | undefined {
  return updatePending((list) => {
    const r = list.find((x) => x.id === id);
    if (!r?.health) return undefined;
    Object.assign(r.health, patch);
    r.updatedAt = Date.now();
    return { ...r };
  }, env);
}
