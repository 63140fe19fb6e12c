// esbuild plugin (every build: scripts/build.mjs): commander loads
// node:child_process as it loads, for the executable subcommands pbc never uses (~0.4 ms of
// every `pbc get`, docs/performance.md). Here it is required at its first spawn instead.
import { anchoredEdits } from './sea-esm.mjs';

export const commanderLazyChildProcess = anchoredEdits(
  'commander-lazy-child-process',
  'scripts/commander-lazy.mjs',
  [
    {
      file: /[\\/]commander[\\/]lib[\\/]command\.js$/,
      edits: [
        [
          "const childProcess = require('node:child_process');",
          "const childProcess = { get spawn() { return require('node:child_process').spawn; } };",
        ],
      ],
    },
  ],
);
