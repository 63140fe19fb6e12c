/**
 * Passwords (scrypt, never stored or returned in clear) and the per-request access check.
 * scrypt is deliberately slow, so a verified (user, password) pair is cached until that
 * user's hash changes — otherwise every polled request under UAC would cost ~50 ms.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { READ, SUPER, WRITE } from '../model/index.js';
import { SimError } from './errors.js';
import type { Params } from './params.js';
import type { Level, Principal } from './router.js';
import type { SimState, SimUser } from './state.js';

const KEYLEN = 32;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `${salt.toString('hex')}:${scryptSync(password, salt, KEYLEN).toString('hex')}`;
}

const verified = new Map<string, string>();

export function verifyPassword(user: SimUser, password: string): boolean {
  const cacheKey = createHash('sha256').update(`${user.username}\0${password}`).digest('hex');
  if (verified.get(cacheKey) === user.passwordHash) return true;
  const [saltHex, keyHex] = user.passwordHash.split(':');
  if (!saltHex || !keyHex) return false;
  const key = scryptSync(password, Buffer.from(saltHex, 'hex'), KEYLEN);
  const ok = timingSafeEqual(key, Buffer.from(keyHex, 'hex'));
  if (ok) verified.set(cacheKey, user.passwordHash);
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
export function authenticate(state: SimState, creds: Credentials | null, path: string): Principal {
  if (!state.uac) return { username: null, level: SUPER };
  if (!creds)
    throw new SimError(401, 'authentication required: send basic auth or username and password');
  const user = state.users.get(creds.username);
  if (!user || !verifyPassword(user, creds.password)) {
    state.log.append(`auth: failed login for user '${creds.username.slice(0, 64)}' on ${path}`);
    throw new SimError(401, 'wrong username or password');
  }
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
