// The client's CPU for the console's first screen (issue 33): its requests created and their
// answers read, parsed and normalized, in fresh processes (nothing warm, as at start-up), against
// a simulated device in a process of its own. The floor: the same GETs with bare node:http and
// JSON.parse (bench/bare-first-screen.mjs). Rounds run every variant once in turn; medians.
//
// `node bench/first-requests.mjs` measures this worktree's src/ (bundled by esbuild, as the
// in-process benchmarks are). BENCH_SRC=base=/tmp/old,… adds other source trees (each a directory
// holding src/, e.g. `git archive <commit> src | tar -x -C /tmp/old`), measured in the same rounds
// with this worktree's bench/first-requests-inproc.ts. BENCH_RUNS=n rounds (default 25).
// NODE_EXTRA_CA_CERTS is unset for every process measured.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { machine, root, startChild } from './lib.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 25);
const sources = [
  ['now', root],
  ...(process.env.BENCH_SRC ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('='))
    .map(([name, dir]) => [name, resolve(dir)]),
];

const env = { ...process.env };
delete env.NODE_EXTRA_CA_CERTS;

/** This worktree's inproc entry, its imports resolved in `dir`'s src/. */
async function bundle(name, dir) {
  const out = join(root, 'bench', 'out');
  await mkdir(out, { recursive: true });
  const outfile = join(out, `first-requests-${name}.mjs`);
  await build({
    stdin: {
      // (resolved from `dir` itself: its bench/ need not exist)
      contents: readFileSync(join(root, 'bench', 'first-requests-inproc.ts'), 'utf8').replaceAll(
        "from '../src/",
        "from './src/",
      ),
      resolveDir: dir,
      sourcefile: 'first-requests-inproc.ts',
      loader: 'ts',
    },
    nodePaths: [join(root, 'node_modules')],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);",
    },
    logLevel: 'error',
  });
  return outfile;
}

const run = (args, extraEnv = {}) =>
  JSON.parse(
    execFileSync(process.execPath, args, { env: { ...env, ...extraEnv }, encoding: 'utf8' })
      .trim()
      .split('\n')
      .at(-1),
  );

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const files = [];
for (const [name, dir] of sources) files.push([name, await bundle(name, dir)]);
const sim = await startChild([join(root, 'dist', 'cli.js'), 'sim', '--port', '0', '--seed', '7']);
try {
  const { paths } = run([files[0][1], sim.url], { FIRST_REQUESTS_LIST: '1' });
  const variants = [
    ['bare node:http', [join(root, 'bench', 'bare-first-screen.mjs'), sim.url, ...paths]],
    ...files.map(([name, file]) => [`${name}: pbc's client`, [file, sim.url]]),
  ];
  const figures = new Map(variants.map(([name]) => [name, { cpu: [], ms: [] }]));
  const loads = [];
  for (let i = 0; i < runs; i++) {
    loads.push(loadavg()[0]);
    for (const [name, args] of i % 2 ? [...variants].reverse() : variants) {
      const { cpuMs, ms } = run(args);
      figures.get(name).cpu.push(cpuMs);
      figures.get(name).ms.push(ms);
    }
  }
  const floor = median(figures.get('bare node:http').cpu);
  console.log(
    `The console's first screen: ${paths.length} GETs, ${runs} rounds (fresh processes, medians); ` +
      `${machine()}; 1-minute load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}\n`,
  );
  console.log('| variant | CPU, first request → last answer | wall | CPU ratio to bare |');
  console.log('|---|---|---|---|');
  for (const [name, { cpu, ms }] of figures)
    console.log(
      `| ${name} | ${median(cpu).toFixed(1)} ms | ${median(ms).toFixed(1)} ms | ${(median(cpu) / floor).toFixed(2)}× |`,
    );
} finally {
  await sim.stop();
}
