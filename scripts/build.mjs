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
if (sea) await buildOne();
else
  await buildDist({
    root,
    outdir,
    define,
    alias,
    plugins: [inkOutputCache, yogaWithoutFetch],
    minify,
  });
await rm(stub, { force: true });
if (sea) {
  const files = (await readdir(outdir, { recursive: true })).sort();
  const expected = [outName, ...(apartToo ? APART.map((a) => a.script) : [])].sort();
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
/** The single executable's or the bundle's one CommonJS file, by esbuild. */
async function buildOne() {
  await build({
    entryPoints: { [entryName]: entry, ...(apartToo ? apartEntries(root) : {}) },
    outdir,
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
    banner: {
      js: `${snapshot ? SNAPSHOT_HELPERS : ''}${apartToo ? `${TO_ESM_ONCE}\n` : ''}const __pbcImportMetaUrl=require('node:url').pathToFileURL(__filename).href;`,
    },
    plugins: [
      inkOutputCache,
      apartToo ? seaExeNoTopLevelAwait : seaNoTopLevelAwait,
      ...(snapshot ? [colourAtFirstUse] : []),
      ...(apartToo ? [scriptsApart(root)] : []),
    ],
    logLevel: 'warning',
  });
}

/**
 * dist-bundle/pbc.mjs: scripts/bundle-loader.mjs, then the program's text (pbc.cjs) as one
 * block comment after the mark (escaped as the loader says).
 */
async function carry(dir) {
  const program = await readFile(join(dir, outName), 'utf8');
  const loader = await readFile(join(root, 'scripts/bundle-loader.mjs'), 'utf8');
  const key = createHash('sha256').update(program).digest('hex').slice(0, 16);
  const escaped = program.replaceAll('~', '~~').replaceAll('*/', '*~/');
  const text = loader.replace('= __PBC_KEY__;', () => `= ${JSON.stringify(key)};`);
  await writeFile(
    join(dir, 'pbc.mjs'),
    `#!/usr/bin/env node\n${text}//@pbc-program\n/*${escaped}*/\n`,
  );
  await chmod(join(dir, 'pbc.mjs'), 0o755);
  await rm(join(dir, outName));
}

const old = `${finalDir}.old-${process.pid}`;
await rename(finalDir, old).catch(() => {});
await rename(outdir, finalDir);
await rm(old, { recursive: true, force: true });
