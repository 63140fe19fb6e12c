/**
 * `pbc completion bash|zsh` (the built binary): the bash script, sourced in a real bash,
 * completes commands, subcommands, get targets and options from the commander tree.
 * The zsh script's text is checked and zsh itself parses it (zsh -n).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGETS } from '../../src/commands/get.js';
import { buildProgram } from '../../src/commands/program.js';
import { cli } from './helpers.js';
import { pbcInProcess } from './in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'pbc-completion-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function has(shell: string): boolean {
  try {
    execFileSync(shell, ['-c', 'true'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Commands the help hides (`revert-guard`, which pbc starts itself) are not completed. */
const shown = (cmd: Command) =>
  cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);

/** Every command path of the tree ('rules add', …). */
function paths(cmd: Command, prefix = ''): string[] {
  return shown(cmd).flatMap((c) => {
    const p = prefix ? `${prefix} ${c.name()}` : c.name();
    return [p, ...paths(c, p)];
  });
}

describe('pbc completion bash', () => {
  let script = '';
  beforeAll(async () => {
    const r = await pbcInProcess(['completion', 'bash']);
    expect(r.code, r.stderr).toBe(0);
    script = join(dir, 'pbc.bash');
    writeFileSync(script, r.stdout);
  });

  /** What bash offers for the words typed (the last one being completed). */
  function complete(...words: string[]): string[] {
    const quoted = words.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
    const out = execFileSync(
      'bash',
      [
        '-c',
        `source "$1" || exit 9
COMP_WORDS=(${quoted}); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1))
_pbc_complete; printf '%s\\n' "\${COMPREPLY[@]}"`,
        'bash',
        script,
      ],
      { encoding: 'utf8' },
    );
    return out.split('\n').filter(Boolean).sort();
  }

  it('is valid bash and registers itself for pbc', () => {
    execFileSync('bash', ['-n', script]);
    const out = execFileSync('bash', ['-c', 'source "$1"; complete -p pbc', 'bash', script], {
      encoding: 'utf8',
    });
    expect(out).toContain('_pbc_complete');
  });

  it('completes commands, subcommands and aliases', () => {
    expect(complete('pbc', 'g')).toEqual(['get', 'groups']);
    expect(complete('pbc', 'ge')).toEqual(['get']);
    expect(complete('pbc', 'rules', 're')).toEqual(['reset-counters']);
    expect(complete('pbc', 'device', 'controller', '')).toEqual(['add', 'help', 'rm']);
    expect(complete('pbc', 'savepoints', 'activate-')).toEqual(['activate-ports']);
    expect(complete('pbc', 'completion', '')).toEqual(['bash', 'zsh']);
    // every top-level command is offered
    const top = complete('pbc', '');
    for (const c of shown(buildProgram())) expect(top, c.name()).toContain(c.name());
  });

  it('completes get targets', () => {
    expect(complete('pbc', 'get', 'ru')).toEqual(['rules', 'running']);
    expect(complete('pbc', 'get', '')).toEqual(TARGETS.map((t) => t.name).sort());
    // nothing after the one target
    expect(complete('pbc', 'get', 'rules', '')).toEqual([]);
  });

  it("completes a command's options and the global ones", () => {
    expect(complete('pbc', 'rules', 'add', '--pri')).toEqual(['--priority']);
    expect(complete('pbc', 'sim', '--re')).toEqual(['--readonly', '--reboot-ms']);
    expect(complete('pbc', 'get', 'rules', '--out')).toEqual(['--output']);
    expect(complete('pbc', '--ver')).toEqual(['--version']);
    expect(complete('pbc', 'ports', 'set', 'eth-0-1', '--no-c')).toEqual([
      '--no-crc-check',
      '--no-crc-recalculation',
    ]);
  });

  it('skips option values, including ones bash split at = and :', () => {
    // `pbc --url=http://h:80/rest -o json g`, as bash splits it (COMP_WORDBREAKS)
    const url = ['--url', '=', 'http', ':', '//h', ':', '80/rest'];
    expect(complete('pbc', ...url, '-o', 'json', 'g')).toEqual(['get', 'groups']);
    expect(complete('pbc', '--context', 'get', 'g')).toEqual(['get', 'groups']);
    const match = ['--match', 'tcp_dst', '=', '443', '--actions', 'output', ':', '2'];
    expect(complete('pbc', 'rules', 'add', ...match, '--na')).toEqual(['--name']);
    // a value is expected: nothing offered (readline falls back to file names)
    expect(complete('pbc', 'get', '-o', '')).toEqual([]);
    expect(complete('pbc', '--output', '=', '')).toEqual([]);
  });

  it('knows every command of the tree (none hand-listed)', async () => {
    const text = (await pbcInProcess(['completion', 'bash'])).stdout;
    for (const p of paths(buildProgram())) expect(text, p).toContain(`'${p}'`);
  });
});

describe('pbc completion zsh', () => {
  let text = '';
  beforeAll(async () => {
    const r = await pbcInProcess(['completion', 'zsh']);
    expect(r.code, r.stderr).toBe(0);
    text = r.stdout;
  });

  it('names every command, subcommand and option of the tree', () => {
    expect(text.startsWith('#compdef pbc\n')).toBe(true);
    expect(text).toContain('compdef _pbc_complete pbc');
    const program = buildProgram();
    for (const p of paths(program)) expect(text, p).toContain(`'${p}'`);
    expect(text).toContain("'get:read from the device");
    expect(text).toContain("'--priority:priority 0..65535");
    for (const t of TARGETS) expect(text, t.name).toContain(`'${t.name}'`);
  });

  it('is valid zsh (zsh -n; .ci/run installs zsh)', () => {
    expect(has('zsh'), 'zsh is required for this test (apt-get install zsh)').toBe(true);
    const file = join(dir, '_pbc');
    writeFileSync(file, text);
    execFileSync('zsh', ['-n', file]);
  });

  it('stops quietly when the reader closes the pipe (| head)', () => {
    const out = execFileSync(
      'bash',
      [
        '-c',
        'set -o pipefail; "$1" "$2" completion zsh 2>&1 | head -1',
        'bash',
        process.execPath,
        cli,
      ],
      { encoding: 'utf8' },
    );
    expect(out).toBe('#compdef pbc\n');
  });

  it('rejects other shells (usage error)', async () => {
    const r = await pbcInProcess(['completion', 'fish']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Allowed choices are bash, zsh/);
  });
});
