// The single executable's long-running servers, apart from pbc's script (scripts/build.mjs
// --sea and --sea-snapshot, scripts/sea.mjs).
//
// Every start of the executable pays for the size of its startup snapshot: Node copies it out
// of the file, V8 checksums and deserializes it, and the text of pbc's script is in it (V8
// keeps a script's source for the functions it has not compiled yet), with one function object
// for each function declared at the top of any bundled module, evaluated or not. Two servers
// are used by nothing else: the simulator — fastify, ajv, pino and src/sim, a third of that
// text — serves `pbc sim` and `pbc --demo`; the Prometheus exporter (prom-client and
// src/exporter) `pbc exporter`. So in the executable each is a script of its own (`APART`),
// carried as an asset and compiled when its server starts: src/commands' imports of its
// modules get a stand-in that loads it then. Each has its own copies of the few modules it
// shares with pbc (src/model, src/traffic, src/tcam): neither throws pbc's error classes nor
// checks pbc's objects' classes, and the simulator talks to the console over HTTP.
import { join, sep } from 'node:path';

/**
 * The scripts apart: the asset's name (and the file's beside pbc.cjs in dist-sea/), its entry
 * (from the repository's root), the modules pbc's script imports it by, its own directory
 * (imports from inside it are its own), and what pbc uses of it (another name fails the build).
 */
export const APART = [
  {
    script: 'sim.cjs',
    entry: 'src/sim/server.ts',
    imports: /[\\/]sim[\\/]server\.js$/,
    within: `${sep}src${sep}sim${sep}`,
    exports: { startSim: 'function', isLoopback: 'function' },
  },
  {
    script: 'exporter.cjs',
    entry: 'scripts/sea-exporter.mjs',
    imports: /[\\/]exporter[\\/](?:collector|server)\.js$/,
    within: `${sep}src${sep}exporter${sep}`,
    exports: { FleetCollector: 'class', serveMetrics: 'function' },
  },
];

/** The stand-in module: `exports` that load the script (asset, or file beside) at first use. */
function standIn({ script, exports }) {
  const names = Object.entries(exports).map(([name, kind]) =>
    kind === 'class'
      ? `export const ${name} = new Proxy(function ${name}() {}, { construct: (_, a) => new (load().${name})(...a) });`
      : `export const ${name} = (...a) => load().${name}(...a);`,
  );
  return `let loaded;
function load() {
  if (loaded) return loaded;
  const sea = require('node:sea');
  const file = require('node:path').join(__dirname, '${script}');
  const source = sea.isSea() ? sea.getAsset('${script}', 'utf8') : require('node:fs').readFileSync(file, 'utf8');
  const params = ['exports', 'require', 'module', '__filename', '__dirname'];
  const run = require('node:vm').compileFunction(source, params, { filename: file });
  const module = { exports: {} };
  run(module.exports, require, module, file, __dirname);
  loaded = module.exports;
  return loaded;
}
${names.join('\n')}
`;
}

const NAMESPACE = 'pbc-sea-apart';

/** esbuild's entry points of the scripts apart, by output name. */
export const apartEntries = (root) =>
  Object.fromEntries(APART.map((a) => [a.script.replace(/\.cjs$/, ''), join(root, a.entry)]));

/** esbuild plugin: pbc's imports of a script apart's modules become its stand-in. */
export function scriptsApart(root) {
  return {
    name: 'sea-scripts-apart',
    setup(build) {
      for (const [i, apart] of APART.entries()) {
        const entry = join(root, apart.entry);
        build.onResolve({ filter: apart.imports }, (args) =>
          args.kind === 'entry-point' ||
          args.importer === entry ||
          args.importer.includes(apart.within)
            ? undefined
            : { path: String(i), namespace: NAMESPACE },
        );
      }
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({
        contents: standIn(APART[Number(args.path)]),
        loader: 'js',
      }));
    },
  };
}
