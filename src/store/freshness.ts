/**
 * What the console may claim about its data: whether a resource's figures are still current
 * (fetched within their poll interval, plus slack), the header's connection state (live,
 * stale, down, auth, rebooting), and whether UAC is known to be on or off. One place, so the
 * header, Overview, Ports and Users say the same thing.
 */
import type { ResourceKey } from './resources.js';
import type { ConsoleState, RebootMark, Resource, Resources } from './store.js';

/**
 * Slack on top of a resource's interval before its figures count as stale: half the interval,
 * at least 2 s (a poll starts one interval after the last answer and needs time of its own).
 */
export function staleAfter(interval: number): number {
  return interval + Math.max(2000, interval / 2);
}

/** True when the resource has data and its last successful read is older than staleAfter. */
export function isStale(
  r: Pick<Resource<unknown>, 'updatedAt' | 'interval'>,
  now: number,
  interval = r.interval,
): boolean {
  return r.updatedAt !== undefined && now - r.updatedAt > staleAfter(interval);
}

/** The error of the resource's newest request, when that request failed. */
function currentError(r: Resource<unknown>): Resource<unknown>['error'] | undefined {
  const e = r.error;
  return e && (r.updatedAt === undefined || e.at > r.updatedAt) ? e : undefined;
}

/** Past this, a reboot the console sent no longer explains an outage: it is `down`. */
const REBOOT_SHOWN_MS = 300_000;

export type Connection =
  | { state: 'live' }
  | { state: 'stale'; ageMs: number }
  | { state: 'down'; ageMs: number | null }
  | { state: 'auth'; status: number | undefined }
  | { state: 'rebooting'; sinceMs: number | null }
  | { state: 'connecting' };

/**
 * The header's connection state over the demanded resources, most telling first:
 * - auth: the newest answer of a resource is a 401/403 (the login no longer works);
 * - rebooting: this console sent a reboot and the device is not back yet, or the device
 *   answers 503 (unavailable: what it answers while it reboots);
 * - down: the newest answer of a resource is a connection failure or a timeout;
 * - connecting: nothing has answered yet;
 * - stale: a resource's figures are older than its interval plus slack; the age shown is
 *   that of the oldest such figures;
 * - live.
 */
export function connectionOf(
  resources: Resources,
  keys: readonly ResourceKey[],
  intervals: (k: ResourceKey) => number,
  now: number,
  reboot?: RebootMark,
): Connection {
  let newestOk: number | null = null;
  let down = false;
  let unavailable = false;
  let auth: { status: number | undefined } | undefined;
  let staleAge: number | null = null;
  for (const k of keys) {
    const r = resources[k];
    if (r.updatedAt !== undefined) newestOk = Math.max(newestOk ?? 0, r.updatedAt);
    const e = currentError(r);
    if (e?.kind === 'auth') auth ??= { status: e.status };
    if (e?.kind === 'unavailable') unavailable = true;
    if (e?.kind === 'connection' || e?.kind === 'timeout') down = true;
    if (isStale(r, now, intervals(k))) staleAge = Math.max(staleAge ?? 0, now - (r.updatedAt ?? 0));
  }
  if (auth) return { state: 'auth', status: auth.status };
  if (reboot && now - reboot.since < REBOOT_SHOWN_MS)
    return { state: 'rebooting', sinceMs: Math.max(0, now - reboot.since) };
  if (unavailable) return { state: 'rebooting', sinceMs: null };
  // `now` may lag the newest commit by a tick: an age is never negative
  if (down) return { state: 'down', ageMs: newestOk === null ? null : Math.max(0, now - newestOk) };
  if (newestOk === null) return { state: 'connecting' };
  if (staleAge !== null) return { state: 'stale', ageMs: staleAge };
  return { state: 'live' };
}

/** UAC as far as the console knows it: `unknown` while the device refuses the login. */
export type UacView =
  | { state: 'loading' }
  | { state: 'unknown'; reason: string }
  | { state: 'off' }
  | { state: 'on'; level: number | null };

/**
 * The access resource's UAC state, unless the device refuses the login: a 401/403 newer than
 * every successful answer (of any resource) means the last value read may no longer hold.
 */
export function uacOf(state: Pick<ConsoleState, 'resources'>): UacView {
  let newestOk = Number.NEGATIVE_INFINITY;
  let refused: NonNullable<Resource<unknown>['error']> | undefined;
  for (const r of Object.values(state.resources) as Resource<unknown>[]) {
    if (r.updatedAt !== undefined) newestOk = Math.max(newestOk, r.updatedAt);
    const e = currentError(r);
    if (e?.kind === 'auth' && (!refused || e.at > refused.at)) refused = e;
  }
  if (refused && refused.at > newestOk)
    return {
      state: 'unknown',
      reason: refused.status ? `HTTP ${refused.status}` : 'login refused',
    };
  const access = state.resources.access.data;
  if (access === undefined) return { state: 'loading' };
  return access.uac ? { state: 'on', level: access.level } : { state: 'off' };
}
