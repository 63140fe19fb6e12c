// Shared helpers for the benchmarks: child processes, autocannon runs, report sections.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const cli = join(root, 'dist', 'cli.js');

/** Starts `node args…` and resolves with the first URL it prints. */
export async function startChild(args, pattern = /(http:\/\/\S+)/) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    },
  };
}

export async function cannon(url, { duration = 5, connections = 10 } = {}) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, duration, connections, pipelining: 1 });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, bytes: r.throughput.average };
}

export function machine() {
  return `${process.platform} ${process.arch}, Node ${process.version}, ${globalThis.navigator?.hardwareConcurrency ?? 2} cores`;
}

/**
 * Bundles an in-process benchmark entry (TSX) as the product is bundled: production React,
 * the devtools stub, and the Ink output-cache plugin (BENCH_NO_INK_CACHE=1 leaves it out,
 * to measure its effect).
 */
export async function bundleInproc(entry, name) {
  const { execFileSync } = await import('node:child_process');
  const { build } = await import('esbuild');
  const { inkOutputCache } = await import('../scripts/ink-output-cache.mjs');
  const out = join(root, 'bench', 'out');
  const stub = join(out, 'devtools-stub.mjs');
  execFileSync('mkdir', ['-p', out]);
  execFileSync('sh', ['-c', `echo 'export default {};' > ${stub}`]);
  const outfile = join(out, `${name}.mjs`);
  await build({
    entryPoints: [join(root, 'bench', entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'react-devtools-core': stub },
    banner: {
      js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
    },
    plugins: process.env.BENCH_NO_INK_CACHE === '1' ? [] : [inkOutputCache],
    logLevel: 'error',
  });
  return outfile;
}

/** The environment of an operator's terminal: no CI variable (Ink would not draw). */
export function operatorEnv(extra = {}, base = process.env) {
  const env = { ...base, ...extra };
  delete env.CI;
  return env;
}

/** Terminal escape sequences: what a pty's output holds besides the text drawn. */
export const ESCAPES =
  /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)|\u001B./g;

/** bash's `times` line of its children, `0m0.041s 0m0.008s`, as milliseconds of CPU. */
export function timesMs(text) {
  const m = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(text.trim());
  return m ? (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000 : null;
}

/**
 * Runs `command` (by sh, in script(1)'s pty of 100×30) until every one of `markers` has been
 * shown (null: until it ends), then types `q` and waits for its end. Answers `ms`, the wall
 * time to the markers (or to the end), and with `times` also `cpuMs`: the command's CPU time
 * (user + system) from bash's `times` after it ended.
 */
export function runInPty(command, markers, { env, times = false, timeoutMs = 20_000 } = {}) {
  const line = times ? `${command}; times` : `exec ${command}`;
  return new Promise((done, reject) => {
    const t0 = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - t0) / 1e6;
    const child = spawn('script', ['-qfec', `stty cols 100 rows 30; ${line}`, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env,
    });
    let text = '';
    let ms;
    let kill;
    child.stdin.on('error', () => {}); // the program may be gone before `q` is typed
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command}: no ${markers} within ${timeoutMs} ms:\n${text.slice(-1500)}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      text += d.toString().replace(ESCAPES, '');
      if (markers === null || ms !== undefined || !markers.every((m) => text.includes(m))) return;
      ms = elapsed();
      clearTimeout(timer);
      child.stdin.write('q');
      kill = setTimeout(() => child.kill('SIGTERM'), times ? 5000 : 1000);
    });
    child.on('exit', () => {
      clearTimeout(timer);
      clearTimeout(kill);
      ms ??= elapsed();
      const cpuMs = times ? timesMs(text) : undefined;
      if (cpuMs === null) reject(new Error(`${command}: no times line:\n${text.slice(-500)}`));
      else done({ ms, cpuMs });
    });
  });
}
