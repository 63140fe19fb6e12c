/**
 * `npm run bundle` (scripts/build.mjs --single): dist-bundle/pbc.cjs is all of pbc in one
 * executable file. A copy in an empty directory outside the repository (no node_modules
 * anywhere above it, NODE_PATH empty, run from there) prints its version, serves the
 * simulator, reads it with `get rules`, and runs the console in tmux.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTmux, TmuxSession } from '../e2e/tmux.js';

const root = join(import.meta.dirname, '..', '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'pbc-bundle-'));
const bundle = join(dir, 'pbc.cjs');
const children: ChildProcess[] = [];
const sessions: TmuxSession[] = [];

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const s of sessions) s.kill();
  rmSync(dir, { recursive: true, force: true });
});

/** No PBC_* or NODE_* of the caller; node itself first on PATH (for the shebang). */
function env(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('PBC_') && !k.startsWith('NODE_')) out[k] = v;
  out.NODE_PATH = '';
  out.NO_COLOR = '1';
  out.PBC_CONFIG = join(dir, 'no-such-config.yaml');
  out.PBC_STATE_DIR = join(dir, 'state');
  out.PBC_CACHE_DIR = join(dir, 'cache');
  out.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  return out;
}

function run(
  file: string,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: dir, env: env(), timeout: 20_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
const node = (...args: string[]) => run(process.execPath, ['pbc.cjs', ...args]);

beforeAll(async () => {
  const build = await new Promise<string>((resolve, reject) =>
    execFile(
      process.execPath,
      [join(root, 'scripts', 'build.mjs'), '--single'],
      { cwd: root, timeout: 180_000 },
      (err, _out, stderr) =>
        err ? reject(new Error(`bundle build failed: ${stderr}`)) : resolve(stderr),
    ),
  );
  expect(build).toBe('');
  // Another build may be swapping dist-bundle/ in at this moment: retry the copy briefly.
  for (let i = 0; ; i++) {
    try {
      expect(readdirSync(join(root, 'dist-bundle'))).toEqual(['pbc.cjs']);
      copyFileSync(join(root, 'dist-bundle', 'pbc.cjs'), bundle);
      break;
    } catch (e) {
      if (i >= 20) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}, 200_000);

describe('the single-file bundle', () => {
  it('is one executable file with a node shebang, away from any node_modules', () => {
    const text = readFileSync(bundle, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(join(root, 'dist-bundle', 'pbc.cjs')).mode & 0o111).toBe(0o111);
    // no code-split chunks, nothing left to load at run time
    expect(text).not.toMatch(/\bimport\(\s*["']\.\.?\//);
    expect(text).not.toMatch(/from\s*["']\.\.?\//);
    for (let d = dir; ; d = dirname(d)) {
      expect(existsSync(join(d, 'node_modules')), `${d}/node_modules`).toBe(false);
      if (dirname(d) === d) break;
    }
    console.log(`dist-bundle/pbc.cjs: ${(statSync(bundle).size / 1024 / 1024).toFixed(2)} MiB`);
  });

  it('carries its programs with no end of a comment to undo: each is compiled as it is carried', () => {
    // (scripts/bundle-comment-ends.mjs wrote esbuild's `*/` in regular expressions, strings and
    // templates otherwise; one left, the loader copies the whole program at every start to undo it)
    const text = readFileSync(bundle, 'latin1');
    const escaped = /const ESCAPED_END = "([^"]+)";/.exec(text)?.[1];
    expect(escaped).toMatch(/^\*.\/$/);
    const carried = text.slice(text.indexOf('\nfunction __pbcCarried() {\n'));
    expect(carried.split(escaped as string)).toHaveLength(1);
  });

  it('prints the package version (node pbc.cjs and ./pbc.cjs)', async () => {
    const r = await node('--version');
    expect(r, r.stderr).toMatchObject({ code: 0, stdout: `${version}\n` });
    copyFileSync(join(root, 'dist-bundle', 'pbc.cjs'), join(dir, 'pbc'));
    // copyFileSync keeps the mode: the shebang runs it
    const direct = await run(join(dir, 'pbc'), ['-V']);
    expect(direct, direct.stderr).toMatchObject({ code: 0, stdout: `${version}\n` });
    // --version compiles next to nothing: it leaves no code cache behind
    expect(existsSync(join(dir, 'cache'))).toBe(false);
  });

  it('serves the simulator and reads its boot rules', async () => {
    const sim = spawn(process.execPath, ['pbc.cjs', 'sim', '--port', '0'], {
      cwd: dir,
      env: env(),
    });
    children.push(sim);
    let out = '';
    let err = '';
    sim.stderr.on('data', (d) => (err += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no listening line; stderr: ${err}`)),
        20_000,
      );
      sim.stdout.on('data', (d) => {
        out += d;
        const m = /pbc sim listening on (http:\/\/\S+\/rest)\n/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      sim.on('exit', (code) => reject(new Error(`pbc sim exited ${code}: ${err}`)));
    });
    const r = await node('get', 'rules', '--url', url, '-o', 'json');
    expect(r.code, r.stderr).toBe(0);
    const rules = JSON.parse(r.stdout) as { name: string; priority: number }[];
    expect(rules.map((x) => x.name).sort()).toEqual(['https-3', 'tap-1', 'tap-2', 'udp-range']);
    const table = await node('get', 'rules', '--url', url, '-o', 'table');
    expect(table.stdout).toMatch(/^\s*2000\s+https-3\s+in_port=3 tcp tcp_dst=443\s+output:10/m);
    // the first `get` left its code cache (PBC_CACHE_DIR), of pbc's program alone (the
    // vendor program, with fastify, is the simulator's, still running); the next one used it
    expect(readdirSync(join(dir, 'cache'))).toEqual([
      expect.stringMatching(/^checked-[0-9a-f]{16}-pbc-get-v[\d.]+-\w+\.v8cache$/),
    ]);
    // each command word keeps a cache of its own: the first doctor makes its, the next uses it
    for (const codeCache of ['none', 'used']) {
      const doctor = await node('doctor', '--url', url, '-o', 'json');
      expect(JSON.parse(doctor.stdout), doctor.stderr).toMatchObject({ codeCache });
    }
    const exited = new Promise<number | null>((resolve) => sim.on('exit', resolve));
    sim.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it('runs the console in a terminal (tmux 100×30)', async () => {
    expect(hasTmux(), 'tmux is required for this test (.ci/run installs it)').toBe(true);
    // DEV=true would make Ink try React DevTools; the bundle must not care
    const s = new TmuxSession(`${JSON.stringify(process.execPath)} pbc.cjs --demo`, {
      columns: 100,
      rows: 30,
      cwd: dir,
      env: {
        NODE_PATH: '',
        DEV: 'true',
        PBC_CONFIG: join(dir, 'no-such-config.yaml'),
        PBC_STATE_DIR: join(dir, 'state'),
        PBC_CACHE_DIR: join(dir, 'cache'),
      },
    });
    sessions.push(s);
    const overview = await s.waitFor(
      (x) => x.includes('pb-lab-01') && x.includes('Environment') && x.includes('TCAM'),
      20_000,
    );
    expect(overview).toContain('[1 Overview]');
    s.keys('2');
    await s.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-1'));
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'));
    expect(s.status()).toBe('exit=0');
    // the console kept code caches of its own, beside the commands': of pbc's program and of
    // the vendor programs (scripts/bundle-vendor.mjs)
    const caches = readdirSync(join(dir, 'cache'));
    const programs = (k: string) =>
      caches
        .filter((f) => f.includes(`-${k}-`))
        .map((f) => f.split('-')[2])
        .sort();
    // --demo runs the simulator in the console's process: both vendor programs, Ink's (0)
    // and fastify's (1); `pbc sim` unpacked fastify's alone, `pbc get` neither
    expect(programs('console')).toEqual(['pbc', 'vendor0', 'vendor1']);
    expect(programs('sim')).toEqual(['pbc', 'vendor1']);
    expect(programs('get')).toEqual(['pbc']);
  }, 60_000);
});
