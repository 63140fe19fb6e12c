// Bundles src/cli.ts into dist/ with esbuild. Ink/React are only reached through
// dynamic import() from the TUI path, so code splitting keeps them out of the
// scripted commands' start-up.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { inkOutputCache } from './ink-output-cache.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const single = process.argv.includes('--single');
const finalDir = join(root, single ? 'dist-bundle' : 'dist');
// Build beside the output and swap it in, so a concurrent run (tests, benchmarks) never
// finds dist/ half written.
const outdir = `${finalDir}.tmp-${process.pid}`;
await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
const stub = join(outdir, '.devtools-stub.js');
await writeFile(stub, 'export default {};\n');

await build({
  entryPoints: { cli: join(root, 'src/cli.ts') },
  outdir,
  bundle: true,
  splitting: !single,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { 'react-devtools-core': stub },
  banner: {
    js: "#!/usr/bin/env node\nimport{createRequire as __pbcCreateRequire}from'node:module';const require=__pbcCreateRequire(import.meta.url);",
  },
  plugins: [inkOutputCache],
  logLevel: 'warning',
});
await rm(stub, { force: true });
const old = `${finalDir}.old-${process.pid}`;
await rename(finalDir, old).catch(() => {});
await rename(outdir, finalDir);
await rm(old, { recursive: true, force: true });
