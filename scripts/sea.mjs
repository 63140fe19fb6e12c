// npm run sea: dist-sea/pbc-linux-x64, one executable holding the Node that runs this script
// and pbc (Node's single-executable applications, docs/install.md). Steps:
// 1. scripts/build.mjs --sea: one CommonJS script, dist-sea/bundle/pbc.cjs;
// 2. a training run (scripts/sea-train.mjs): the console, through scripts/sea-loader.cjs, until
//    its first frame with a simulator's data; V8's code cache of pbc.cjs as it stands then;
// 3. node --experimental-sea-config: the loader as main script, pbc.cjs and the cache as assets;
// 4. a copy of this Node (process.execPath) with the blob injected by postject.
// PBC_SEA_CODE_CACHE=0 leaves the code cache out (bench/startup.mjs measures both).
// PBC_SEA_OUT=file writes the executable elsewhere.
import { execFileSync } from 'node:child_process';
import { chmod, copyFile, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postject from 'postject';
import { train } from './sea-train.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'dist-sea');
const out = resolve(root, process.env.PBC_SEA_OUT ?? join(dir, `pbc-${platform()}-${arch()}`));
const tmp = `${out}.tmp-${process.pid}`;
const config = join(dir, `sea-config.${process.pid}.json`);
const blob = join(dir, `sea-prep.${process.pid}.blob`);

const bundle = join(dir, 'bundle');
const cache = join(bundle, 'pbc.cache');
const withCache = process.env.PBC_SEA_CODE_CACHE !== '0';

execFileSync(process.execPath, [join(root, 'scripts/build.mjs'), '--sea'], { stdio: 'inherit' });
await copyFile(join(root, 'scripts/sea-loader.cjs'), join(bundle, 'sea-loader.cjs'));
const cacheBytes = withCache ? await train(bundle, cache) : 0;
try {
  await writeFile(
    config,
    JSON.stringify({
      main: join(bundle, 'sea-loader.cjs'),
      output: blob,
      disableExperimentalSEAWarning: true,
      useCodeCache: withCache,
      assets: { 'pbc.cjs': join(bundle, 'pbc.cjs'), ...(withCache ? { 'pbc.cache': cache } : {}) },
    }),
  );
  execFileSync(process.execPath, ['--experimental-sea-config', config], { stdio: 'ignore' });
  await copyFile(process.execPath, tmp);
  await postject.inject(tmp, 'NODE_SEA_BLOB', await readFile(blob), {
    sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
  });
  await chmod(tmp, 0o755);
  await rename(tmp, out);
} finally {
  await Promise.all([config, blob, tmp].map((f) => rm(f, { force: true })));
}
const { size } = await stat(out);
const cacheText = withCache
  ? `, code cache ${(cacheBytes / 2 ** 20).toFixed(1)} MiB`
  : ', no code cache';
process.stdout.write(
  `${out}: ${(size / 2 ** 20).toFixed(1)} MiB${cacheText}, Node ${process.version}\n`,
);
