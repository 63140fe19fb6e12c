// The entry of the single executable's V8 startup snapshot (npm run sea, scripts/sea.mjs;
// built by scripts/build.mjs --sea-snapshot into dist-sea/snapshot/pbc.cjs). Inside
// `node --experimental-sea-config` with `useSnapshot`, scripts/sea-loader.cjs compiles it with
// the code cache of a training run and runs it: it evaluates the modules the console needs up
// to its first frame — React, Ink, pbc's commands, store and screens — and V8 saves the heap,
// compiled functions included, into the executable. On the jump host the executable starts
// from that heap and only runs src/cli.ts (`main`). Run as a plain script (the training run,
// `pbc sim` for it) it is pbc, as dist-sea/bundle/pbc.cjs is.
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
  // the console's tree: the screens and widgets (create-console.ts imports it when it mounts)
  import('../src/tui/root.tsx'),
  import('../src/tui/fullscreen.ts'),
  import('../src/tui/memory.ts'),
  // the scripted commands' common path (src/commands/lazy.ts loads them beside the command)
  import('../src/commands/execute.ts'),
  import('../src/commands/get.ts'),
  import('../src/guard/liveness.ts'),
];
Promise.all(modules).catch((e) => {
  process.stderr.write(`sea-snapshot: a module failed to load: ${e?.stack ?? e}\n`);
  process.exit(1);
});

function main() {
  import('../src/cli.ts');
}
if (startupSnapshot.isBuildingSnapshot()) startupSnapshot.setDeserializeMainFunction(main);
else main();
