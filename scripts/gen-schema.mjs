// Writes docs/schema/pbc-config.schema.json, the JSON Schema of the config file, from
// src/ops/desired/schema.ts (the vocabulary and the parser's field lists), so the schema
// editors complete from cannot drift from what pbc accepts. A test
// (src/ops/desired/schema.test.ts) fails when the shipped file is out of date.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function schemaText() {
  const dir = await mkdtemp(join(tmpdir(), 'pbc-schema-'));
  const out = join(dir, 'schema.mjs');
  try {
    await build({
      entryPoints: [join(root, 'src/ops/desired/schema.ts')],
      outfile: out,
      bundle: true,
      format: 'esm',
      platform: 'node',
      logLevel: 'error',
    });
    const { desiredSchema } = await import(pathToFileURL(out).href);
    return `${JSON.stringify(desiredSchema(), null, 2)}\n`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = join(root, 'docs', 'schema', 'pbc-config.schema.json');
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, await schemaText());
  console.log(`wrote ${target}`);
}
