import { configDefaults, defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ESM script without types
import { inkPatchesForVite } from './scripts/ink-output-cache.mjs';

export default defineConfig({
  // The tests run the Ink the bundle runs: the same patches (scripts/ink-output-cache.mjs),
  // applied as Vite loads Ink, widest-line and their string-width copies (inlined below).
  plugins: [inkPatchesForVite()],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    // Trees that tests read as data (e.g. the layer check's), never run.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    // The change journal of every test goes to a temporary directory (PBC_STATE_DIR).
    setupFiles: ['test/harness/state-dir.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/]ink[\\/]build[\\/]/,
          /[\\/]node_modules[\\/](?:ink|widest-line)[\\/]node_modules[\\/]string-width[\\/]/,
          /[\\/]node_modules[\\/]widest-line[\\/]index\.js$/,
        ],
      },
    },
  },
});
