// Bundles src/cli.ts into dist/ with rolldown (scripts/rolldown-dist.mjs: chosen chunks for the
// read path). Ink/React are only reached through dynamic import() from the TUI path, so code
// splitting keeps them out of the scripted commands' start-up.
// --single (npm run bundle): one self-contained, executable dist-bundle/pbc.mjs instead,
// which runs on plain Node >= 20 without node_modules: the program is the single
// executable's CommonJS script (below), carried as text by scripts/bundle-loader.mjs, which
// compiles it with a V8 code cache kept in the user's cache directory.
// --sea (part of npm run sea, scripts/sea.mjs): one CommonJS dist-sea/bundle/pbc.cjs, the
// script a single executable runs (Node 20's single-executable support takes CommonJS
// only; scripts/sea-esm.mjs removes the top-level awaits CommonJS cannot hold).
// --sea-snapshot (also npm run sea): dist-sea/snapshot/pbc.cjs, the same as --sea from
// the startup snapshot's entry scripts/sea-snapshot.mjs, with what cannot be in a V8 heap
// snapshot made lazy (scripts/sea-snapshot-esm.mjs).
import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { carryProgram } from './bundle-carry.mjs';
import { VENDOR, vendorEntry } from './bundle-vendor.mjs';
import { commanderLazyChildProcess } from './commander-lazy.mjs';
import { inkOutputCache } from './ink-output-cache.mjs';
import { buildDist } from './rolldown-dist.mjs';
import { APART, apartEntries, scriptsApart } from './sea-apart.mjs';
import {
  asciiOnly,
  seaExeNoTopLevelAwait,
  seaNoTopLevelAwait,
  TO_ESM_ONCE,
  toEsmOnce,
  YOGA_WASM,
  yogaWasmBytes,
  yogaWithoutFetch,
} from './sea-esm.mjs';
import {
  colourAtFirstUse,
  lazyHttp,
  SNAPSHOT_DEFINE,
  SNAPSHOT_HELPERS,
} from './sea-snapshot-esm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const snapshot = process.argv.includes('--sea-snapshot');
const bundleOnly = process.argv.includes('--single');
// the bundle's program is built as the executable's (CommonJS, no top-level await)
const sea = snapshot || bundleOnly || process.argv.includes('--sea');
// the executable's (not the bundle's): its servers are scripts of their own (scripts/sea-apart.mjs)
const apartToo = sea && !bundleOnly;
const finalDir = join(
  root,
  snapshot ? 'dist-sea/snapshot' : bundleOnly ? 'dist-bundle' : sea ? 'dist-sea/bundle' : 'dist',
);
const entryName = sea ? 'pbc' : 'cli';
const entry = join(root, snapshot ? 'scripts/sea-snapshot.mjs' : 'src/cli.ts');
const outName = 'pbc.cjs';
// Build beside the output and swap it in, so a concurrent run (tests, benchmarks) never
// finds dist/ half written.
const outdir = `${finalDir}.tmp-${process.pid}`;
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const stub = join(outdir, '.devtools-stub.js');
await writeFile(stub, 'export default {};\n');
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

const define = {
  'process.env.NODE_ENV': '"production"',
  PBC_VERSION: JSON.stringify(version),
  ...(sea ? { 'import.meta.url': '__pbcImportMetaUrl' } : {}),
  ...(snapshot ? SNAPSHOT_DEFINE : {}),
};
// Ink imports React DevTools only in its development mode (DEV=true), which the console
// keeps off (src/tui/main.ts); the import is still resolved when bundling: an empty stub.
const alias = { 'react-devtools-core': stub };
// PBC_BUILD_NO_MINIFY=1 keeps names readable in CPU profiles
const minify = process.env.PBC_BUILD_NO_MINIFY !== '1';
/** What every CommonJS program (the executable's, the bundle's two) is built with. */
const commonJs = {
  bundle: true,
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  minify,
  sourcemap: false,
  legalComments: 'none',
  define,
  alias,
  logLevel: 'warning',
};
const vendorName = 'vendor.cjs';
if (sea) await buildOne();
if (bundleOnly) await buildVendor();
if (!sea)
  await buildDist({
    root,
    outdir,
    define,
    alias,
    plugins: [inkOutputCache, yogaWithoutFetch, commanderLazyChildProcess],
    minify,
  });
await rm(stub, { force: true });
if (sea) {
  const files = (await readdir(outdir, { recursive: true })).sort();
  const expected = [
    outName,
    ...(bundleOnly ? [vendorName] : []),
    ...(apartToo ? APART.map((a) => a.script) : []),
  ].sort();
  if (files.join() !== expected.join())
    throw new Error(`expected only ${expected.join(', ')}, esbuild wrote ${files.join(', ')}`);
  for (const f of files)
    await writeFile(join(outdir, f), asciiOnly(await readFile(join(outdir, f), 'utf8')));
  if (apartToo) {
    await writeFile(join(outdir, YOGA_WASM), yogaWasmBytes());
    const file = join(outdir, outName);
    await writeFile(file, toEsmOnce(await readFile(file, 'utf8')));
  }
  if (bundleOnly) await carry(outdir);
  else await chmod(join(outdir, outName), 0o755);
}
if (snapshot) {
  const file = join(outdir, outName);
  await writeFile(file, lazyHttp(await readFile(file, 'utf8')));
}
/** The single executable's one CommonJS file, or the bundle's program (by esbuild). */
async function buildOne() {
  await build({
    ...commonJs,
    outdir,
    entryPoints: { [entryName]: entry, ...(apartToo ? apartEntries(root) : {}) },
    // the bundle's program requires the big packages from its vendor program, and so
    // every import() becomes a require() (the loader's): scripts/bundle-vendor.mjs
    ...(bundleOnly ? { external: VENDOR, supported: { 'dynamic-import': false } } : {}),
    banner: {
      js: `${snapshot ? SNAPSHOT_HELPERS : ''}${apartToo ? `${TO_ESM_ONCE}\n` : ''}const __pbcImportMetaUrl=require('node:url').pathToFileURL(__filename).href;`,
    },
    plugins: [
      inkOutputCache,
      apartToo ? seaExeNoTopLevelAwait : seaNoTopLevelAwait,
      ...(snapshot ? [colourAtFirstUse] : []),
      ...(apartToo ? [scriptsApart(root)] : []),
      commanderLazyChildProcess,
    ],
  });
}

/** The bundle's vendor program (scripts/bundle-vendor.mjs). */
async function buildVendor() {
  await build({
    ...commonJs,
    stdin: { contents: vendorEntry(), resolveDir: root, sourcefile: 'vendor.cjs', loader: 'js' },
    outfile: join(outdir, vendorName),
    banner: { js: "const __pbcImportMetaUrl=require('node:url').pathToFileURL(__filename).href;" },
    plugins: [inkOutputCache, seaNoTopLevelAwait],
  });
}

/**
 * dist-bundle/pbc.mjs: scripts/bundle-loader.mjs, then the texts of pbc's program (pbc.cjs)
 * and of its vendor program as block comments after the mark (scripts/bundle-carry.mjs).
 */
async function carry(dir) {
  const programs = await Promise.all(
    [outName, vendorName].map((f) => readFile(join(dir, f), 'utf8')),
  );
  const loader = await readFile(join(root, 'scripts/bundle-loader.mjs'), 'utf8');
  // of the texts compiled (as carried: ASCII, above), so that no other carrying shares their caches
  const hash = createHash('sha256');
  for (const p of programs) hash.update(p);
  const key = hash.digest('hex').slice(0, 16);
  await writeFile(join(dir, 'pbc.mjs'), carryProgram(loader, programs, { key, vendor: VENDOR }));
  await chmod(join(dir, 'pbc.mjs'), 0o755);
  await Promise.all([outName, vendorName].map((f) => rm(join(dir, f))));
}

const old = `${finalDir}.old-${process.pid}`;
await rename(finalDir, old).catch(() => {});
await rename(outdir, finalDir);
await rm(old, { recursive: true, force: true });
