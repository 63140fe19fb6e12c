/**
 * The scripted pbc's whole run: output watched, the command line parsed and its command run.
 * src/cli.ts calls it with process.argv; test/cli/in-process.ts calls the same code in the
 * test's own process (docs/performance.md, "Test suite (issue 27)").
 */
import { CommanderError } from 'commander';
import type { GlobalOptions } from './context.js';
import { exitWhenWritten, watchOutput } from './exit.js';
import { buildProgram } from './program.js';

export function runPbc(
  argv: string[],
  startConsole: (g: GlobalOptions) => Promise<void>,
): Promise<void> {
  // `pbc get ports | head`: the reader closed the pipe, stop quietly; `> /dev/full`: one
  // line and exit 1, not a stack trace. Commands exit only once their output is written.
  watchOutput();
  return buildProgram(startConsole, argv)
    .parseAsync(argv)
    .then(
      () => undefined,
      async (e: unknown) => {
        // Help and version end with code 0; every other commander error (including the help
        // shown for a missing subcommand) is a usage error.
        if (e instanceof CommanderError) await exitWhenWritten(e.exitCode === 0 ? 0 : 2);
        process.stderr.write(
          `pbc: ${e instanceof Error ? e.message : String(e)} (unexpected; rerun with --debug)\n`,
        );
        await exitWhenWritten(1);
      },
    );
}
