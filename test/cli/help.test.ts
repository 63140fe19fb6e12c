/**
 * `--help` works on every command of the commander tree (exit 0, a Usage line naming the
 * command), each help lists exactly the subcommands the tree has, and `--version` prints
 * package.json's version. The tree's help is read in process (in-process.ts); the built
 * binary prints the same text with exit 0 for a sample of commands, top to deepest.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';
import { pbc, root } from './helpers.js';
import { commanderOnly } from './in-process.js';

/** Every command of the tree with its path ('' is pbc itself). */
function commands(cmd: Command, path: string[] = []): { path: string[]; cmd: Command }[] {
  return [{ path, cmd }, ...cmd.commands.flatMap((c) => commands(c, [...path, c.name()]))];
}

/** The names in the "Commands:" section of a help text. */
function listed(help: string): string[] {
  const start = help.indexOf('\nCommands:\n');
  if (start < 0) return [];
  const section = help.slice(start + '\nCommands:\n'.length).split('\n\n')[0]!;
  return [...section.matchAll(/^ {2}([\w-]+)/gm)].map((m) => m[1]!);
}

describe('pbc --help', () => {
  it('works on every command and lists exactly its subcommands', async () => {
    const all = commands(buildProgram());
    expect(all.length).toBeGreaterThan(50);
    for (const { path, cmd } of all) {
      const r = await commanderOnly([...path, '--help']);
      const name = ['pbc', ...path].join(' ');
      expect(r.code, `${name} --help: ${r.stderr}`).toBe(0);
      expect(r.stderr, name).toBe('');
      expect(r.stdout, name).toMatch(new RegExp(`^Usage: ${name}([ |]|$)`, 'm'));
      const expected = cmd
        .createHelp()
        .visibleCommands(cmd)
        .map((c) => c.name());
      expect(listed(r.stdout), name).toEqual(expected);
    }
  }, 120_000);

  it('the built pbc prints the same help with exit 0, from pbc itself to the deepest command', async () => {
    const all = commands(buildProgram()).map((c) => c.path);
    const deepest = all.reduce((a, b) => (b.length > a.length ? b : a));
    const sample = [[], ['get'], ['rules', 'add'], ['sim'], deepest];
    expect(all).toEqual(expect.arrayContaining(sample));
    for (const path of sample) {
      const name = ['pbc', ...path].join(' ');
      const [built, inProcess] = [
        await pbc([...path, '--help']),
        await commanderOnly([...path, '--help']),
      ];
      expect(built.code, `${name} --help: ${built.stderr}`).toBe(0);
      expect(built.stderr, name).toBe('');
      expect(built.stdout, name).toBe(inProcess.stdout);
    }
  });

  it('--version and -V print the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const r = await pbc([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});
