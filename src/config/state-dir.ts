/**
 * pbc's state directory: `$PBC_STATE_DIR`, else `$XDG_STATE_HOME/pbc`, else
 * `~/.local/state/pbc` (the XDG base directory rules). It holds what must outlive one pbc
 * process: the change journal and the pending auto-reverts.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PBC_STATE_DIR) return env.PBC_STATE_DIR;
  const xdg = env.XDG_STATE_HOME;
  // The spec: a relative XDG_STATE_HOME is invalid and ignored.
  if (xdg?.startsWith('/')) return join(xdg, 'pbc');
  return join(homedir(), '.local', 'state', 'pbc');
}

/** The state directory, created (0700) when missing. */
export function ensureStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = stateDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
