// The base check's window (issue 31, docs/safety.md "Conflicts"): `node bench/conflict-window.mjs [runs]`.
import { execFileSync } from 'node:child_process';
import { bundleInproc } from './lib.mjs';

const file = await bundleInproc('conflict-window-inproc.ts', 'conflict-window-inproc');
process.stdout.write(
  execFileSync(process.execPath, [file, ...process.argv.slice(2)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }),
);
