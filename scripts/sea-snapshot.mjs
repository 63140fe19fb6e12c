// The entry of the single executable's V8 startup snapshot (npm run sea, scripts/sea.mjs;
// built by scripts/build.mjs --sea-snapshot into dist-sea/snapshot/pbc-snapshot.cjs, which
// `node --experimental-sea-config` runs with `useSnapshot`). At build time it evaluates the
// modules the console needs up to its first frame — React, Ink, pbc's commands, store and
// screens — and V8 saves the heap as it then stands into the executable. On the jump host
// the executable starts from that heap and only runs src/cli.ts: parsing, compiling and
// evaluating those modules is already done.
//
// What cannot be in the heap is made lazy by the snapshot build (scripts/sea-snapshot-esm.mjs):
// yoga-layout's WebAssembly (loaded when src/cli.ts awaits its `ready`), node:http(s) (whose
// parser binding Node 20 cannot serialize), Intl.Segmenter objects (ICU), and Ink's colour
// level (the operator's terminal, not the build machine's). docs/install.md, "Startup snapshot".
import { startupSnapshot } from 'node:v8';

const modules = [
  import('react'),
  import('ink'),
  import('../src/commands/program.ts'),
  import('../src/commands/console.ts'),
  import('../src/tui/main.ts'),
  import('../src/tui/fullscreen.ts'),
  import('../src/tui/memory.ts'),
];
Promise.all(modules).catch((e) => {
  process.stderr.write(`sea-snapshot: a module failed to load: ${e?.stack ?? e}\n`);
  process.exit(1);
});

startupSnapshot.setDeserializeMainFunction(() => {
  // `pbc doctor` reports how pbc's code was compiled (scripts/sea-loader.cjs sets the others)
  globalThis.__pbcCodeCache = 'snapshot';
  import('../src/cli.ts');
});
