/**
 * pbc entry. Kept lean: commander and the command definitions only; each command imports
 * what it needs when it runs, so a scripted `pbc get …` never loads the simulator, Ink or
 * React. Exit codes: 0 ok, 1 device error, 2 usage, 3 connection/timeout, 4 auth.
 */
import { CommanderError } from 'commander';
import { buildProgram, fail } from './commands/program.js';

// `pbc completion bash | head`, `pbc get ports | head`: the reader closed the pipe; stop
// quietly instead of dying with a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

buildProgram()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    // Help and version end with code 0; every other commander error (including the help
    // shown for a missing subcommand) is a usage error.
    if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
    fail(`${e instanceof Error ? e.message : String(e)} (unexpected; rerun with --debug)`, 1);
  });
