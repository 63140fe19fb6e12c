/**
 * pbc entry. Kept lean: commander and the command definitions only; each command imports
 * what it needs when it runs, so a scripted `pbc get …` never loads the simulator, Ink or
 * React. `pbc` without a command starts the console (src/tui), which only this entry loads.
 * Exit codes: 0 ok, 1 device error, 2 usage, 3 connection/timeout, 4 auth.
 */
import { CommanderError } from 'commander';
import type { GlobalOptions } from './commands/context.js';
import { exitWhenWritten, watchOutput } from './commands/exit.js';
import { buildProgram } from './commands/program.js';

// `pbc get ports | head`: the reader closed the pipe, stop quietly; `> /dev/full`: one
// line and exit 1, not a stack trace. Commands exit only once their output is written.
watchOutput();

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
  const [{ runConsole }] = await Promise.all([import('./commands/console.js'), layoutEngine()]);
  await runConsole(g, async (options) => (await import('./tui/main.js')).startTui(options));
}

buildProgram(startConsole, process.argv)
  .parseAsync(process.argv)
  .catch(async (e: unknown) => {
    // Help and version end with code 0; every other commander error (including the help
    // shown for a missing subcommand) is a usage error.
    if (e instanceof CommanderError) await exitWhenWritten(e.exitCode === 0 ? 0 : 2);
    process.stderr.write(
      `pbc: ${e instanceof Error ? e.message : String(e)} (unexpected; rerun with --debug)\n`,
    );
    await exitWhenWritten(1);
  });
