/**
 * pbc entry. Kept lean: commander and the command definitions only; each command imports
 * what it needs when it runs, so a scripted `pbc get …` never loads the simulator, Ink or
 * React. `pbc` without a command starts the console (src/tui), which only this entry loads.
 * Exit codes: 0 ok, 1 device error, 2 usage, 3 connection/timeout, 4 auth.
 */
import type { GlobalOptions } from './commands/context.js';
import { runPbc } from './commands/main.js';

/**
 * Ink's layout engine compiles its WebAssembly before the console can draw. In the ESM builds
 * yoga-layout's module awaits that itself; the single executable's CommonJS bundle cannot,
 * and there the module exports the promise as `ready` (scripts/sea-esm.mjs, docs/install.md).
 */
async function layoutEngine(): Promise<void> {
  const yoga = (await import('yoga-layout')) as unknown as { ready?: Promise<void> };
  await yoga.ready;
}

async function startConsole(g: GlobalOptions): Promise<void> {
  // loads while the device answers the console's first requests; awaited before Ink draws
  let loading: Promise<void> | undefined;
  const layout = () => {
    if (!loading) {
      loading = layoutEngine();
      loading.catch(() => {}); // (its failure is the console's, reported when it is awaited)
    }
    return loading;
  };
  const { runConsole } = await import('./commands/console.js');
  await runConsole(g, async (options) =>
    (await import('./tui/main.js')).startTui({ ...options, layout }),
  );
}

void runPbc(process.argv, startConsole);
