/**
 * Arming and confirming an auto-revert (commit confirmed), shared by the CLI and the
 * console. Arming, before the change is sent: reserve the device in the pending file (a
 * second pending revert on the same device is refused), take the recipe (e.g. the
 * `pbc-revert-<id>` save-point), start the guard. After the change is sent, `started()` sets
 * the expiry from that moment. A change that was never sent is withdrawn (the save-point
 * deleted, the entry removed; the guard then finds nothing and exits).
 */
import { randomBytes } from 'node:crypto';
import { type Client, type ClientOptions, ConnectionError, TimeoutError } from '../api/index.js';
import { formatCountdown } from '../model/duration.js';
import { UsageError } from '../model/errors.js';
import { checkBases } from '../ops/base-check.js';
import { sendRecorded } from '../ops/execute.js';
import type { Operation } from '../ops/operation.js';
import { type Recipe, type RevertPlan, takeRecipe } from '../ops/revert/recipe.js';
import { type DomainName, domainOfWrite, SAVEPOINT_DOMAINS } from './domains.js';
import { awaitBaseline, healthStarted } from './health-arm.js';
import type { HealthSpec } from './health-spec.js';
import { accountLevel, revertGaps } from './levels.js';
import {
  active,
  type PendingRevert,
  readPending,
  sameDevice,
  transition,
  updatePending,
} from './pending.js';
import { spawnGuard } from './spawn.js';
import { recordWatch, removeChanges, type Snapshot, snapshot, type Watch } from './watch.js';

export interface ArmOptions {
  client: Client;
  /** The client's options, credentials included: handed to the guard through its stdin. */
  options: ClientOptions;
  what: string;
  afterMs: number;
  plan: RevertPlan;
  /** The pbc script the guard runs from (process.argv[1]). */
  entry: string;
  env?: NodeJS.ProcessEnv;
  /**
   * The revert would be incomplete (the account may not send some of its requests; `why`
   * says which): resolves true to go on, false or throws to refuse. Without it, refused.
   */
  incomplete?: (why: string) => Promise<boolean>;
  /**
   * A guarded change (`--guard`, `G`): the guard also watches the traffic for `health.forMs`
   * and reverts at once when a guard trips. `keepAtEnd`: no revert timer (no
   * --revert-after): the change is kept when the window ends without a trip.
   */
  health?: { spec: HealthSpec; keepAtEnd: boolean };
  /**
   * The writes the revert is armed for: their bases are checked (base-check.ts) before
   * anything of the revert is sent, so a conflict sends nothing at all, not even the
   * save-point. `force`: sent over another operator's change (--force).
   */
  change?: { ops: readonly Operation[]; force?: boolean };
}

export interface Armed {
  id: string;
  /**
   * The change was sent: the revert is due `afterMs` from now. Reads the state the change
   * left, so the revert sets back only the objects it changed (watch.ts).
   */
  started(): Promise<PendingRevert | undefined>;
  /** The change was not sent: delete the save-point, forget the entry. */
  withdraw(): Promise<void>;
}

/** The refusal of a plan without an inverse, or undefined when it can be reverted. */
export function refusal(what: string, plan: RevertPlan): string | undefined {
  return plan.kind === 'none'
    ? `--revert-after is not available for ${what}: ${plan.why} (send it without a timer)`
    : undefined;
}

function blocking(device: string, list: PendingRevert[]): PendingRevert | undefined {
  return list.find((r) => sameDevice(r.device, device) && active(r));
}

export function busyMessage(r: PendingRevert): string {
  return `a change on this device is already waiting to be reverted (${r.id}: ${r.what}, ${r.state === 'reverting' ? 'reverting now' : `reverts in ${formatCountdown(r.expiresAt - Date.now())}`}); confirm it first (pbc confirm ${r.id}) or wait for the revert — one pending revert per device`;
}

export async function arm(o: ArmOptions): Promise<Armed> {
  const env = o.env ?? process.env;
  const why = refusal(o.what, o.plan);
  if (why || o.plan.kind === 'none') throw new UsageError(why);
  if (o.change) await checkBases(o.client, o.change.ops, o.change.force);
  const plan = o.plan;
  const id = randomBytes(3).toString('hex');
  const now = Date.now();
  updatePending((list) => {
    const busy = blocking(o.options.url, list);
    if (busy) throw new UsageError(busyMessage(busy));
    list.push({
      id,
      device: o.options.url,
      ...(o.options.user !== undefined ? { user: o.options.user } : {}),
      what: o.what,
      createdAt: now,
      expiresAt: now + o.afterMs,
      revert: [],
      cleanup: [],
      state: 'pending',
      // this process until the guard runs: an entry whose process died blocks nothing
      guardPid: process.pid,
      updatedAt: now,
      ...(o.health ? { health: { ...o.health } } : {}),
    });
  }, env);
  const forget = () => updatePending((list) => void removeEntry(list, id), env);
  let cleanup: PendingRevert['cleanup'] = [];
  const withdraw = async () => {
    forget();
    removeChanges(id, env);
    for (const r of cleanup) await sendRecorded({ client: o.client }, r).catch(() => {});
  };
  let before: Snapshot = {};
  let domains: DomainName[] = [];
  try {
    const recipe = await takeRecipe(o.client, plan, id, o.what, async (revert, kinds) => {
      const level = await accountLevel(o.client, o.options.user).catch(() => null);
      const gaps = revertGaps(revert, kinds, level, o.options.user);
      if (gaps.length === 0) return;
      const why = gaps.join('; ');
      if (!(await o.incomplete?.(why)))
        throw new UsageError(
          `the auto-revert would be incomplete: ${why} — send it without --revert-after, as an account that may, or accept an incomplete revert (--accept-partial-revert); nothing was sent`,
        );
    });
    cleanup = recipe.cleanup;
    domains = watchedDomains(recipe);
    before = await snapshot(o.client, domains);
    transition(id, 'pending', 'pending', recipe, env);
    const pid = await spawnGuard(id, o.options, o.entry, env);
    transition(id, 'pending', 'pending', { guardPid: pid }, env);
    // a guarded change: the guard's pre-change samples come before the change is sent
    if (o.health) await awaitBaseline(id, pid, o.health.spec, env);
  } catch (e) {
    await withdraw();
    throw e;
  }
  return {
    id,
    started: async () => {
      const expiresAt = Date.now() + o.afterMs;
      let watch: Watch | undefined;
      try {
        watch = recordWatch(id, before, await snapshot(o.client, domains), env);
      } catch {
        // the state after cannot be read: the revert sends its requests as they are
      }
      const entry = transition(
        id,
        'pending',
        'pending',
        { expiresAt, ...(watch ? { watch } : {}) },
        env,
      );
      return o.health ? (healthStarted(id, o.health.spec, env) ?? entry) : entry;
    },
    withdraw,
  };
}

/** The domains a recipe sets back: its save-point's, and those its before-state requests set. */
function watchedDomains(recipe: Recipe): DomainName[] {
  const out = new Set<DomainName>(recipe.savepoint ? SAVEPOINT_DOMAINS[recipe.savepoint.kind] : []);
  for (const w of recipe.revert) {
    const d = domainOfWrite(w);
    if (d) out.add(d);
  }
  return [...out];
}

/** The change may have reached the device: no answer, or the device failing (5xx). */
export function maybeSent(err: unknown): boolean {
  if (err instanceof ConnectionError || err instanceof TimeoutError) return true;
  const status = (err as { status?: number }).status;
  return status !== undefined && status >= 500;
}

function removeEntry(list: PendingRevert[], id: string): void {
  const i = list.findIndex((r) => r.id === id);
  if (i >= 0) list.splice(i, 1);
}

/** Of `list`, the entries still waiting (or being reverted) on `device`, or on every device. */
export function waitingOn(list: readonly PendingRevert[], device: string | undefined) {
  return list.filter(
    (r) =>
      (r.state === 'pending' || r.state === 'reverting') &&
      (!device || sameDevice(r.device, device)),
  );
}

/** Entries still waiting (or being reverted) on `device`, or on every device. */
export function pendingOn(device: string | undefined, env: NodeJS.ProcessEnv = process.env) {
  return waitingOn(readPending(env), device);
}

export interface Confirmed {
  entry: PendingRevert;
  /** Why the save-point could not be deleted (it is left on the device), if so. */
  cleanupFailed?: string;
}

/** The refusal of a confirm of `r` sent to another device than the entry's own. */
export function otherDeviceMessage(r: PendingRevert, device: string): string {
  return `auto-revert ${r.id} is on ${r.device}, not on the selected device ${device}: select that device (its context, or --url ${r.device}) and confirm again (nothing was changed)`;
}

/**
 * Keeps the change of entry `id` of `device` (the device `client` talks to): pending →
 * confirmed (a revert that already started wins: then a UsageError says so), and deletes its
 * save-point. An entry of another device is refused (a UsageError, the entry left pending):
 * its save-point is on that device, and the guard would still revert it there.
 */
export async function confirmRevert(
  client: Client,
  id: string,
  device: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Confirmed> {
  const entry = updatePending((list) => {
    const r = list.find((x) => x.id === id);
    if (r?.state !== 'pending') return undefined;
    if (!sameDevice(r.device, device)) throw new UsageError(otherDeviceMessage(r, device));
    Object.assign(r, { detail: '', state: 'confirmed', updatedAt: Date.now() });
    return { ...r };
  }, env);
  if (!entry) {
    const r = readPending(env).find((x) => x.id === id);
    throw new UsageError(
      r
        ? `auto-revert ${id} is ${r.state}${r.detail ? ` (${r.detail})` : ''}: too late to confirm`
        : `no pending auto-revert ${id} (pbc pending lists them)`,
    );
  }
  removeChanges(id, env);
  try {
    for (const r of entry.cleanup) await sendRecorded({ client }, r);
    return { entry };
  } catch (e) {
    return { entry, cleanupFailed: (e as Error).message };
  }
}
