/**
 * Reading pbc's lock off the device, and who this client writes as. A client pbc writes
 * with (the CLI's, the console's) has the lock installed on it: who it is (its device login,
 * its state directory) and where to say that an expired lock was deleted.
 */
import type { Client } from '../../api/index.js';
import type { SavePoints } from '../../model/index.js';
import type { ConsoleStore } from '../../store/store.js';
import {
  type FoundLock,
  isForeign,
  LOCK_NAME,
  type LockHolder,
  lockMark,
  parseLock,
  sameHolder,
} from './format.js';

export interface LockSetup {
  /** The device account this client uses (`alice (admin)@jump1`). */
  login?: string;
  /** The environment naming the state directory (its token says which operator this is). */
  env?: NodeJS.ProcessEnv;
  /** Told one line when a lock found expired was deleted. */
  notice?: (line: string) => void;
}

const installed = new WeakMap<Client, { setup: LockSetup; holder?: LockHolder }>();

/** From now on the executor refuses `client`'s writes while another operator holds the lock. */
export function installLock(client: Client, setup: LockSetup = {}): void {
  installed.set(client, { setup });
}

export function lockSetupOf(client: Client): LockSetup | undefined {
  return installed.get(client)?.setup;
}

/** Who `client` writes as (made once, on the first write: a read never touches the token). */
export async function holderOf(client: Client): Promise<LockHolder> {
  const entry = installed.get(client) ?? { setup: {} };
  if (!entry.holder) {
    const { thisHolder } = await import('./identity.js');
    entry.holder = thisHolder(entry.setup.login, entry.setup.env);
    installed.set(client, entry);
  }
  return entry.holder;
}

/** Who `client` writes as, when already known (the header's question: is the lock mine?). */
export function knownHolder(client: Client): LockHolder | undefined {
  return installed.get(client)?.holder;
}

/** How recent the console's polled save-points must be to stand for a read of the device. */
export const FRESH_MS = 3000;

/** The lock in a save-point list; undefined when there is none. */
export function lockIn(list: SavePoints): FoundLock | undefined {
  const sp = list.rules.find((s) => s.name === LOCK_NAME);
  return sp ? parseLock(sp.description ?? '') : undefined;
}

/** The header's mark of the lock in `list` (`⚿ alice@jump1 12m · maintenance`), '' for none. */
export function lockHeader(list: SavePoints | undefined, me: LockHolder | undefined, now: number) {
  const found = list ? lockIn(list) : undefined;
  if (!found) return '';
  return lockMark(found, Boolean(me && !isForeign(found) && sameHolder(found.holder, me)), now);
}

/** The save-points the console fetched in the last FRESH_MS, if it did. */
function polled(store: ConsoleStore | undefined, now: number): SavePoints | undefined {
  const r = store?.getState().resources.savepoints;
  if (!r?.data || r.failures > 0 || r.updatedAt === undefined) return undefined;
  return now - r.updatedAt < FRESH_MS ? r.data : undefined;
}

/** The device's lock: from the console's fresh poll, else one GET /savepoints. */
export async function readLock(
  client: Client,
  store?: ConsoleStore,
): Promise<FoundLock | undefined> {
  return lockIn(polled(store, Date.now()) ?? (await client.savepoints.list()));
}
