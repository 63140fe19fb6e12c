import { configDefaults, defineConfig } from 'vitest/config';
// @ts-expect-error: a plain ESM script without types
import { inkPatchesForVite } from './scripts/ink-output-cache.mjs';

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const under = (dirs: string[]) => dirs.flatMap((d) => TESTS.map((t) => `${d}/${t}`));

/**
 * Files that share their worker's modules (isolate: false): the unit tests, `npm run
 * test:fast`'s set. A fresh worker per file paid the import of Ink, React and the app again
 * for each (the 38 files of src/screens, src/widgets and src/tui: 40 s CPU isolated, 11 s
 * shared, at load 19). They keep no state another file sees: the setup file gives each its
 * own state directory and forgets remembered secrets. Not the console and CLI tests of
 * test/: run shared, the simulators, pollers and timers a file leaves behind slowed the
 * files after it (test/screens ran several times slower), so each keeps a fresh worker
 * (project 'isolated'; the simulator's own tests: SHARED_SIM below).
 */
export const SHARED = ['src', 'test/store', 'test/ops', 'test/lint'];

/**
 * The simulator's and the client's tests over HTTP (test/sim, test/api) share their worker's
 * modules too, in a project of their own (not `test:fast`'s): each file closes the simulators
 * it starts, and a fresh worker per file cost more than its tests — the 25 files of these
 * folders (without the three property/fuzz runs and login.test.ts) took 109 s of CPU
 * isolated, 70 s shared (import 66 s → 6 s), all passing, at load 15–25 (docs/performance.md,
 * "Test suite"). login.test.ts mocks node:crypto (vi.mock): it keeps a fresh worker.
 * The CLI's tests (test/cli) too: they spawn the built pbc against a simulator of the file;
 * all 48 files isolated took 280 s of CPU (import 106 s summed), shared 203 s (import 11 s),
 * all 239 tests passing (2 workers, load 8–20; the built pbc is copied once per worker).
 */
export const SHARED_SIM = ['test/sim', 'test/api', 'test/cli'];
/**
 * The whole-console screen tests share their worker's modules too (project 'screens'): Ink,
 * React and the app imported once per worker, not per file. Each closes the consoles and
 * simulators it opens (a file that leaves a server listening fails: test/harness/no-leaks.ts).
 * Not the fault drills (test/drills: hung and reset requests outlive their test by design) nor
 * the escape-injection files (they vi.mock the simulator's sfp.js): a fresh worker each.
 */
const SHARED_CONSOLE = [...under(['test/screens']), 'test/security/hostile-device.test.tsx'];
/**
 * The projects that mount the whole console run React's production build, the one the bundle
 * runs (scripts/build.mjs defines NODE_ENV=production): the development build's checks
 * (createElement's and jsxDEV's validation) cost the console tests CPU — the 47 files of
 * 'screens' 170 → 128 s (load 7-10), drills/long-run 16.3 → 11.8 s (load 3.5); files that
 * mostly wait gain less. The unit tests (project 'shared') keep the development build and its
 * warnings.
 */
const PRODUCTION = { NODE_ENV: 'production' };
/**
 * A fresh worker each: login.test.ts mocks node:crypto; the two --revert-after files share
 * test/cli/revert-file.ts, whose hooks are registered when it is first imported (once per
 * worker when modules are shared).
 */
const OWN_WORKER = [
  'test/sim/login.test.ts',
  'test/cli/revert.test.ts',
  'test/cli/revert-confirm.test.ts',
];

export default defineConfig({
  // The tests run the Ink the bundle runs: the same patches (scripts/ink-output-cache.mjs),
  // applied as Vite loads Ink, widest-line, string-width, slice-ansi and
  // ansi-tokenize (inlined below).
  plugins: [inkPatchesForVite()],
  // TSX compiles to react/jsx-runtime's jsx() (not jsxDEV, which React's production build
  // lacks), so a project may run React's production build (PRODUCTION below).
  oxc: { jsx: { development: false } },
  test: {
    // Trees that tests read as data (e.g. the layer check's), never run.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    // The change journal of every test goes to a temporary directory (PBC_STATE_DIR).
    setupFiles: ['test/harness/state-dir.ts'],
    // Failure bounds, not speed targets: the machine is shared (load 10–20 on its 2 cores seen),
    // and no test asserts on wall time (speed targets are benches, docs/performance.md).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // vitest's default on 2 cores is 1 worker (cores − 1): every file after the other. Most
    // files wait on sockets, timers and child processes (the simulator, tmux, pbc), not the
    // CPU, so 3 run side by side. PBC_TEST_WORKERS overrides it (e.g. 1 to bisect a flake).
    maxWorkers: Number(process.env.PBC_TEST_WORKERS) || 3,
    // `npm run test:fast` runs the 'shared' project alone.
    projects: [
      { extends: true, test: { name: 'shared', include: under(SHARED), isolate: false } },
      {
        extends: true,
        test: {
          name: 'shared-sim',
          include: under(SHARED_SIM),
          exclude: [...configDefaults.exclude, ...OWN_WORKER],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'screens',
          include: SHARED_CONSOLE,
          setupFiles: ['test/harness/no-leaks.ts'],
          env: PRODUCTION,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: under(['test']),
          env: PRODUCTION,
          exclude: [
            ...configDefaults.exclude,
            'test/fixtures/**',
            ...under(SHARED),
            ...under(SHARED_SIM),
            ...SHARED_CONSOLE,
          ],
        },
      },
      { extends: true, test: { name: 'own-worker', include: OWN_WORKER } },
    ],
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/]ink[\\/]build[\\/]/,
          /[\\/]node_modules[\\/]widest-line[\\/]index\.js$/,
          // scripts/ink-output-cache.mjs's: the one slice-ansi and string-width (Ink's and pbc's)
          /[\\/]node_modules[\\/]slice-ansi[\\/]/,
          /[\\/]node_modules[\\/]string-width[\\/]index\.js$/,
          /[\\/]node_modules[\\/]@alcalzone[\\/]ansi-tokenize[\\/]build[\\/]/,
        ],
      },
    },
  },
});
