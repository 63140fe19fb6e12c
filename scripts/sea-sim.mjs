// The single executable's simulator, apart from pbc's script (scripts/build.mjs --sea and
// --sea-snapshot, scripts/sea.mjs).
//
// Every start of the executable pays for the size of its startup snapshot: Node copies it out
// of the file, V8 checksums and deserializes it, and the text of pbc's script is in it (V8
// keeps a script's source for the functions it has not compiled yet). The simulator — fastify,
// ajv, pino and src/sim, about a third of that text — serves `pbc sim` and `pbc --demo` only.
// So in the executable it is a script of its own, `sim.cjs`, carried as an asset and compiled
// when the simulator starts: src/commands' imports of src/sim/server.ts get a stand-in that
// loads it then (`SIM_STAND_IN`). sim.cjs has its own copies of the few modules it shares with
// pbc (src/model, src/traffic, src/tcam): the simulator throws none of pbc's error classes,
// and talks to the console over HTTP, so no object crosses between the two copies.
import { sep } from 'node:path';

/** The asset's name in the executable, and the file's beside pbc.cjs in dist-sea/. */
export const SIM_SCRIPT = 'sim.cjs';

/** What src/sim/server.ts exports and src/commands uses (another name fails the build). */
const SIM_STAND_IN = `
let sim;
function load() {
  if (sim) return sim;
  const sea = require('node:sea');
  const path = require('node:path');
  const file = path.join(__dirname, '${SIM_SCRIPT}');
  const source = sea.isSea()
    ? sea.getAsset('${SIM_SCRIPT}', 'utf8')
    : require('node:fs').readFileSync(file, 'utf8');
  const params = ['exports', 'require', 'module', '__filename', '__dirname'];
  const run = require('node:vm').compileFunction(source, params, { filename: file });
  const module = { exports: {} };
  run(module.exports, require, module, file, __dirname);
  sim = module.exports;
  return sim;
}
export const startSim = (...a) => load().startSim(...a);
export const isLoopback = (...a) => load().isLoopback(...a);
`;

const NAMESPACE = 'pbc-sim-apart';

/** esbuild plugin: src/sim/server.ts imported from outside src/sim becomes the stand-in. */
export const simApart = {
  name: 'sea-sim-apart',
  setup(build) {
    build.onResolve({ filter: /[\\/]sim[\\/]server\.js$/ }, (args) =>
      args.kind === 'entry-point' || args.importer.includes(`${sep}src${sep}sim${sep}`)
        ? undefined
        : { path: 'sim-stand-in', namespace: NAMESPACE },
    );
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, () => ({
      contents: SIM_STAND_IN,
      loader: 'js',
    }));
  },
};
