import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without types
import { inkOutputCache } from '../../scripts/ink-output-cache.mjs';

describe('the Ink text-cache plugin', () => {
  it('applies to the installed Ink (all four patches), so dist/ gets the bounded caches', async () => {
    const result = await build({
      stdin: { contents: "import { render } from 'ink'; console.log(render);", resolveDir: process.cwd() },
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      external: ['react-devtools-core', 'yoga-layout'],
      plugins: [inkOutputCache],
      logLevel: 'silent',
    });
    const text = result.outputFiles[0]!.text;
    expect(text).toContain('__pbcSharedCaches');
    expect(text).toContain('__pbcWidest');
    expect(text).toContain('__pbcCount');
    expect(text).toMatch(/if \(cache\.size > (5e3|5000)\) cache\.clear\(\)/);
  });
});
