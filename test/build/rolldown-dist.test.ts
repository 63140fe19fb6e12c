/**
 * dist/ is bundled by rolldown (scripts/rolldown-dist.mjs) so that `pbc get` loads its modules
 * from a handful of files, with the same Ink patches as the esbuild builds.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { inkOutputCache } from '../../scripts/ink-output-cache.mjs';
// @ts-expect-error: a plain ESM script without types
import { fromEsbuild } from '../../scripts/rolldown-dist.mjs';
import { baseEnv, cli, root } from '../cli/helpers.js';

describe('dist built by rolldown', () => {
  it('pbc get loads the read path from 8 files of dist (esbuild split it into 35), without qs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-loads-'));
    try {
      const trace = join(dir, 'loads.txt');
      const run = promisify(execFile)(
        process.execPath,
        ['--import', join(root, 'test/cli/trace-loads.mjs'), cli, 'get', 'rules', '-o', 'json'],
        // nothing listens on port 1: the command loads everything, then reports the refusal
        { env: { ...baseEnv(), PBC_TRACE_LOADS: trace, PBC_URL: 'http://127.0.0.1:1/rest' } },
      );
      await expect(run).rejects.toMatchObject({ code: 3, stderr: /connection refused/ });
      const files = (await readFile(trace, 'utf8'))
        .trim()
        .split('\n')
        .map((u) => fileURLToPath(u));
      expect(files[0]).toBe(cli);
      expect(files.length).toBeLessThanOrEqual(8);
      for (const f of files) expect(dirname(f), f).toMatch(/dist[^/]*(\/chunks)?$/);
      // a request without parameters leaves qs (and its dependencies) unloaded: src/api/query.ts
      for (const f of files) expect(await readFile(f, 'utf8'), f).not.toContain('RFC3986');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('applies the Ink patches: an installed Ink file without its anchor fails the build', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-rolldown-ink-'));
    try {
      const ink = join(dir, 'node_modules', 'ink', 'build');
      await mkdir(ink, { recursive: true });
      await writeFile(join(ink, 'measure-text.js'), 'export default (t) => t.length;\n');
      await writeFile(
        join(dir, 'entry.js'),
        "import m from 'ink/build/measure-text.js'; m('x');\n",
      );
      const failed = rolldown({
        input: join(dir, 'entry.js'),
        platform: 'node',
        plugins: [fromEsbuild(inkOutputCache)],
        logLevel: 'silent',
      }).then((b) => b.generate({ format: 'esm' }));
      await expect(failed).rejects.toThrow(/measure-text\.js.*anchor|anchor.*measure-text\.js/s);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
