// Simulator throughput: GET /ports/stats and GET /rules/all with 4,096 rules, requests/s
// side by side with a bare node:http server serving the same bytes. Target: ≥ 0.5×.
import qs from 'qs';
import { cannon, cli, root, startChild } from './lib.mjs';

export async function benchSim({ duration = 5 } = {}) {
  const sim = await startChild([cli, 'sim', '--port', '0', '--seed', '7']);
  const base = sim.url;
  try {
    await fetch(`${base}/rules/all`, { method: 'DELETE' });
    for (let i = 0; i < 4096; i++) {
      const q = qs.stringify({
        priority: 100 + (i % 7),
        match: { in_port: String((i % 8) + 1), tcp: '', tcp_dst: String(i) },
        actions: 'output:10',
      });
      const r = await fetch(`${base}/rules?${q}`, { method: 'POST' });
      if (!r.ok) throw new Error(`adding rule ${i}: ${await r.text()}`);
    }
    const flows = await (await fetch(`${base}/flownumbers`)).json();
    const bare = await startChild([
      `${root}/bench/bare-server.mjs`,
      `${base}/ports/stats`,
      `${base}/rules/all`,
    ]);
    const out = { rules: flows.used_flows, results: [] };
    try {
      for (const path of ['/ports/stats', '/rules/all']) {
        const s = await cannon(`${base}${path}`, { duration });
        const b = await cannon(`${bare.url}/rest${path}`, { duration });
        out.results.push({ path, sim: s, bare: b, ratio: s.rps / b.rps });
      }
    } finally {
      await bare.stop();
    }
    return out;
  } finally {
    await sim.stop();
  }
}

export function simSection(r) {
  const rows = r.results
    .map(
      (x) =>
        `| GET ${x.path} | ${x.sim.rps.toFixed(0)} | ${x.bare.rps.toFixed(0)} | ${x.ratio.toFixed(2)}× | ${x.sim.p99} ms | ${(x.sim.bytes / x.sim.rps / 1024).toFixed(1)} KiB |`,
    )
    .join('\n');
  return `### Simulator vs bare node:http (target ≥ 0.5×)

${r.rules} rules active (4,096 added + none left from the factory set); 10 connections, autocannon, loopback; the bare server answers the same bytes fetched once from the simulator.

| request | simulator req/s | bare req/s | ratio | sim p99 | body |
|---|---|---|---|---|---|
${rows}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSim({ duration: Number(process.env.BENCH_SECONDS ?? 5) });
  console.log(simSection(r));
}
