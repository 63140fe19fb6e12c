// The simulator's forwarding engine (issue 16), in a process of its own: one rule change with
// 4,096 rules × 50,000 flows (target ≤ 20 ms), activating a 4,096-rule save-point (≤ 500 ms),
// and the same at 200,000 flows. `node bench/sim-engine.mjs` prints the section.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { bundleInproc } from './lib.mjs';

export async function benchSimEngine({ changes = 30 } = {}) {
  const file = await bundleInproc('sim-engine-inproc.ts', 'sim-engine');
  const run = (flows) =>
    JSON.parse(
      execFileSync(process.execPath, [file, String(flows), '4096', String(changes)], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      }),
    );
  const load = loadavg()[0];
  const results = [run(50_000), run(200_000)];
  return { results, load, loadAfter: loadavg()[0] };
}

const f = (x) => `${x.toFixed(1)} ms`;

export function simEngineSection(r) {
  const rows = r.results
    .map(
      (x) =>
        `| ${x.flows.toLocaleString('en')} | ${x.rules.toLocaleString('en')} | ${f(x.add.median)} / ${f(x.add.max)} | ${f(x.del.median)} / ${f(x.del.max)} | ${f(x.addBroad.median)} (CPU ${f(x.addBroad.cpu.median)}) | ${f(x.delBroad.median)} (CPU ${f(x.delBroad.cpu.median)}) | ${f(x.activate.median)} (engine ${f(x.activateEngine.median)}) | ${f(x.buildMs)} | ${f(x.readMs)} |`,
    )
    .join('\n');
  return `### Simulator forwarding engine (issue 16)

In process (bench/sim-engine-inproc.ts), seed 7. A rule change is one rule added (then deleted) through the state as
POST/DELETE /rules do, engine included, 30 times: a third are broad (\`tcp,tcp_dst=443\` or \`1-1023\` on every port, above
every other rule; the first two take ${r.results[0].broadFlows.join(' and ')} flows), the rest one port's UDP; the broad ones also
on their own, wall (CPU) time. Activation is PUT /savepoints/activerulesavepoint's work (validation,
TCAM check, engine) for 4,096 other rules. Targets: rule change ≤ 20 ms, activation ≤ 500 ms (at 50,000 flows). Load
average (1 min) ${r.load.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after.

| flows | rules | add (median / max) | delete (median / max) | broad add (median) | broad delete (median) | activate 4,096 rules | engine start | read all counters |
|---|---|---|---|---|---|---|---|---|
${rows}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSimEngine({ changes: Number(process.env.BENCH_CHANGES ?? 30) });
  console.log(simEngineSection(r));
}
