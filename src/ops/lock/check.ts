/**
 * The lock check of the one executor (execute.ts `run`): before a run sends anything, the
 * device's `pbc-lock` is read (one GET /savepoints, or the console's poll of the last
 * seconds). Another operator's unexpired lock refuses the whole run — nothing is sent, not
 * even a lock. A lock found expired is deleted (journaled, through the executor) and said.
 */
import type { Client } from '../../api/index.js';
import type { ConsoleStore } from '../../store/store.js';
import { ConflictError } from '../conflict.js';
import type { Operation } from '../operation.js';
import { savepointOps } from '../savepoints.js';
import {
  expired,
  type FoundLock,
  isForeign,
  LOCK_NAME,
  type Lock,
  lockText,
  sameHolder,
} from './format.js';
import { holderOf, lockSetupOf, readLock } from './read.js';

/**
 * What the lock is read and written through: the client (the console's store, if fresh),
 * and `send`, the executor's run of one of the lock's own writes (not refused by the check).
 */
export interface LockRunner {
  client: Client;
  store?: ConsoleStore;
  send(op: Operation): Promise<unknown>;
}

/** The refusal of a write while `found` is held by another operator. */
export function lockedError(found: FoundLock, now = Date.now()): ConflictError {
  return new ConflictError(
    `refused: the device is locked by ${lockText(found, now)}; nothing was sent — wait for it, ask the holder, or take it over with pbc lock --steal`,
    'lock',
  );
}

/** Deletes a lock found expired, through the executor, and says so. */
export async function removeExpired(x: LockRunner, found: Lock): Promise<void> {
  await x.send(savepointOps.remove('rules', LOCK_NAME));
  lockSetupOf(x.client)?.notice?.(`deleted an expired lock: ${lockText(found, Date.now())}`);
}

/** Whether `client`'s holder holds `found`. */
export async function isMine(client: Client, found: FoundLock): Promise<boolean> {
  return !isForeign(found) && sameHolder(found.holder, await holderOf(client));
}

/**
 * Throws ConflictError (exit 5) when another operator holds an unexpired lock. Only a client
 * with the lock installed (the CLI's, the console's) is checked.
 */
export async function checkLock(x: LockRunner): Promise<void> {
  if (!lockSetupOf(x.client)) return;
  const found = await readLock(x.client, x.store);
  if (!found) return;
  if (!isForeign(found) && expired(found, Date.now())) return removeExpired(x, found);
  if (await isMine(x.client, found)) return;
  throw lockedError(found);
}
