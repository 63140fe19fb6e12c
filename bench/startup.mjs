// Start-up of whole processes against a simulated device in a process of its own
// (`node dist/cli.js sim`): `node -e 0`; a bare node:http client doing GET /rules/all and
// printing it (bench/bare-http.mjs); `pbc get rules -o json` from dist/ and from the
// single-file bundle and from the single executable; and the console's first frame *with
// device data* (header, Overview and port figures drawn) from each, in a pty (script(1)).
// Targets (issues 14, 33): `pbc get rules -o json` ≤ 1.5× the bare client (dist and the
// executable); the executable's first frame with data ≤ 3× `node -e 0` in a pty; neither the
// bundle nor the executable slower than dist. The pty floor is timed as the console is: spawn
// until its output is shown, in the same script(1) pty (ptyFloor).
//
// `node bench/startup.mjs` measures this worktree's dist/, dist-bundle/ and
// dist-sea/pbc-linux-x64 (run `npm run build`, `npm run bundle` and `npm run sea` first; a
// missing bundle or executable is left out, named on stderr). BENCH_SEA_EXTRA=name=file,…
// adds more executables (e.g. one built with PBC_SEA_CODE_CACHE=0 PBC_SEA_OUT=…).
// BENCH_BUILDS=before=/tmp/old,after=. measures several builds (each a directory holding
// dist/ and dist-bundle/) interleaved in the same rounds, so a busy moment of the machine hits
// them alike. BENCH_RUNS=n rounds (default 61: at 15, the ratios of one run moved by ±10 % from
// run to run on this host, more than the margins they are judged by; at 61, by ±3 %;
// docs/performance.md). NODE_EXTRA_CA_CERTS is unset for every process
// measured: it makes Node read a certificate file at every start (~50 ms here), which a jump
// host does not. Every executable is measured from a copy made here, all the same way: on
// Linux 6.x a file as `npm run sea` wrote it (in one piece) sits in larger page-cache folios and
// starts with ~400 fewer page faults than a copy of it (docs/performance.md), and a jump host
// gets a copy (scp).
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { machine, operatorEnv, root, runInPty, startChild, timesMs } from './lib.mjs';

/** Text the console draws only once the device answered: header, Overview, Ports figures. */
export const DATA_MARKERS = ['pb-lab-01', '192.0.2.10', 'link up'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function cliEnv() {
  const env = { ...process.env, PBC_CONFIG: '/nonexistent/pbc-bench.yaml' };
  for (const k of ['PBC_URL', 'PBC_USER', 'PBC_PASSWORD', 'PBC_CONTEXT', 'NODE_EXTRA_CA_CERTS'])
    delete env[k];
  return env;
}

/** Wall time of a whole process, spawn to exit. `args[0]` is a script for this Node or an executable. */
function timed(args, env) {
  const [file, rest] = isExecutable(args[0]) ? [args[0], args.slice(1)] : [process.execPath, args];
  return new Promise((done, reject) => {
    const t0 = process.hrtime.bigint();
    execFile(file, rest, { env, maxBuffer: 64 << 20 }, (err, stdout) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (err) reject(new Error(`${args.join(' ')}: ${err.message}`));
      else done({ ms, bytes: stdout.length });
    });
  });
}

// (on cliEnv's, not on process.env: NODE_EXTRA_CA_CERTS stays unset in the pty too)
const ptyEnv = () => operatorEnv({ TERM: 'xterm-256color' }, cliEnv());

/** Wall time from spawn until the pty has shown every marker (null: until the process ends). */
const timeInPty = async (command, markers) =>
  (await runInPty(command, markers, { env: ptyEnv() })).ms;

/**
 * The floor of the first-frame ratio: `node -e` writing one word, timed as the console is — in
 * the same pty (script(1), same environment), from spawn until the word is shown — and run
 * PTY_FLOOR_RUNS times a round (its median is of all of them): a single run of a ~40 ms process
 * moves with every busy moment of the machine, and the ratio is only as sound as its floor.
 */
const PTY_FLOOR = 'node -e 0 (in a pty)';
const PTY_FLOOR_RUNS = 5;
const FLOOR_WORD = 'pbc-pty-floor';
const ptyFloor = () =>
  timeInPty(`${process.execPath} -e "process.stdout.write('${FLOOR_WORD}')"`, [FLOOR_WORD]);

/** CPU time of the console until it quit after its first frame with data, in a pty. */
const cpuInPty = async (command, markers) =>
  (await runInPty(command, markers, { env: ptyEnv(), times: true, timeoutMs: 30_000 })).cpuMs;

/**
 * CPU time (user + system) of a whole process, from bash's `times` of its children: under
 * load, wall time measures the machine's queue as much as pbc; CPU time much less so.
 */
function cpuTime(args, env) {
  const [file, rest] = isExecutable(args[0]) ? [args[0], args.slice(1)] : [process.execPath, args];
  const script = '"$@" >/dev/null 2>&1; times';
  return new Promise((done, reject) => {
    execFile('bash', ['-c', script, 'bash', file, ...rest], { env }, (err, stdout) => {
      // times: the shell's own line, then its children's
      const ms = timesMs(stdout);
      if (err || ms === null) reject(new Error(`${args.join(' ')}: ${err?.message ?? stdout}`));
      else done(ms);
    });
  });
}

const isExecutable = (file) => file.startsWith('/') && !/\.[cm]?js$/.test(file);
/** The command line that runs `file` (a script for this Node, or an executable). */
const runner = (file) => (isExecutable(file) ? file : `${process.execPath} ${file}`);

/** Each build: name → { kind: file } for the kinds present (dist always). */
function builds() {
  const spec = process.env.BENCH_BUILDS ?? `this=${root}`;
  const list = spec.split(',').map((entry) => {
    const [name, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
    const base = resolve(root, dir);
    const files = {
      dist: join(base, 'dist', 'cli.js'),
      // pbc.cjs since issue 33's dist33 (a CommonJS script starts sooner); pbc.mjs before
      bundle:
        ['pbc.cjs', 'pbc.mjs']
          .map((f) => join(base, 'dist-bundle', f))
          .find((f) => existsSync(f)) ?? join(base, 'dist-bundle', 'pbc.cjs'),
      executable: join(base, 'dist-sea', `pbc-${process.platform}-${process.arch}`),
    };
    if (!existsSync(files.dist)) throw new Error(`${files.dist} missing: npm run build`);
    for (const [kind, f] of Object.entries(files))
      if (!existsSync(f)) {
        process.stderr.write(`startup: ${f} missing (npm run bundle / npm run sea): no ${kind}\n`);
        delete files[kind];
      }
    return { name, files };
  });
  for (const entry of (process.env.BENCH_SEA_EXTRA ?? '').split(',').filter(Boolean)) {
    const [name, file] = entry.split('=');
    list.push({ name, files: { executable: resolve(root, file) } });
  }
  return list;
}

/** [label, file] of every build and kind. */
const variants = (list) =>
  list.flatMap((b) => Object.entries(b.files).map(([kind, f]) => [`${b.name}: `, kind, f]));

/** Each build's executable replaced by a copy in `dir` (see the top: the same page-cache state). */
function copiedExecutables(list, dir) {
  return list.map(({ name, files }, i) => {
    if (!files.executable) return { name, files };
    const copy = join(dir, `${i}-${name.replace(/[^\w.-]/g, '_')}`);
    copyFileSync(files.executable, copy);
    return { name, files: { ...files, executable: copy } };
  });
}

export async function benchStartup({ runs = 15, warmup = 2 } = {}) {
  const copies = mkdtempSync(join(tmpdir(), 'pbc-startup-'));
  try {
    return await benchBuilds(copiedExecutables(builds(), copies), { runs, warmup });
  } finally {
    rmSync(copies, { recursive: true, force: true });
  }
}

async function benchBuilds(list, { runs, warmup }) {
  const sim = await startChild([join(root, 'dist', 'cli.js'), 'sim', '--port', '0', '--seed', '7']);
  const env = cliEnv();
  const rules = `${sim.url}/rules/all`;
  // name → command; each round runs every one once, in this order
  const jobs = [
    ...[
      ['node -e 0', ['-e', '0']],
      ['bare node:http GET /rules/all, printed', [`${root}/bench/bare-http.mjs`, rules]],
      ...variants(list).map(([name, kind, file]) => [
        `${name}pbc get rules -o json (${kind})`,
        [file, '--url', sim.url, 'get', 'rules', '-o', 'json'],
      ]),
    ].flatMap(([name, args]) => [
      [name, () => timed(args, env)],
      [`${name} [cpu]`, () => cpuTime(args, env)],
    ]),
    ...Array.from({ length: PTY_FLOOR_RUNS }, () => [PTY_FLOOR, ptyFloor]),
    ...variants(list).flatMap(([name, kind, file]) => [
      [
        `${name}console, first frame with data (${kind})`,
        () => timeInPty(`${runner(file)} --url ${sim.url}`, DATA_MARKERS),
      ],
      [
        `${name}console, first frame with data (${kind}) [cpu]`,
        () => cpuInPty(`${runner(file)} --url ${sim.url}`, DATA_MARKERS),
      ],
    ]),
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
  const all = [...times].map(([name, xs]) => ({
    name,
    median: median(xs),
    min: Math.min(...xs),
    max: Math.max(...xs),
  }));
  // a process's CPU time goes beside its wall time
  const cpu = new Map(all.filter((s) => s.name.endsWith(' [cpu]')).map((s) => [s.name, s.median]));
  const stats = all
    .filter((s) => !s.name.endsWith(' [cpu]'))
    .map((s) => ({ ...s, cpu: cpu.get(`${s.name} [cpu]`) }));
  return { runs, stats, loads, builds: list.map((b) => b.name) };
}

export function startupSection(r) {
  const by = (name) => r.stats.find((s) => s.name === name)?.median ?? Number.NaN;
  const node = by('node -e 0');
  const bare = by('bare node:http GET /rules/all, printed');
  const pty = by(PTY_FLOOR);
  // the same process from dist: of the same build, else of the first
  const dist = (s) => {
    const what = s.name.replace(/^.*?: /, '').replace(/\(\w+\)$/, '(dist)');
    const own = r.stats.find((d) => d.name === s.name.replace(/\(\w+\)$/, '(dist)'));
    const d = own ?? r.stats.find((x) => x.name.endsWith(`: ${what}`));
    return d && d !== s ? `, ${(s.median / d.median).toFixed(2)}× dist` : '';
  };
  const cpuOf = (name) => r.stats.find((s) => s.name === name)?.cpu ?? Number.NaN;
  const bareCpu = cpuOf('bare node:http GET /rules/all, printed');
  const nodeCpu = cpuOf('node -e 0');
  const rows = r.stats.map((s) => {
    let anchor = '';
    if (s.name.includes('pbc get'))
      anchor = `${(s.median / bare).toFixed(2)}× bare client, ${(s.median / node).toFixed(2)}× \`node -e 0\`${dist(s)}; CPU ${(s.cpu / bareCpu).toFixed(2)}× the bare client's`;
    else if (s.name.includes('console'))
      anchor = `${(s.median / pty).toFixed(2)}× \`node -e 0\` in a pty${dist(s)}; CPU ${(s.cpu / nodeCpu).toFixed(2)}× \`node -e 0\`'s`;
    else if (s.name.startsWith('bare')) anchor = `${(s.median / node).toFixed(2)}× \`node -e 0\``;
    const cpuText = s.cpu === undefined ? '' : `${s.cpu.toFixed(0)} ms`;
    return `| ${s.name} | ${s.median.toFixed(0)} ms | ${s.min.toFixed(0)}–${s.max.toFixed(0)} ms | ${cpuText} | ${anchor} |`;
  });
  const load = `${Math.min(...r.loads).toFixed(2)}–${Math.max(...r.loads).toFixed(2)}`;
  return `${r.runs} rounds, each running every process once in turn (whole processes, spawn to exit, or to the
frame showing ${DATA_MARKERS.map((m) => `\`${m}\``).join(', ')}); ${machine()}; \`NODE_EXTRA_CA_CERTS\` unset;
1-minute load average ${load}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')}
UTC. CPU: user + system time of each process (bash \`times\`; the console's until it quit after its first frame
with data), measured in the same rounds. \`node -e 0\` in a pty: \`node -e\` writing one word, timed as the console
is (same script(1) pty, spawn to the word shown), ${PTY_FLOOR_RUNS} times a round, the median of all.

| process | median | min–max | CPU (median) | ratio of medians |
|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchStartup({ runs: Number(process.env.BENCH_RUNS ?? 61) });
  console.log(startupSection(r));
}
