// Every build is CommonJS, bundled by esbuild:
// dist/ (the default, npm run build): cli.js, scripts/bundle-loader.mjs, over two programs in
// files beside it: pbc.cjs, pbc's own (the single executable's program but for the big
// packages), and vendor.cjs (Ink, React, fastify, yaml and more: scripts/bundle-vendor.mjs),
// required only by the console, the simulator or a config file. The loader compiles each with a
// V8 code cache kept in the user's cache directory (Node 20 has no compile cache for ES
// modules: docs/performance.md, "dist through the bundle's loader").
// --single (npm run bundle): one self-contained, executable dist-bundle/pbc.cjs instead,
// which runs on plain Node >= 20 without node_modules: the same loader, as a CommonJS script,
// carrying the same two programs as text (scripts/bundle-carry.mjs).
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
import { asFunction, carryProgram, loaderText } from './bundle-carry.mjs';
import { VENDOR, VENDOR_GROUPS, vendorEntry } from './bundle-vendor.mjs';
import { commanderLazyChildProcess } from './commander-lazy.mjs';
import { inkOutputCache } from './ink-output-cache.mjs';
import { APART, apartEntries, scriptsApart } from './sea-apart.mjs';
import {
  asciiOnly,
  seaExeNoTopLevelAwait,
  seaNoTopLevelAwait,
  TO_ESM_ONCE,
  toEsmOnce,
  YOGA_WASM,
  yogaWasmBytes,
} from './sea-esm.mjs';
import {
  colourAtFirstUse,
  lazyBuiltins,
  SNAPSHOT_DEFINE,
  SNAPSHOT_HELPERS,
} from './sea-snapshot-esm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const snapshot = process.argv.includes('--sea-snapshot');
const bundleOnly = process.argv.includes('--single');
// dist/ (the default): the bundle's loader (cli.js) over its two programs in files of their own
const distLoader = !snapshot && !bundleOnly && !process.argv.includes('--sea');
// with a vendor program apart, for the loader (scripts/bundle-loader.mjs)
const withVendor = bundleOnly || distLoader;
// the executable's (--sea, --sea-snapshot): its servers are scripts of their own (scripts/sea-apart.mjs)
const apartToo = !withVendor;
const finalDir = join(
  root,
  snapshot
    ? 'dist-sea/snapshot'
    : bundleOnly
      ? 'dist-bundle'
      : distLoader
        ? 'dist'
        : 'dist-sea/bundle',
);
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
  'import.meta.url': '__pbcImportMetaUrl',
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
const vendorNames = VENDOR_GROUPS.map((g) => `vendor-${g.name}.cjs`);
await buildOne();
if (withVendor) await buildVendor();
await rm(stub, { force: true });
const files = (await readdir(outdir, { recursive: true })).sort();
const expected = [
  outName,
  ...(withVendor ? vendorNames : []),
  ...(apartToo ? APART.map((a) => a.script) : []),
].sort();
if (files.join() !== expected.join())
  throw new Error(`build: expected only ${expected}, esbuild wrote ${files.join(', ')}`);
for (const f of files)
  await writeFile(join(outdir, f), asciiOnly(await readFile(join(outdir, f), 'utf8')));
if (apartToo) {
  await writeFile(join(outdir, YOGA_WASM), yogaWasmBytes());
  const file = join(outdir, outName);
  await writeFile(file, toEsmOnce(await readFile(file, 'utf8')));
}
if (bundleOnly) await carry(outdir);
else if (distLoader) await loaderOver(outdir);
else await chmod(join(outdir, outName), 0o755);
if (snapshot) {
  const file = join(outdir, outName);
  await writeFile(file, lazyBuiltins(await readFile(file, 'utf8')));
}
/** The single executable's one CommonJS file, or the bundle's program (by esbuild). */
async function buildOne() {
  await build({
    ...commonJs,
    outdir,
    entryPoints: { pbc: entry, ...(apartToo ? apartEntries(root) : {}) },
    // the bundle's program requires the big packages from its vendor program, and so
    // every import() becomes a require() (the loader's): scripts/bundle-vendor.mjs
    ...(withVendor ? { external: VENDOR, supported: { 'dynamic-import': false } } : {}),
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

/** The vendor programs (scripts/bundle-vendor.mjs), one file each. */
async function buildVendor() {
  for (const [i, { packages }] of VENDOR_GROUPS.entries())
    await build({
      ...commonJs,
      stdin: {
        contents: vendorEntry(packages),
        resolveDir: root,
        sourcefile: vendorNames[i],
        loader: 'js',
      },
      outfile: join(outdir, vendorNames[i]),
      banner: {
        js: "const __pbcImportMetaUrl=require('node:url').pathToFileURL(__filename).href;",
      },
      plugins: [inkOutputCache, seaNoTopLevelAwait],
    });
}

/**
 * dist-bundle/pbc.cjs: scripts/bundle-loader.mjs (as CommonJS), then the texts of pbc's program
 * and of its vendor programs as block comments after the mark (scripts/bundle-carry.mjs).
 */
async function carry(dir) {
  const programs = await Promise.all(
    [outName, ...vendorNames].map((f) => readFile(join(dir, f), 'utf8')),
  );
  const loader = await readFile(join(root, 'scripts/bundle-loader.mjs'), 'utf8');
  // of the texts compiled (as carried: ASCII, above), so that no other carrying shares their caches
  const hash = createHash('sha256');
  for (const p of programs) hash.update(p);
  const key = hash.digest('hex').slice(0, 16);
  await Promise.all(vendorNames.map((f) => rm(join(dir, f))));
  // the bundle takes the name of its program's file (outName), which it replaces
  await writeFile(
    join(dir, outName),
    carryProgram(loader, programs, {
      key,
      vendor: VENDOR_GROUPS.map((g) => g.packages),
      packed: VENDOR_GROUPS.map((g) => g.packed),
    }),
  );
  await chmod(join(dir, outName), 0o755);
}

/**
 * dist/cli.js: scripts/bundle-loader.mjs over pbc.cjs and the vendor programs beside it, in
 * ASCII, each written as the function the loader compiles (scripts/bundle-carry.mjs `asFunction`).
 */
async function loaderOver(dir) {
  const files = [outName, ...vendorNames];
  // each as the loader compiles it (scripts/bundle-carry.mjs), in ASCII (above)
  const programs = (await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')))).map(
    asFunction,
  );
  await Promise.all(files.map((f, i) => writeFile(join(dir, f), programs[i])));
  const hash = createHash('sha256').update('dist');
  for (const p of programs) hash.update(p);
  const key = hash.digest('hex').slice(0, 16);
  const loader = await readFile(join(root, 'scripts/bundle-loader.mjs'), 'utf8');
  const cli = join(dir, 'cli.js');
  await writeFile(
    cli,
    `#!/usr/bin/env node\n${loaderText(loader, { key, vendor: VENDOR_GROUPS.map((g) => g.packages), files })}`,
  );
  await chmod(cli, 0o755);
}

const old = `${finalDir}.old-${process.pid}`;
await rename(finalDir, old).catch(() => {});
await rename(outdir, finalDir);
await rm(old, { recursive: true, force: true });
