// The simulator's forwarding engine (issue 16), in a process of its own: one rule change with
// 4,096 rules × 50,000 flows (target ≤ 20 ms), activating a 4,096-rule save-point (≤ 500 ms),
// and the same at 200,000 flows. `node bench/sim-engine.mjs` prints the section.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { bundleInproc } from './lib.mjs';

export async function benchSimEngine({ changes = 30, flows = [50_000, 200_000] } = {}) {
  const file = await bundleInproc('sim-engine-inproc.ts', 'sim-engine');
  const run = (flows) =>
    JSON.parse(
      execFileSync(process.execPath, [file, String(flows), '4096', String(changes)], {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      }),
    );
  const load = loadavg()[0];
  const results = flows.map(run);
  return { results, load, loadAfter: loadavg()[0], changes };
}

const f = (x) => `${x.toFixed(1)} ms`;

const runs = (xs) => xs.map((x) => x.toFixed(0)).join(' · ');

/** What each activation case is (bench/sim-engine-inproc.ts). */
const CASES = {
  near: 'installed → 7 of 4,096 rules different (twin shortcut)',
  identical: 'the same save-point again (twin shortcut, best case)',
  other: 'every rule a different match and priority',
  grouped: 'every rule different and 8 groups instead of none',
  back: 'every rule and every group different (to the installed set)',
};

export function simEngineSection(r) {
  const rows = r.results
    .map(
      (x) =>
        `| ${x.flows.toLocaleString('en')} | ${x.rules.toLocaleString('en')} | ${f(x.add.median)} / ${f(x.add.p99)} / ${f(x.add.max)} | ${f(x.del.median)} / ${f(x.del.p99)} / ${f(x.del.max)} | ${f(x.addBroad.median)} (CPU ${f(x.addBroad.cpu.median)}) | ${f(x.delBroad.median)} (CPU ${f(x.delBroad.cpu.median)}) | ${f(x.buildMs)} | ${f(x.readMs)} |`,
    )
    .join('\n');
  const acts = r.results
    .flatMap((x) =>
      Object.entries(x.activate).map(
        ([k, a]) =>
          `| ${x.flows.toLocaleString('en')} | ${CASES[k] ?? k} | ${a.twins.toLocaleString('en')} of ${a.rules.toLocaleString('en')} | ${runs(a.runs)} ms | ${runs(a.cpu)} ms | ${runs(a.engine)} ms |`,
      ),
    )
    .join('\n');
  return `### Simulator forwarding engine (issue 16)

In process (bench/sim-engine-inproc.ts), seed 7. A rule change is one rule added (then deleted) through the state as
POST/DELETE /rules do, engine included, ${r.changes} times: a third are broad (\`tcp,tcp_dst=443\` or \`1-1023\` on every port, above
every other rule; the first two take ${r.results[0].broadFlows.join(' and ')} flows), the rest one port's UDP; the broad ones also
on their own, wall (CPU) time. Targets: rule change ≤ 20 ms, activation ≤ 500 ms (at 50,000 flows). Load
average (1 min) ${r.load.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after.

| flows | rules | add (median / p99 / max) | delete (median / p99 / max) | broad add (median) | broad delete (median) | engine start | read all counters |
|---|---|---|---|---|---|---|---|
${rows}

Activation is PUT /savepoints/activerulesavepoint's work (validation, TCAM check, engine), each case three times, each
activation from the one before it (twins: new rules with an old rule's priority and match):

| flows | save-point activated | twins | wall, each run | CPU, each run | of which the engine (wall) |
|---|---|---|---|---|---|
${acts}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchSimEngine({
    changes: Number(process.env.BENCH_CHANGES ?? 30),
    ...(process.env.BENCH_FLOWS ? { flows: process.env.BENCH_FLOWS.split(',').map(Number) } : {}),
  });
  console.log(simEngineSection(r));
}
