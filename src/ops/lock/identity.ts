/**
 * Who this pbc is, as a lock holder: the OS user and host, the device login, and the token
 * kept in the state directory (`lock-token`, made on first use). Another OS user, another
 * host or another state directory is another operator.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname, userInfo } from 'node:os';
import { join } from 'node:path';
import { ensureStateDir } from '../../config/state-dir.js';
import type { LockHolder } from './format.js';

const TOKEN = /^[0-9a-f]{12}$/;

/** The state directory's token: read, or made (0600) when missing or unreadable as one. */
export function stateToken(env: NodeJS.ProcessEnv = process.env): string {
  const file = join(ensureStateDir(env), 'lock-token');
  try {
    const t = readFileSync(file, 'utf8').trim();
    if (TOKEN.test(t)) return t;
  } catch {
    // none yet: made below
  }
  const t = randomBytes(6).toString('hex');
  writeFileSync(file, `${t}\n`, { mode: 0o600 });
  return t;
}

function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? '?';
  }
}

/** This process as a lock holder; `login` is the device account it uses, if any. */
export function thisHolder(login?: string, env: NodeJS.ProcessEnv = process.env): LockHolder {
  const me: LockHolder = {
    user: osUser(),
    host: hostname().split('.')[0]!,
    token: stateToken(env),
  };
  if (login) me.login = login;
  return me;
}
