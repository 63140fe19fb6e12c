/**
 * The executable's code cache is trained by runs one after the other (scripts/sea-train.mjs):
 * the console, then `get rules -o json`, then `--version`, each through scripts/sea-loader.cjs
 * starting from the cache the run before wrote (PBC_SEA_TRAIN_IN). The cache the last run
 * writes must hold what every run compiled, or the executable compiles it again at every start.
 * Shown on a small script in place of pbc's: V8's function events say what a run compiled.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'pbc-sea-train-'));
copyFileSync(join(root, 'scripts', 'sea-loader.cjs'), join(dir, 'sea-loader.cjs'));
writeFileSync(
  join(dir, 'pbc.cjs'),
  `function alpha(n) { let s = 0; for (let i = 0; i < n; i++) s += i * 3; return s; }
function beta(n) { let s = ''; for (let i = 0; i < n; i++) s += String.fromCharCode(97 + (i % 26)); return s.length; }
if (process.argv[2] === 'alpha') console.log(alpha(10));
if (process.argv[2] === 'beta') console.log(beta(10));
`,
);
const log = join(dir, 'v8.log');
// (the same V8 flags for every run: a cache made under other flags is refused)
const flags = ['--log-function-events', `--logfile=${log}`, '--no-logfile-per-isolate'];

function run(arg: string, train: { in?: string; out?: string }) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (train.in) env.PBC_SEA_TRAIN_IN = join(dir, train.in);
  if (train.out) env.PBC_SEA_TRAIN_OUT = join(dir, train.out);
  return spawnSync(process.execPath, [...flags, join(dir, 'sea-loader.cjs'), arg], {
    env,
    encoding: 'utf8',
  });
}

/** The functions of the small script that V8 compiled in the last run. */
const compiled = () =>
  readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('function,interpreter,'))
    .map((l) => l.split(',').at(-1))
    .filter((name) => name === 'alpha' || name === 'beta');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the training runs of the code cache (scripts/sea-loader.cjs, PBC_SEA_TRAIN_IN)', () => {
  it('writes a cache holding what the runs before compiled and what this one did', () => {
    expect(run('alpha', { out: 'alpha.cache' }).stdout).toBe('135\n');
    expect(run('beta', { in: 'alpha.cache', out: 'both.cache' }).stdout).toBe('10\n');
    expect(run('beta', { out: 'beta.cache' }).stdout).toBe('10\n');

    // from the second run's cache alone, alpha is compiled again; from the chained one, nothing
    run('alpha', { in: 'beta.cache' });
    expect(compiled()).toEqual(['alpha']);
    run('beta', { in: 'both.cache' });
    expect(compiled()).toEqual([]);
    run('alpha', { in: 'both.cache' });
    expect(compiled()).toEqual([]);
  });

  it('fails a training run whose cache V8 refuses, rather than train from nothing', () => {
    // a cache of another script: V8 checks the source's hash in its header
    const other = join(dir, 'other.cjs');
    writeFileSync(other, 'module.exports = 1;\n');
    const vmCache = execFileSync(process.execPath, [
      '-e',
      `const vm = require('node:vm'); const s = new vm.Script(require('node:fs').readFileSync(${JSON.stringify(other)}, 'utf8')); process.stdout.write(s.createCachedData().toString('base64'))`,
    ]).toString();
    writeFileSync(join(dir, 'other.cache'), Buffer.from(vmCache, 'base64'));
    const r = run('alpha', { in: 'other.cache', out: 'never.cache' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('refused the training cache');
  });
});
