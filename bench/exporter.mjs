// `pbc exporter` scrape time for a fleet of 10 and 100 simulated devices: one `pbc sim
// --devices N` process serves them all, `pbc exporter --fleet` reads them with its default
// concurrency (16) and no cache (--cache 0, so every scrape reads every device), and this
// script times GET /metrics. Anchor: the same GETs sent by a bare fetch loop at the same
// concurrency (no normalisation, no exposition). Target: ≤ 2 s for 100 devices.
// `node bench/exporter.mjs` (BENCH_SCRAPES=n) prints the section alone.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, machine, startChild } from './lib.mjs';

// what a scrape reads from each device (environment, load and memory only every 10 s)
const PATHS = ['/ports/info', '/ports/stats', '/flownumbers'];

/** CPU time (user + system) of a process so far, ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Starts `pbc sim --devices n` and resolves with the n URLs it prints. */
async function startSims(n) {
  const child = spawn(
    process.execPath,
    [cli, 'sim', '--devices', String(n), '--port', '0', '--flows', '1000'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8');
  const urls = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const found = [...out.matchAll(/listening on (http:\/\/\S+)/g)].map((m) => m[1]);
      if (found.length === n) resolve(found);
    });
    child.on('exit', (code) => reject(new Error(`pbc sim exited ${code}: ${out}`)));
  });
  return {
    urls,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    },
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Every GET of one scrape, `concurrency` devices at a time, by a bare fetch loop. */
async function bareScrape(urls, concurrency) {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      await Promise.all(PATHS.map(async (p) => (await fetch(url + p)).arrayBuffer()));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

export async function benchExporter({ sizes = [10, 100], scrapes = 10 } = {}) {
  const out = { results: [], load: loadavg() };
  for (const n of sizes) {
    const sims = await startSims(n);
    const dir = mkdtempSync(join(tmpdir(), 'pbc-bench-exporter-'));
    const config = join(dir, 'config.yaml');
    const names = sims.urls.map((_, i) => `sim-${i + 1}`);
    writeFileSync(
      config,
      `contexts:\n${sims.urls.map((u, i) => `  - {name: ${names[i]}, url: '${u}'}\n`).join('')}fleets:\n  bench: [${names.join(', ')}]\n`,
    );
    chmodSync(config, 0o600);
    process.env.PBC_CONFIG = config;
    const exporter = await startChild(
      [cli, 'exporter', '--fleet', 'bench', '--listen', '127.0.0.1:0', '--cache', '0'],
      /serving (http:\/\/\S+)/,
    );
    try {
      let text = '';
      const first = await timed(async () => {
        text = await (await fetch(exporter.url)).text();
      });
      const up = (text.match(/^pbc_up\{[^}]*\} 1$/gm) ?? []).length;
      const series = text.split('\n').filter((l) => l && !l.startsWith('#')).length;
      const times = [];
      const cpu0 = cpuMs(exporter.child.pid);
      for (let i = 0; i < scrapes; i++)
        times.push(await timed(async () => (await fetch(exporter.url)).text()));
      const cpu = (cpuMs(exporter.child.pid) - cpu0) / scrapes;
      const bare = [];
      for (let i = 0; i < Math.min(5, scrapes); i++)
        bare.push(await timed(() => bareScrape(sims.urls, 16)));
      out.results.push({
        n,
        up,
        series,
        bytes: text.length,
        first,
        median: median(times),
        max: Math.max(...times),
        bare: median(bare),
        cpu,
      });
    } finally {
      await exporter.stop();
      await sims.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  out.loadAfter = loadavg();
  return out;
}

export function exporterSection(r) {
  const ms = (x) => x.toFixed(0);
  const rows = r.results.map(
    (x) =>
      `| ${x.n} | ${x.up}/${x.n} | ${x.series} (${(x.bytes / 1024).toFixed(0)} KiB) | ${ms(x.first)} | ${ms(x.median)} / ${ms(x.max)} | ${ms(x.cpu)} | ${ms(x.bare)} | ${x.n === 100 ? `≤ 2 s: median ${x.median <= 2000 ? '✓' : '✗'}, max ${x.max <= 2000 ? '✓' : '✗'}` : '—'} |`,
  );
  const load = (l) => l.map((v) => v.toFixed(1)).join(' / ');
  return `### Prometheus exporter: one scrape of a fleet (issue 21, target ≤ 2 s for 100 devices)

\`node bench/exporter.mjs\`: \`pbc sim --devices N --flows 1000\` (all N devices in one process),
\`pbc exporter --fleet bench --cache 0\` (every scrape reads every device: /ports/info, /ports/stats and
/flownumbers, 16 devices at a time; the first scrape also reads environment, load and memory, which are
then reused for 10 s), GET /metrics timed by this script; ${machine()}; load average before ${load(r.load)}, after
${load(r.loadAfter)} (1 / 5 / 15 min).

| devices | up | series (size) | first scrape ms | scrape ms median / max | exporter CPU ms per scrape | anchor: the same GETs, bare fetch, ms | target |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scrapes = Number(process.env.BENCH_SCRAPES ?? 10);
  console.log(exporterSection(await benchExporter({ scrapes })));
  process.exit(0);
}
