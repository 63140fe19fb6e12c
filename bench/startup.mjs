// Start-up of whole processes against a simulated device in a process of its own
// (`node dist/cli.js sim`): `node -e 0`; a bare node:http client doing GET /rules/all and
// printing it (bench/bare-http.mjs); `pbc get rules -o json` from dist/ and from the
// single-file bundle; and the console's first frame *with device data* (header, Overview
// and port figures drawn) from dist/ and from the bundle, in a pty (script(1)).
// Targets (issue 14): `pbc get rules -o json` ≤ 1.5× the bare client; first frame with data
// ≤ 3× `node -e 0`; the bundle no slower than dist.
//
// `node bench/startup.mjs` measures this worktree's dist/ and dist-bundle/ (run `npm run build`
// and `npm run bundle` first). BENCH_BUILDS=before=/tmp/old,after=. measures several builds
// (each a directory holding dist/ and dist-bundle/) interleaved in the same rounds, so a busy
// moment of the machine hits them alike. BENCH_RUNS=n rounds (default 15).
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { machine, operatorEnv, root, startChild } from './lib.mjs';

/** Text the console draws only once the device answered: header, Overview, Ports figures. */
export const DATA_MARKERS = ['pb-lab-01', '192.0.2.10', 'link up'];

const ESCAPES = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)|\u001B./g;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function cliEnv() {
  const env = { ...process.env, PBC_CONFIG: '/nonexistent/pbc-bench.yaml' };
  for (const k of ['PBC_URL', 'PBC_USER', 'PBC_PASSWORD', 'PBC_CONTEXT']) delete env[k];
  return env;
}

/** Wall time of a whole process, spawn to exit; its output must be `bytes` long when given. */
function timed(args, env) {
  return new Promise((done, reject) => {
    const t0 = process.hrtime.bigint();
    execFile(process.execPath, args, { env, maxBuffer: 64 << 20 }, (err, stdout) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (err) reject(new Error(`${args.join(' ')}: ${err.message}`));
      else done({ ms, bytes: stdout.length });
    });
  });
}

/**
 * Wall time from spawn until the pty has shown every marker (null: until the process ends),
 * the command run by `sh` inside script(1) with a 100×30 terminal.
 */
function timeInPty(command, markers, timeoutMs = 20_000) {
  return new Promise((done, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(
      'script',
      ['-qfec', `stty cols 100 rows 30; exec ${command}`, '/dev/null'],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
        env: operatorEnv({ ...cliEnv(), TERM: 'xterm-256color' }),
      },
    );
    let text = '';
    let ended = false;
    child.stdin.on('error', () => {}); // the program may be gone before we type 'q'
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command}: no ${markers} within ${timeoutMs} ms:\n${text.slice(-2000)}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      if (markers === null || ended) return;
      text += d.toString().replace(ESCAPES, '');
      if (markers.every((m) => text.includes(m))) {
        ended = true;
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        clearTimeout(timer);
        child.stdin.write('q');
        const kill = setTimeout(() => child.kill('SIGTERM'), 1000);
        child.on('exit', () => {
          clearTimeout(kill);
          done(ms);
        });
      }
    });
    child.on('exit', () => {
      if (markers !== null) return;
      clearTimeout(timer);
      done(Number(process.hrtime.bigint() - t0) / 1e6);
    });
  });
}

function builds() {
  const spec = process.env.BENCH_BUILDS ?? `this=${root}`;
  return spec.split(',').map((entry) => {
    const [name, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
    const base = resolve(root, dir);
    const dist = join(base, 'dist', 'cli.js');
    const bundle = join(base, 'dist-bundle', 'pbc.mjs');
    for (const f of [dist, bundle])
      if (!existsSync(f)) throw new Error(`${f} missing: npm run build && npm run bundle`);
    return { name, dist, bundle };
  });
}

export async function benchStartup({ runs = 15, warmup = 2 } = {}) {
  const list = builds();
  const sim = await startChild([join(root, 'dist', 'cli.js'), 'sim', '--port', '0', '--seed', '7']);
  const env = cliEnv();
  const rules = `${sim.url}/rules/all`;
  // name → command; each round runs every one once, in this order
  const jobs = [
    ['node -e 0', () => timed(['-e', '0'], env)],
    [
      'bare node:http GET /rules/all, printed',
      () => timed([`${root}/bench/bare-http.mjs`, rules], env),
    ],
    ...list.flatMap((b) =>
      ['dist', 'bundle'].map((kind) => [
        `${b.name}: pbc get rules -o json (${kind})`,
        () => timed([b[kind], '--url', sim.url, 'get', 'rules', '-o', 'json'], env),
      ]),
    ),
    ['node -e 0 (in a pty)', () => timeInPty(`${process.execPath} -e 0`, null)],
    ...list.flatMap((b) =>
      ['dist', 'bundle'].map((kind) => [
        `${b.name}: console, first frame with data (${kind})`,
        () => timeInPty(`${process.execPath} ${b[kind]} --url ${sim.url}`, DATA_MARKERS),
      ]),
    ),
  ];
  const times = new Map(jobs.map(([name]) => [name, []]));
  const loads = [loadavg()[0]];
  try {
    for (let i = 0; i < warmup; i++) for (const [, run] of jobs) await run();
    for (let i = 0; i < runs; i++) {
      for (const [name, run] of jobs) {
        const r = await run();
        times.get(name).push(typeof r === 'number' ? r : r.ms);
      }
      loads.push(loadavg()[0]);
    }
  } finally {
    await sim.stop();
  }
  const stats = [...times].map(([name, xs]) => ({
    name,
    median: median(xs),
    min: Math.min(...xs),
    max: Math.max(...xs),
  }));
  return { runs, stats, loads, builds: list.map((b) => b.name) };
}

export function startupSection(r) {
  const by = (name) => r.stats.find((s) => s.name === name)?.median ?? Number.NaN;
  const node = by('node -e 0');
  const bare = by('bare node:http GET /rules/all, printed');
  const pty = by('node -e 0 (in a pty)');
  const rows = r.stats.map((s) => {
    let anchor = '';
    if (s.name.includes('pbc get'))
      anchor = `${(s.median / bare).toFixed(2)}× bare client, ${(s.median / node).toFixed(2)}× \`node -e 0\``;
    else if (s.name.includes('console'))
      anchor = `${(s.median / pty).toFixed(2)}× \`node -e 0\` in a pty`;
    else if (s.name.startsWith('bare')) anchor = `${(s.median / node).toFixed(2)}× \`node -e 0\``;
    return `| ${s.name} | ${s.median.toFixed(0)} ms | ${s.min.toFixed(0)}–${s.max.toFixed(0)} ms | ${anchor} |`;
  });
  const load = `${Math.min(...r.loads).toFixed(2)}–${Math.max(...r.loads).toFixed(2)}`;
  return `${r.runs} rounds, each running every process once in turn (whole processes, spawn to exit, or to the
frame showing ${DATA_MARKERS.map((m) => `\`${m}\``).join(', ')}); ${machine()}; 1-minute load average ${load}.

| process | median | min–max | ratio of medians |
|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchStartup({ runs: Number(process.env.BENCH_RUNS ?? 15) });
  console.log(startupSection(r));
}
