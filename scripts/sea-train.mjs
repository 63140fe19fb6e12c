// The training run of the single executable's code cache (scripts/sea-loader.cjs): the
// console, run from the bundle through the loader in a pty (bench/lib.mjs runInPty), against
// a simulator in a process of its own, until its first frame with the device's data; then
// `q`, and the loader writes V8's code cache — every function compiled so far — at exit.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { operatorEnv, runInPty, startChild } from '../bench/lib.mjs';
import { DATA_MARKERS } from '../bench/startup.mjs';

/** Trains the code cache of `bundleDir/pbc.cjs` into `cacheOut`; its size in bytes. */
export async function train(bundleDir, cacheOut, timeoutMs = 60_000) {
  const sim = await startChild([join(bundleDir, 'pbc.cjs'), 'sim', '--port', '0', '--seed', '7']);
  try {
    const loader = join(bundleDir, 'sea-loader.cjs');
    const env = operatorEnv({
      PBC_CONFIG: '/nonexistent/pbc-sea-train.yaml',
      PBC_SEA_TRAIN_OUT: cacheOut,
      TERM: 'xterm-256color',
    });
    for (const k of ['PBC_URL', 'PBC_USER', 'PBC_PASSWORD', 'PBC_CONTEXT', 'NODE_OPTIONS'])
      delete env[k];
    const command = `'${process.execPath}' '${loader}' --url ${sim.url}`;
    await runInPty(command, DATA_MARKERS, { env, timeoutMs });
  } finally {
    await sim.stop();
  }
  if (!existsSync(cacheOut)) throw new Error('sea-train: the console wrote no code cache');
  return statSync(cacheOut).size;
}
