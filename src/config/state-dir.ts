/**
 * Where pbc keeps what it records between runs (the change journal): `$PBC_STATE_DIR`, else
 * `$XDG_STATE_HOME/pbc`, else `~/.local/state/pbc` (the XDG base directory rules).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PBC_STATE_DIR) return env.PBC_STATE_DIR;
  const xdg = env.XDG_STATE_HOME;
  // The spec: a relative XDG_STATE_HOME is invalid and ignored.
  if (xdg?.startsWith('/')) return join(xdg, 'pbc');
  return join(homedir(), '.local', 'state', 'pbc');
}
