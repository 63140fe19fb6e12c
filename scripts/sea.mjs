// npm run sea: dist-sea/pbc-linux-x64, one executable holding the Node that runs this script
// and pbc (Node's single-executable applications, docs/install.md). Two ways, the first that
// works:
// A. a V8 startup snapshot (`useSnapshot`):
//    1. scripts/build.mjs --sea-snapshot bundles the snapshot's entry (scripts/sea-snapshot.mjs)
//       into one CommonJS script, dist-sea/snapshot/pbc.cjs;
//    2. a training run (scripts/sea-train.mjs): the console, through scripts/sea-loader.cjs,
//       until its first frame with a simulator's data; V8's code cache of pbc.cjs then;
//    3. node --experimental-sea-config runs the loader, which evaluates pbc.cjs — React, Ink
//       and pbc's modules — with that cache, and stores the heap in the blob;
//    then the executable must answer --version.
// B. if A fails (said on stderr, the executable still built), or with PBC_SEA_SNAPSHOT=0:
//    1. scripts/build.mjs --sea: one CommonJS script, dist-sea/bundle/pbc.cjs;
//    2. the same training run;
//    3. node --experimental-sea-config: the loader as main script, pbc.cjs and the cache as
//       assets.
// Then a copy of this Node (process.execPath) gets the blob injected by postject.
// PBC_SEA_CODE_CACHE=0 leaves the code cache out (bench/startup.mjs measures the variants).
// PBC_SEA_OUT=file writes the executable elsewhere.
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postject from 'postject';
import { APART } from './sea-apart.mjs';
import { seaBlobWithout } from './sea-code-cache.mjs';
import { YOGA_WASM } from './sea-esm.mjs';
import { train } from './sea-train.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'dist-sea');
const out = resolve(root, process.env.PBC_SEA_OUT ?? join(dir, `pbc-${platform()}-${arch()}`));
const tmp = `${out}.tmp-${process.pid}`;
const config = join(dir, `sea-config.${process.pid}.json`);
const blob = join(dir, `sea-prep.${process.pid}.blob`);
const loaded = join(dir, `sea-loaded.${process.pid}.json`);
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));

const withSnapshot = process.env.PBC_SEA_SNAPSHOT !== '0';
const withCache = process.env.PBC_SEA_CODE_CACHE !== '0';

/** scripts/build.mjs `flag` into `bundle`, the loader beside it, trained: the cache's size. */
async function trainedBundle(flag, bundle) {
  execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), flag], { stdio: 'inherit' });
  await copyFile(join(root, 'scripts/sea-loader.cjs'), join(bundle, 'sea-loader.cjs'));
  const cache = join(bundle, 'pbc.cache');
  await rm(cache, { force: true });
  return withCache ? await train(bundle, cache) : 0;
}

/** The assets beside pbc.cjs in `bundle`: the scripts apart (scripts/sea-apart.mjs), yoga's WebAssembly. */
const assets = (bundle) =>
  Object.fromEntries([...APART.map((a) => a.script), YOGA_WASM].map((f) => [f, join(bundle, f)]));

const cacheText = (bytes) =>
  withCache ? `code cache ${(bytes / 2 ** 20).toFixed(1)} MiB` : 'no code cache';

/**
 * The blob of `seaConfig`, injected into a copy of this Node at `tmp`. The snapshot runs pbc's
 * modules at build time: with CI, colour and Node variables unset, so none of the build
 * machine's answers land in the heap (scripts/sea-snapshot-esm.mjs). With a snapshot, the blob
 * is made lean first (leanBlob); what that did is returned for the build's last line.
 */
async function makeExecutable(seaConfig) {
  await writeFile(
    config,
    JSON.stringify({ ...seaConfig, output: blob, disableExperimentalSEAWarning: true }),
  );
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/' };
  if (seaConfig.useSnapshot) env.PBC_SEA_LOADED_OUT = loaded;
  execFileSync(process.execPath, ['--experimental-sea-config', config], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 << 20,
  });
  const prep = await readFile(blob);
  const { bytes, text } = seaConfig.useSnapshot ? await leanBlob(prep) : { bytes: prep, text: '' };
  await copyFile(process.execPath, tmp);
  await postject.inject(tmp, 'NODE_SEA_BLOB', bytes, {
    sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  });
  await chmod(tmp, 0o755);
  return text;
}

/**
 * The snapshot's blob without the code cache of the built-in modules it has loaded
 * (scripts/sea-code-cache.mjs); as it is, said on stderr, if its layout is not Node 20's.
 */
async function leanBlob(bytes) {
  const ids = await readFile(loaded, 'utf8').then(JSON.parse, () => undefined);
  const lean = Array.isArray(ids) ? seaBlobWithout(bytes, new Set(ids)) : undefined;
  if (!lean) {
    const why = ids ? 'the snapshot is not laid out as expected' : 'no list of its loaded modules';
    process.stderr.write(`sea: ${why}; its code cache kept whole\n`);
    return { bytes, text: '' };
  }
  const mb = (n) => (n / 2 ** 20).toFixed(1);
  const text = `, Node's code cache ${lean.modules[0]} → ${lean.modules[1]} modules (snapshot ${mb(lean.bytes[0])} → ${mb(lean.bytes[1])} MiB)`;
  return { bytes: lean.blob, text };
}

/** A: the startup snapshot; its description, or undefined when it could not be made. */
async function snapshotExecutable() {
  try {
    const bundle = join(dir, 'snapshot');
    const bytes = await trainedBundle('--sea-snapshot', bundle);
    const lean = await makeExecutable({
      main: join(bundle, 'sea-loader.cjs'),
      useSnapshot: true,
      assets: assets(bundle),
    });
    const answer = execFileSync(tmp, ['--version'], { encoding: 'utf8', timeout: 30_000 });
    if (answer !== `${version}\n`) throw new Error(`--version answered ${JSON.stringify(answer)}`);
    return `, startup snapshot (${cacheText(bytes)})${lean}`;
  } catch (e) {
    const detail = `${e.stdout ?? ''}\n${e.stderr ?? ''}\n${e.message ?? e}`;
    // Node's own warnings and the fatal error's frame are noise; the cause is in the rest
    const noise =
      /^\(node:\d+\)|^It may|^To request|^\(Use `node|^#|^\s*$|^ *\d+: 0x|^----- Native/;
    const lines = detail.split('\n').filter((l) => !noise.test(l));
    process.stderr.write(
      `sea: the startup snapshot failed, building with the code cache instead:\n${lines.slice(0, 12).join('\n')}\n`,
    );
    await rm(tmp, { force: true });
    return undefined;
  }
}

/** B: the loader with a trained code cache (or none, PBC_SEA_CODE_CACHE=0). */
async function codeCacheExecutable() {
  const bundle = join(dir, 'bundle');
  const bytes = await trainedBundle('--sea', bundle);
  await makeExecutable({
    main: join(bundle, 'sea-loader.cjs'),
    useCodeCache: withCache,
    assets: {
      'pbc.cjs': join(bundle, 'pbc.cjs'),
      ...assets(bundle),
      ...(withCache ? { 'pbc.cache': join(bundle, 'pbc.cache') } : {}),
    },
  });
  return `, ${cacheText(bytes)}`;
}

let kind;
try {
  kind = (withSnapshot && (await snapshotExecutable())) || (await codeCacheExecutable());
  await rename(tmp, out);
} finally {
  await Promise.all([config, blob, tmp, loaded].map((f) => rm(f, { force: true })));
}
const { size } = await stat(out);
process.stdout.write(
  `${out}: ${(size / 2 ** 20).toFixed(1)} MiB${kind}, Node ${process.version}\n`,
);
