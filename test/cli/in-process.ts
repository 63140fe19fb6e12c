/**
 * pbc's command tree parsed in the test's own process, for what the process itself is not
 * the subject of (the help texts): commander with its output captured and its exits thrown
 * (CommanderError). Each spawn of the built pbc costs ~0.1 s of CPU; the help of the 80-odd
 * commands in process costs a few ms each (docs/performance.md, "Test suite").
 */
import { type Command, CommanderError } from 'commander';
import { buildProgram } from '../../src/commands/program.js';
import type { Result } from './helpers.js';

/** Output as the built pbc writes it to pipes: no colour, commander's default width (80). */
function captured(cmd: Command, out: string[], err: string[]): void {
  cmd.exitOverride().configureOutput({
    writeOut: (s) => out.push(s),
    writeErr: (s) => err.push(s),
    getOutHelpWidth: () => 80,
    getErrHelpWidth: () => 80,
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  for (const sub of cmd.commands) captured(sub, out, err);
}

/**
 * `pbc ARGS` for arguments that end in commander itself (--help, --version): its output and
 * exit code. Anything that would reach a command's action is refused (that is a spawn's job).
 */
export async function commanderOnly(args: string[]): Promise<Result> {
  const out: string[] = [];
  const err: string[] = [];
  const program = buildProgram(async () => {
    throw new Error('commanderOnly: the console would start');
  });
  captured(program, out, err);
  let code: number;
  try {
    await program.parseAsync(args, { from: 'user' });
    throw new Error(`commanderOnly: pbc ${args.join(' ')} reached a command`);
  } catch (e) {
    if (!(e instanceof CommanderError)) throw e;
    code = e.exitCode;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}
