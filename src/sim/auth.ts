/**
 * Passwords (scrypt, never stored or returned in clear) and the per-request access check.
 * scrypt is deliberately slow, so a verified (user, password) pair is cached until that
 * user's hash changes — otherwise every polled request under UAC would cost ~50 ms. A login
 * is checked off the event loop (crypto.scrypt runs in libuv's thread pool), with the same
 * work whether or not the user exists, and repeated failures from one address are held
 * back (login-throttle.ts).
 */
import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { READ, SUPER, WRITE } from '../model/index.js';
import { SimError } from './errors.js';
import type { LoginThrottle } from './login-throttle.js';
import type { Params } from './params.js';
import type { Level, Principal } from './router.js';
import type { SimState, SimUser } from './state.js';

const KEYLEN = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, KEYLEN).toString('hex')}`;
}

const startupHashes = new Map<string, string>();

/**
 * The hash a device starts with for its admin password, made once per process and password
 * (scrypt costs ~40 ms of CPU, which every simulator started — a test's, each of
 * `pbc sim --devices N`'s — paid again for the same password). Its salt is shared by the devices
 * of one process that start with that password; no client ever sees a hash.
 */
export function startupHash(password: string): string {
  let hash = startupHashes.get(password);
  if (hash === undefined) {
    hash = hashPassword(password);
    startupHashes.set(password, hash);
  }
  return hash;
}

/** The factory password's ('admin'). */
export const factoryPasswordHash = (): string => startupHash('admin');

const verified = new Map<string, string>();

/** Stands in for an unknown user's hash: the same scrypt work, and never a match. */
const DUMMY_HASH = `${randomBytes(16).toString('hex')}:${randomBytes(KEYLEN).toString('hex')}`;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Whether `password` is `user`'s (with no user: checked against a dummy hash, so an unknown
 * name costs what a known one does). The scrypt runs off the event loop.
 */
export async function verifyPassword(
  user: SimUser | undefined,
  password: string,
): Promise<boolean> {
  const cacheKey = user
    ? createHash('sha256').update(`${user.username}\0${password}`).digest('hex')
    : '';
  if (user && verified.get(cacheKey) === user.passwordHash) return true;
  const [saltHex = '', keyHex = ''] = (user?.passwordHash ?? DUMMY_HASH).split(':');
  const key = await derive(password, Buffer.from(saltHex, 'hex'));
  const expected = Buffer.from(keyHex, 'hex');
  const ok = expected.length === key.length && timingSafeEqual(key, expected) && user !== undefined;
  if (ok && user) verified.set(cacheKey, user.passwordHash);
  return ok;
}

export const LEVEL_OF: Record<Exclude<Level, 'auth'>, number> = { R: READ, W: WRITE, S: SUPER };

export interface Credentials {
  username: string;
  password: string;
}

/** Basic auth header first, then username/password parameters. */
export function credentialsFrom(
  authorization: string | undefined,
  params: Params,
): Credentials | null {
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  const username = params.get('username');
  const password = params.get('password');
  if (typeof username === 'string' && typeof password === 'string') return { username, password };
  return null;
}

/**
 * Who is calling. With UAC off nobody logs in and every operation is allowed (the spec
 * leaves this open; a device fresh from the factory behaves so).
 */
export async function authenticate(
  state: SimState,
  creds: Credentials | null,
  path: string,
  client: { address: string; throttle: LoginThrottle },
): Promise<Principal> {
  if (!state.uac) return { username: null, level: SUPER };
  if (!creds)
    throw new SimError(401, 'authentication required: send basic auth or username and password');
  client.throttle.check(client.address);
  const user = state.users.get(creds.username);
  const ok = await verifyPassword(user, creds.password);
  // the user may have been deleted or changed while the hash was computed
  if (!ok || !user || state.users.get(creds.username) !== user) {
    client.throttle.failed(client.address);
    state.log.append(`auth: failed login for user '${creds.username.slice(0, 64)}' on ${path}`);
    throw new SimError(401, 'wrong username or password');
  }
  client.throttle.succeeded(client.address);
  return { username: user.username, level: user.accesslevel };
}

export function requireLevel(principal: Principal, level: number, what: string): void {
  if (principal.level < level) {
    const names: Record<number, string> = { 1: 'READ', 7: 'WRITE', 31: 'SUPER' };
    throw new SimError(
      403,
      `${what} needs ${names[level] ?? level} rights; user '${principal.username}' has ${names[principal.level] ?? principal.level}`,
    );
  }
}
