// Simulator throughput under 10 concurrent clients: GET /ports/stats, and GET /rules/all with
// 4,097 and 65,536 rules (above RULES_AT_ONCE, so the table is written in slices), requests/s
// side by side with a bare node:http server serving the same bytes. Target: ≥ 0.5×.
// `node bench/sim.mjs` (BENCH_SECONDS=n) prints the section alone.
import { loadavg } from 'node:os';
import { bundleInproc, cannon, root, startChild } from './lib.mjs';

/** Rule counts measured: just above the slicing threshold (4,096), and a stress case. */
export const RULE_COUNTS = [4097, 65_536];

export async function benchSim({ duration = 5 } = {}) {
  const simFile = await bundleInproc('sim-rules.ts', 'sim-rules');
  const out = { results: [], load: loadavg()[0] };
  for (const n of RULE_COUNTS) {
    // the device process: n synthetic rules besides the 4 factory ones
    const sim = await startChild([simFile, String(n)], /(http:\/\/\S+)\n/);
    try {
      const base = sim.url;
      const flows = await (await fetch(`${base}/flownumbers`)).json();
      const paths = n === RULE_COUNTS[0] ? ['/ports/stats', '/rules/all'] : ['/rules/all'];
      const bare = await startChild([
        `${root}/bench/bare-server.mjs`,
        ...paths.map((p) => `${base}${p}`),
      ]);
      try {
        for (const path of paths) {
          const s = await cannon(`${base}${path}`, { duration });
          const b = await cannon(`${bare.url}/rest${path}`, { duration });
          out.results.push({
            path,
            rules: flows.used_flows,
            n,
            sim: s,
            bare: b,
            ratio: s.rps / b.rps,
          });
        }
      } finally {
        await bare.stop();
      }
    } finally {
      await sim.stop();
    }
  }
  out.loadAfter = loadavg()[0];
  return out;
}

export function simSection(r) {
  const rows = r.results
    .map(
      (x) =>
        `| GET ${x.path} | ${x.path === '/rules/all' ? (x.n + 4).toLocaleString('en') : '—'} | ${x.sim.rps.toFixed(0)} | ${x.bare.rps.toFixed(0)} | ${x.ratio.toFixed(2)}× | ${x.sim.p99} ms | ${(x.sim.bytes / x.sim.rps / 1024).toFixed(1)} KiB |`,
    )
    .join('\n');
  return `### Simulator vs bare node:http (target ≥ 0.5×)

10 connections, autocannon, loopback; the device runs in a process of its own (bench/sim-rules.ts: N synthetic rules + the 4 factory ones, so every table is above the 4,096 rules written at once and is written in slices); the bare server answers the same bytes fetched once from the simulator. Load average (1 min) ${r.load.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after.

| request | rules | simulator req/s | bare req/s | ratio | sim p99 | body |
|---|---|---|---|---|---|---|
${rows}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSim({ duration: Number(process.env.BENCH_SECONDS ?? 5) });
  console.log(simSection(r));
}
