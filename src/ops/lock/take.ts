/**
 * `pbc lock`, `pbc lock --steal` and `pbc unlock` as writes: each through the one executor
 * (journaled like any save-point write) but not refused by the lock check. Taking re-reads
 * the lock afterwards: when another operator's lock is there instead (both took it at once),
 * this one backs off and says who won.
 */
import { ConflictError } from '../conflict.js';
import { savepointOps } from '../savepoints.js';
import { type LockRunner, lockedError, removeExpired } from './check.js';
import {
  expired,
  type FoundLock,
  formatLock,
  isForeign,
  LOCK_NAME,
  type Lock,
  type LockHolder,
  lockText,
  parseLock,
  sameHolder,
} from './format.js';
import { readLock } from './read.js';

export interface TakeRequest {
  holder: LockHolder;
  forMs: number;
  reason: string;
  /** Take it over from another operator (the command has asked). */
  steal?: boolean;
}

/** What taking did: `took`, `renewed` (it was ours), `stole` from `from`. */
export interface Taken {
  lock: Lock;
  how: 'took' | 'renewed' | 'stole';
  from?: FoundLock;
}

const describe = (description: string) =>
  savepointOps.modify('rules', { old_name: LOCK_NAME, description, override: false });

/** Takes (or renews, or steals) the lock; throws ConflictError when another holds it. */
export async function takeLock(x: LockRunner, r: TakeRequest, now = new Date()): Promise<Taken> {
  let found = await readLock(x.client);
  if (found && !isForeign(found) && expired(found, now.getTime())) {
    await removeExpired(x, found);
    found = undefined;
  }
  const ours = found && !isForeign(found) && sameHolder(found.holder, r.holder);
  const since = ours ? (found as Lock).since : now;
  const lock: Lock = {
    holder: r.holder,
    pid: process.pid,
    since,
    until: new Date(now.getTime() + r.forMs),
    reason: r.reason,
  };
  if (found && !ours && !r.steal) throw lockedError(found, now.getTime());
  const text = formatLock(lock);
  if (found) await x.send(describe(text));
  else await created(x, text);
  await confirmed(x, text);
  return {
    lock,
    how: ours ? 'renewed' : found ? 'stole' : 'took',
    ...(found && !ours ? { from: found } : {}),
  };
}

/** Creates the lock; a refusal because one appeared meanwhile is the re-read's to explain. */
async function created(x: LockRunner, text: string): Promise<void> {
  try {
    await x.send(savepointOps.create('rules', LOCK_NAME, text));
  } catch (e) {
    if (!(await readLock(x.client))) throw e;
  }
}

/** The re-read: the device must hold exactly this lock now, else another operator won. */
async function confirmed(x: LockRunner, text: string): Promise<void> {
  const sp = (await x.client.savepoints.list()).rules.filter((s) => s.name === LOCK_NAME);
  if (sp.length === 1 && sp[0]!.description === text) return;
  const winner = sp.find((s) => s.description !== text);
  throw new ConflictError(
    winner
      ? `backed off: ${lockText(parseLock(winner.description), Date.now())} took the lock at the same time; this one is not on the device — wait for it, ask the holder, or take it over with pbc lock --steal`
      : 'the lock was deleted right after it was taken; nothing more was sent — try pbc lock again',
    'lock',
  );
}

export type Released = { how: 'released' } | { how: 'none' } | { how: 'expired'; lock: Lock };

/** Deletes this operator's lock; refuses another's (steal it first); deletes an expired one. */
export async function releaseLock(
  x: LockRunner,
  holder: LockHolder,
  now = Date.now(),
): Promise<Released> {
  const found = await readLock(x.client);
  if (!found) return { how: 'none' };
  if (!isForeign(found) && expired(found, now)) {
    await removeExpired(x, found);
    return { how: 'expired', lock: found };
  }
  if (isForeign(found) || !sameHolder(found.holder, holder)) throw lockedError(found, now);
  await x.send(savepointOps.remove('rules', LOCK_NAME));
  return { how: 'released' };
}
