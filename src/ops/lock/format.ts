/**
 * pbc's lock as the device keeps it: a rule save-point named `pbc-lock` whose description
 * says who holds it, for how long and why — readable by every pbc and by a person in the
 * vendor's UI. Pure: format and parse the description, say whose it is and what is left.
 *
 * `held by alice (admin)@jump1 pid=4242 since=2026-11-28T19:40:00.000Z
 *  until=2026-11-28T20:10:00.000Z token=3f9a2b7c1d0e reason=maintenance`
 */
import { formatDuration } from '../../model/duration.js';
import { sanitize } from '../../model/index.js';

export const LOCK_NAME = 'pbc-lock';
/** The longest reason kept (the device keeps at most 1024 characters of description). */
export const REASON_MAX = 200;

/** Who holds a lock: OS user and host, device login if any, the state directory's token. */
export interface LockHolder {
  user: string;
  host: string;
  login?: string;
  token: string;
}

export interface Lock {
  holder: LockHolder;
  pid: number;
  since: Date;
  until: Date;
  reason: string;
}

/** A `pbc-lock` whose description is not pbc's: held by someone unknown, until stolen. */
export interface ForeignLock {
  description: string;
}

export type FoundLock = Lock | ForeignLock;

export const isForeign = (l: FoundLock): l is ForeignLock => !('holder' in l);

/** One line of text without spaces' meaning lost: control characters gone. */
const clean = (s: string) => sanitize(s).replace(/\s+/g, ' ').trim();
/** A holder's name part as the description keeps it (and as it is compared). */
const part = (s: string) => clean(s).slice(0, 64);

/** `alice (admin)@jump1`, or `alice@jump1` without a device login. */
export function holderText(h: Omit<LockHolder, 'token'>): string {
  const login = h.login ? ` (${part(h.login)})` : '';
  return `${part(h.user)}${login}@${part(h.host)}`;
}

export function formatLock(l: Lock): string {
  return [
    `held by ${holderText(l.holder)}`,
    `pid=${l.pid}`,
    `since=${l.since.toISOString()}`,
    `until=${l.until.toISOString()}`,
    `token=${l.holder.token}`,
    `reason=${clean(l.reason).slice(0, REASON_MAX)}`,
  ].join(' ');
}

const LINE = /^held by (.+?) pid=(\d+) since=(\S+) until=(\S+) token=([0-9a-f]+) reason=(.*)$/s;
const HOLDER = /^(.*?)(?: \((.*)\))?@([^@]*)$/s;

/** The lock a `pbc-lock` description says; a foreign one when it is not pbc's format. */
export function parseLock(description: string): FoundLock {
  const m = LINE.exec(description);
  const h = m ? HOLDER.exec(m[1]!) : null;
  const since = new Date(m?.[3] ?? '');
  const until = new Date(m?.[4] ?? '');
  if (!m || !h || Number.isNaN(since.getTime()) || Number.isNaN(until.getTime()))
    return { description };
  const holder: LockHolder = { user: h[1]!, host: h[3]!, token: m[5]! };
  if (h[2] !== undefined) holder.login = h[2];
  return { holder, pid: Number(m[2]), since, until, reason: m[6]! };
}

/** The same operator: same OS user, host and state directory (its token). */
export function sameHolder(a: LockHolder, b: LockHolder): boolean {
  return a.token === b.token && part(a.user) === part(b.user) && part(a.host) === part(b.host);
}

export const expired = (l: Lock, now: number) => l.until.getTime() <= now;

/** `12m`, `1h5m`, `40s`: what is left of the lock, rounded up to the minute past 1 m. */
export function leftText(l: Lock, now: number): string {
  const ms = l.until.getTime() - now;
  if (ms <= 0) return 'expired';
  return ms < 60_000 ? formatDuration(Math.ceil(ms / 1000) * 1000) : `${Math.ceil(ms / 60_000)}m`;
}

/**
 * Who holds it and until when, for a refusal: `alice (admin)@jump1 (pid 4242) since
 * 19:40:00Z until 20:10:00Z (12m left), reason: maintenance`. Device text, sanitized.
 */
export function lockText(found: FoundLock, now: number): string {
  if (isForeign(found))
    return `someone outside pbc (save-point '${LOCK_NAME}': ${clean(found.description).slice(0, 120) || 'no description'})`;
  const l = found;
  const time = (d: Date) => d.toISOString().replace(/\.\d+Z$/, 'Z');
  const reason = clean(l.reason);
  return `${holderText(l.holder)} (pid ${l.pid}) since ${time(l.since)} until ${time(l.until)} (${leftText(l, now)}${expired(l, now) ? '' : ' left'})${reason ? `, reason: ${reason}` : ''}`;
}

/** The header's mark: `⚿ alice@jump1 12m · maintenance` (no device login: it is short). */
export function lockMark(found: FoundLock, mine: boolean, now: number): string {
  if (isForeign(found)) return `⚿ ${LOCK_NAME} (not pbc's)`;
  const who = mine ? 'yours' : holderText({ user: found.holder.user, host: found.holder.host });
  const reason = clean(found.reason);
  return `⚿ ${who} ${leftText(found, now)}${reason ? ` · ${reason}` : ''}`;
}
