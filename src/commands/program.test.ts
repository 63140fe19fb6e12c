/**
 * The lazy tree: a command line that names a command builds only that command's definition
 * (start-up, docs/performance.md), and pbc answers it exactly as with the whole tree.
 */
import { type Command, CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import type { GlobalOptions } from './context.js';
import { buildProgram, FAMILY_NAMES } from './program.js';

const argv = (...args: string[]) => ['node', 'pbc', ...args];
const topNames = (program: Command) => program.commands.flatMap((c) => [c.name(), ...c.aliases()]);

/** What pbc writes and its exit code for a command line that ends in a commander error. */
async function answer(program: Command, args: string[]): Promise<string> {
  const out: string[] = [];
  const capture = (cmd: Command): void => {
    cmd.configureOutput({ writeOut: (s) => out.push(s), writeErr: (s) => out.push(s) });
    cmd.commands.forEach(capture);
  };
  capture(program);
  try {
    await program.parseAsync(argv(...args));
  } catch (e) {
    if (e instanceof CommanderError) return `${out.join('')}exit ${e.exitCode}`;
    throw e;
  }
  throw new Error(`pbc ${args.join(' ')} ran a command`);
}

describe('buildProgram with the command line', () => {
  it('defines only the command it names, past global options and their values', () => {
    const lines = [
      ['--url', 'http://192.0.2.10/rest', 'get', 'rules', '-o', 'json'],
      ['-o', 'json', '--url=http://192.0.2.10/rest', '-y', 'get', 'rules'],
    ];
    for (const line of lines)
      expect(topNames(buildProgram(undefined, argv(...line)))).toEqual(['get']);
    expect(topNames(buildProgram(undefined, argv('savepoints', 'create', 'x')))).toEqual([
      'savepoint',
      'savepoints',
    ]);
  });

  it('each family defines exactly the names it is chosen by, and together they are the tree', () => {
    for (const names of FAMILY_NAMES) {
      const lazy = topNames(buildProgram(undefined, argv(names[0] as string)));
      if (names[0] === 'completion') expect(lazy).toEqual(FAMILY_NAMES.flat());
      else expect(lazy).toEqual(names);
    }
    expect(topNames(buildProgram())).toEqual(FAMILY_NAMES.flat());
  });

  it('builds the whole tree for help, unknown words and options, completion, a missing value', () => {
    const whole = FAMILY_NAMES.flat();
    for (const line of [
      ['get', 'rules', '--help'],
      ['get', 'rules', '-yh'],
      ['help', 'get'],
      ['gte', 'rules'],
      ['--no-such-flag', 'get', 'rules'],
      ['--', 'get'],
      ['completion', 'bash'],
      ['--url'],
      ['--demo', '-yo', 'json'],
    ])
      expect(topNames(buildProgram(undefined, argv(...line))), line.join(' ')).toEqual(whole);
  });

  it('defines no command for the console, which starts with the options the whole tree gives it', async () => {
    const lines = [
      [],
      ['--demo'],
      ['--url', 'http://192.0.2.10/rest', '--user=ops', '-y', '-o', 'json', '--readonly'],
      ['--context', 'lab', '--timeout', '900', '--max-answer-size=1MiB', '--debug'],
    ];
    for (const line of lines) {
      const opts = async (lazy: boolean) => {
        let seen: GlobalOptions | undefined;
        const start = async (g: GlobalOptions) => {
          seen = g;
        };
        await buildProgram(start, lazy ? argv(...line) : undefined).parseAsync(argv(...line));
        return seen;
      };
      expect(topNames(buildProgram(undefined, argv(...line))), line.join(' ')).toEqual([]);
      const lazy = await opts(true);
      expect(lazy, line.join(' ')).toBeDefined();
      expect(lazy, line.join(' ')).toEqual(await opts(false));
    }
    for (const line of [['-V'], ['--url', 'http://192.0.2.10/rest', '--version']])
      expect(await answer(buildProgram(undefined, argv(...line)), line)).toBe(
        await answer(buildProgram(), line),
      );
  });

  it('rejects an unknown option, a missing argument or subcommand as the whole tree does', async () => {
    const lines = FAMILY_NAMES.flat().flatMap((name) => [
      [name, '--no-such-option'],
      ['--url', 'http://192.0.2.10/rest', name, '--timeot', '5'],
    ]);
    lines.push(
      ['get'],
      ['rules'],
      ['users', 'add'],
      ['savepoint', 'nope'],
      ['device', 'controller'],
    );
    for (const line of lines) {
      const lazy = await answer(buildProgram(undefined, argv(...line)), line);
      expect(lazy, line.join(' ')).toBe(await answer(buildProgram(), line));
      expect(lazy, line.join(' ')).toMatch(/exit 1$/);
    }
  });
});
