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

type MakeHolder = (login?: string, env?: NodeJS.ProcessEnv) => LockHolder;

/** Who `client` writes as (made once, on the first write or lock shown: a read never touches the token). */
export async function holderOf(client: Client): Promise<LockHolder> {
  const known = installed.get(client)?.holder;
  return known ?? holderNow(client, (await import('./identity.js')).thisHolder);
}

/**
 * Who `client` writes as, made now with `make` (identity.ts's thisHolder) when not yet known:
 * the console's header asks only once the device shows a lock of pbc's, so a console start
 * reads no passwd entry and no token before its first frame. Made once per client: every
 * later question, the header's or a write's, gets the same holder.
 */
export function holderNow(client: Client, make: MakeHolder): LockHolder {
  const entry = installed.get(client) ?? { setup: {} };
  entry.holder ??= make(entry.setup.login, entry.setup.env);
  installed.set(client, entry);
  return entry.holder;
}

/** How recent the console's polled save-points must be to stand for a read of the device. */
export const FRESH_MS = 3000;

/** The lock in a save-point list; undefined when there is none. */
export function lockIn(list: SavePoints): FoundLock | undefined {
  const sp = list.rules.find((s) => s.name === LOCK_NAME);
  return sp ? parseLock(sp.description ?? '') : undefined;
}

/**
 * The header's mark of the lock in `list` (`⚿ alice@jump1 12m · maintenance`), '' for none.
 * `me` is asked only for a lock of pbc's (is it mine?); undefined: not known, not mine.
 */
export function lockHeader(
  list: SavePoints | undefined,
  me: () => LockHolder | undefined,
  now: number,
) {
  const found = list ? lockIn(list) : undefined;
  if (!found) return '';
  if (isForeign(found)) return lockMark(found, false, now);
  const holder = me();
  return lockMark(found, Boolean(holder && sameHolder(found.holder, holder)), now);
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
