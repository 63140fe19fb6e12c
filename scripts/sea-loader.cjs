// The single executable's main script (npm run sea, scripts/sea.mjs). It compiles pbc
// (a CommonJS bundle, `pbc.cjs`) with a V8 code cache made by a training run at build time
// (`pbc.cache`, scripts/sea-train.mjs): a cache made after the console drew its first frame
// holds the compiled functions of Ink, React and the screens, where Node's own `useCodeCache`
// holds only what V8 compiles before running the script (its top level). A cache V8 refuses
// (another Node, other flags) costs nothing but speed: pbc then compiles as without one;
// `pbc doctor` says which happened. It runs in three places:
// - building the startup snapshot (`useSnapshot`, inside `node --experimental-sea-config`):
//   pbc.cjs is then the snapshot's bundle (scripts/sea-snapshot.mjs) and pbc.cache beside
//   it; pbc's modules are evaluated with the trained cache's compiled functions, and V8 keeps
//   both in the heap it saves. The executable starts from that heap, not from here.
// - in the code-cache executable (the fallback): pbc.cjs and pbc.cache are its assets;
// - the training runs (`node …/sea-loader.cjs …`): pbc.cjs beside it, and with
//   PBC_SEA_TRAIN_OUT=file it writes the code cache there at exit; with PBC_SEA_TRAIN_IN=file
//   it starts from that cache (a run before it), so the cache it writes holds both runs'
//   compiled functions (scripts/sea-train.mjs).
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const vm = require('node:vm');
const sea = require('node:sea');

const inSea = sea.isSea();
const building = require('node:v8').startupSnapshot.isBuildingSnapshot();
const source = inSea
  ? sea.getAsset('pbc.cjs', 'utf8')
  : readFileSync(join(__dirname, 'pbc.cjs'), 'utf8');

function cacheAsset() {
  try {
    return Buffer.from(sea.getRawAsset('pbc.cache'));
  } catch {
    return undefined; // built with PBC_SEA_CODE_CACHE=0
  }
}

function cacheBeside() {
  try {
    return readFileSync(join(__dirname, 'pbc.cache'));
  } catch {
    return undefined; // built with PBC_SEA_CODE_CACHE=0
  }
}

// (a training run after the first starts from the cache the one before it wrote: PBC_SEA_TRAIN_IN)
const trainIn = !inSea && !building ? process.env.PBC_SEA_TRAIN_IN : undefined;
const cachedData = inSea
  ? cacheAsset()
  : building
    ? cacheBeside()
    : trainIn
      ? readFileSync(trainIn)
      : undefined;
const script = new vm.Script(
  `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
  {
    filename: 'pbc.cjs',
    cachedData,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  },
);
if (trainIn && script.cachedDataRejected)
  throw new Error(`sea-loader: V8 refused the training cache ${trainIn}`);
const used = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
// (in the snapshot's heap: `snapshot`, or what befell the cache it was built with)
globalThis.__pbcCodeCache =
  building && used === 'used' ? 'snapshot' : building ? `snapshot, code cache ${used}` : used;

// V8 refuses a cache made under other flags than its own: the training run keeps V8's flags
// as they are at start (the console's memory policy, src/tui/memory.ts, would change them)
const out = process.env.PBC_SEA_TRAIN_OUT;
if (out && !inSea) {
  require('node:v8').setFlagsFromString = () => {};
  process.on('exit', () => writeFileSync(out, script.createCachedData()));
}

// Building the snapshot with PBC_SEA_LOADED_OUT=file: the built-in modules the snapshot holds
// loaded, written there as it is saved (scripts/sea.mjs drops their code cache from the blob:
// scripts/sea-code-cache.mjs)
const loadedOut = building ? process.env.PBC_SEA_LOADED_OUT : undefined;
if (loadedOut)
  require('node:v8').startupSnapshot.addSerializeCallback(() => {
    const builtin = 'NativeModule ';
    const ids = process.moduleLoadList.filter((m) => m.startsWith(builtin));
    writeFileSync(loadedOut, JSON.stringify(ids.map((m) => m.slice(builtin.length))));
  });

const filename = inSea ? __filename : join(__dirname, 'pbc.cjs');
// (the snapshot builder runs this script without `module`)
const mod = typeof module === 'undefined' ? { exports: {} } : module;
script.runInThisContext()(mod.exports, require, mod, filename, __dirname);
