/**
 * pbc's state directory: `PBC_STATE_DIR`, else `$XDG_STATE_HOME/pbc`, else
 * `~/.local/state/pbc`. It holds what must outlive one pbc process (the pending auto-reverts;
 * the journal). Created on first use with mode 0700; its files are written 0600.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PBC_STATE_DIR) return env.PBC_STATE_DIR;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'pbc');
  return join(homedir(), '.local', 'state', 'pbc');
}

/** The state directory, created (0700) when missing. */
export function ensureStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = stateDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
