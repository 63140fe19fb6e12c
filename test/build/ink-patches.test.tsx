/**
 * The Ink patches (scripts/ink-output-cache.mjs) fail the build loudly when Ink changed
 * under them, and the tests run the patched Ink the bundle runs.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { Text } from 'ink';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { inkOutputCache, patchInkSource } from '../../scripts/ink-output-cache.mjs';
import { cleanup, renderTui } from '../harness/render.js';

afterEach(() => cleanup());

describe('the Ink patches', () => {
  it('refuse a file whose anchor is missing, naming the file and the anchor', () => {
    const path = '/x/node_modules/ink/build/wrap-text.js';
    expect(() => patchInkSource(path, 'export default function wrapText() {}')).toThrow(
      /wrap-text\.js.*"const cache = \{\};"/,
    );
  });

  it('fail the build (not build stock Ink) when an installed Ink file lacks an anchor', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pbc-ink-patch-'));
    try {
      const ink = join(dir, 'node_modules', 'ink', 'build');
      await mkdir(ink, { recursive: true });
      await writeFile(join(ink, 'measure-text.js'), 'export default (t) => t.length;\n');
      const failed = build({
        stdin: { contents: "import m from 'ink/build/measure-text.js'; m('x');", resolveDir: dir },
        bundle: true,
        write: false,
        platform: 'node',
        format: 'esm',
        plugins: [inkOutputCache],
        logLevel: 'silent',
      });
      await expect(failed).rejects.toThrow(/measure-text\.js.*anchor|anchor.*measure-text\.js/s);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('run in the tests too: rendering goes through the patched Output (its frame counter moves)', async () => {
    const before = (globalThis as { __pbcInkFrame?: number }).__pbcInkFrame ?? 0;
    const ui = renderTui(<Text>patched</Text>);
    await ui.waitFor((f) => f.includes('patched'));
    expect((globalThis as { __pbcInkFrame?: number }).__pbcInkFrame ?? 0).toBeGreaterThan(before);
  });
});
