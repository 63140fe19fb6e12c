/**
 * Starts the revert guard: `node <pbc entry> revert-guard ID` as a detached process (its
 * own session: closing the terminal or killing pbc does not reach it), stdio ignored but
 * stdin, which carries the device's credentials once as JSON and is then closed. The
 * credentials are never on the command line (ps shows it), never in a file, and not in the
 * guard's environment: PBC_PASSWORD is removed from the environment it inherits.
 */
import { spawn } from 'node:child_process';
import { isSea } from 'node:sea';
import type { ClientOptions } from '../api/index.js';
import type { GuardInput } from './guard.js';

/** The environment the guard gets: the caller's without secrets. */
export function guardEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env))
    if (!/PASSWORD|SECRET|TOKEN/i.test(k) && v !== undefined) out[k] = v;
  return out;
}

/**
 * Spawns the guard for entry `id` through `entry` (the pbc script: process.argv[1]; the
 * single executable runs itself, its argv[1] being only its own path again); resolves with
 * its pid once the credentials are handed over.
 */
export async function spawnGuard(
  id: string,
  options: ClientOptions,
  entry: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { onLog: _drop, ...plain } = options;
  const input: GuardInput = { options: plain };
  // the single executable is pbc itself: an argument before the command would be taken for one
  const args = isSea() ? ['revert-guard', id] : [entry, 'revert-guard', id];
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
    env: guardEnv(env),
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdin.once('error', reject);
    child.stdin.end(`${JSON.stringify(input)}\n`, () => resolve());
  });
  child.unref();
  if (child.pid === undefined) throw new Error('the revert guard did not start');
  return child.pid;
}
