/**
 * Runs the BUILT pbc (node dist/cli.js) as a child process against a simulator started in
 * the test process. dist is rebuilt first when any source file is newer than it (npm test
 * builds before vitest, so that is normally a no-op).
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type SimServer, type SimServerOptions, startSim } from '../../src/sim/server.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = join(root, 'dist', 'cli.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Rebuilds dist when stale; a lock directory keeps parallel test files from racing. */
function ensureBuilt(): void {
  const stale = () =>
    !existsSync(built) || statSync(built).mtimeMs < newestSource(join(root, 'src'));
  if (!stale()) return;
  const lock = join(root, 'dist.build-lock');
  for (let i = 0; i < 600; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      sleepSync(100);
    }
  }
  try {
    if (stale())
      execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * The copy is one consistent build: the loader's key (scripts/build.mjs, loaderOver) is the
 * hash of the program files beside it.
 */
function complete(dir: string): boolean {
  const key = /const KEY = "([0-9a-f]+)";/.exec(readFileSync(join(dir, 'cli.js'), 'utf8'))?.[1];
  const files = /const FILES = (\[[^\]]*\]);/.exec(readFileSync(join(dir, 'cli.js'), 'utf8'))?.[1];
  if (key === undefined || files === undefined) return false;
  const hash = createHash('sha256').update('dist');
  for (const f of JSON.parse(files) as string[]) hash.update(readFileSync(join(dir, f), 'latin1'));
  return hash.digest('hex').slice(0, 16) === key;
}

/**
 * The built pbc, as a private snapshot of dist/ (inside the repository, so node_modules
 * still resolves): another build running meanwhile (it empties dist/ first) cannot pull
 * the files from under a test.
 */
function snapshot(): string {
  const base = join(root, 'node_modules', '.cache', 'pbc-cli-tests');
  mkdirSync(base, { recursive: true });
  // Snapshots of runs that ended without their exit hook (killed workers).
  for (const old of readdirSync(base)) {
    const p = join(base, old);
    if (Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    ensureBuilt();
    const dir = mkdtempSync(join(base, 'dist-'));
    try {
      cpSync(join(root, 'dist'), dir, { recursive: true });
      if (complete(dir)) {
        // when the worker ends: the files that share its modules (vitest.config.ts) share it
        process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
        return join(dir, 'cli.js');
      }
    } catch {
      // dist/ changed while copying; try again
    }
    rmSync(dir, { recursive: true, force: true });
    sleepSync(200);
  }
  throw new Error('could not get a consistent copy of dist/ (is a build running in a loop?)');
}

export const cli = snapshot();

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  timeoutMs?: number;
  /** `args` are node's own (the caller gives the script): for --import hooks. */
  node?: boolean;
}

/** A clean environment: no PBC_* from the caller, no config file unless the test gives one. */
export function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith('PBC_')) env[k] = v;
  env.PBC_CONFIG = join(root, 'test', 'cli', 'no-such-config.yaml');
  env.NO_COLOR = '1';
  // dist's code caches (scripts/bundle-loader.mjs) beside the tests' copies of dist, not in ~/.cache
  env.PBC_CACHE_DIR = join(root, 'node_modules', '.cache', 'pbc-cli-tests-v8');
  // The test file's temporary journal (test/harness/state-dir.ts), never the real one.
  if (process.env.PBC_STATE_DIR) env.PBC_STATE_DIR = process.env.PBC_STATE_DIR;
  return env;
}

export function pbc(args: string[], o: RunOptions = {}): Promise<Result> {
  const env = { ...baseEnv() } as Record<string, string>;
  for (const [k, v] of Object.entries(o.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  // PBC_TEST_SPAWN_LOG=FILE: one line per pbc started (docs/performance.md, "Test suite")
  if (process.env.PBC_TEST_SPAWN_LOG)
    appendFileSync(process.env.PBC_TEST_SPAWN_LOG, `${expect.getState().testPath ?? '?'}\n`);
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      o.node ? args : [cli, ...args],
      { env, timeout: o.timeoutMs ?? 15_000, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    child.stdin?.end(o.input ?? '');
  });
}

export interface CliSim {
  sim: SimServer;
  url: string;
  /** pbc with --url of this simulator. */
  run(args: string[], o?: RunOptions): Promise<Result>;
  /** GET/POST outside /rest, e.g. /_sim/status. */
  // biome-ignore lint/suspicious/noExplicitAny: control answers are inspected dynamically
  control(path: string, json?: unknown): Promise<any>;
  /** Requests that reached /rest so far. */
  requests(): Promise<number>;
  close(): Promise<void>;
}

export async function startCliSim(opts: SimServerOptions = {}): Promise<CliSim> {
  const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7, rebootMs: 300, ...opts });
  const base = sim.url.replace(/\/rest$/, '');
  const control = async (path: string, json?: unknown) => {
    const res = await fetch(base + path, {
      method: json === undefined ? 'GET' : 'POST',
      ...(json === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) }),
    });
    return res.json();
  };
  return {
    sim,
    url: sim.url,
    run: (args, o = {}) => pbc(['--url', sim.url, ...args], o),
    control,
    requests: async () => ((await control('/_sim/status')) as { requests: number }).requests,
    close: () => sim.close(),
  };
}

/** Parses stdout as JSON, failing with the whole output when it is not. */
// biome-ignore lint/suspicious/noExplicitAny: test output is inspected dynamically
export function json(r: Result): any {
  try {
    return JSON.parse(r.stdout);
  } catch {
    throw new Error(`not JSON (exit ${r.code}):\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
  }
}

/** One line on stderr, starting with "pbc:", no stack trace. */
export function oneErrorLine(r: Result): string {
  const lines = r.stderr.trimEnd().split('\n');
  if (lines.length !== 1 || !lines[0]!.startsWith('pbc: ') || /\n\s+at /.test(r.stderr))
    throw new Error(`expected one error line, got:\n${r.stderr}`);
  return lines[0]!;
}

/** Runs `fn` over `items`, at most `limit` at a time (the machine may be busy). */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
