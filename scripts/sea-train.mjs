// The training runs of the single executable's code cache (scripts/sea-loader.cjs), against a
// simulator in a process of its own: the console, run from the bundle through the loader in a
// pty (bench/lib.mjs runInPty), until its first frame with the device's data; then `q`, and
// the loader writes V8's code cache — every function compiled so far — at exit. Then the
// scripted commands' common path, `get rules -o json` and `--version`, each starting from the
// cache the run before it wrote (PBC_SEA_TRAIN_IN) and adding what it compiled: without them
// the executable compiled their functions (commander's parsing, the transport's answer, the
// JSON output) at every start, ~13 % of `get`'s CPU (perf record, docs/performance.md).
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
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
    for (const args of [['get', 'rules', '-o', 'json'], ['--version']]) {
      if (!existsSync(cacheOut)) break; // (said below)
      const before = `${cacheOut}.before`;
      renameSync(cacheOut, before);
      execFileSync(process.execPath, [loader, '--url', sim.url, ...args], {
        env: { ...env, PBC_SEA_TRAIN_IN: before },
        stdio: ['ignore', 'ignore', 'inherit'],
        timeout: timeoutMs,
      });
      rmSync(before);
    }
  } finally {
    await sim.stop();
  }
  if (!existsSync(cacheOut)) throw new Error('sea-train: the console wrote no code cache');
  return statSync(cacheOut).size;
}
