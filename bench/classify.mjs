// Classification figures (issue 16): the simulator's flow classifier with 4,096 rules × 50,000
// flows — built from scratch (a save-point activated) and one rule added or removed (targets:
// build well under 500 ms, one change ≤ 20 ms). Prints a markdown section for
// docs/performance.md; `node bench/classify.mjs` runs it alone.
import { execFileSync } from 'node:child_process';
import { bundleInproc, machine } from './lib.mjs';

export async function benchClassify({ quick = false } = {}) {
  const file = await bundleInproc('classify-inproc.ts', 'classify-inproc');
  const runs = quick ? 1 : 3;
  const out = [];
  for (let i = 0; i < runs; i++) {
    const text = execFileSync(process.execPath, [file, '4096', '50000'], { encoding: 'utf8' });
    out.push(JSON.parse(text.trim().split('\n').at(-1)));
  }
  return out;
}

const f = (n) => n.toFixed(n < 10 ? 2 : 1);
const best = (runs, pick) => Math.min(...runs.map(pick));

export function classifySection(runs) {
  const r = runs[0];
  const row = (name, key, target) =>
    `| ${name} | ${f(best(runs, (x) => x[key].add_median_ms))} / ${f(best(runs, (x) => x[key].add_max_ms))} (${f(best(runs, (x) => x[key].add_cpu_median_ms))}) | ${f(best(runs, (x) => x[key].remove_median_ms))} / ${f(best(runs, (x) => x[key].remove_max_ms))} (${f(best(runs, (x) => x[key].remove_cpu_median_ms))}) | ${r[key].flows_moved_avg} | ${target} |`;
  return `### Flow classification (src/traffic/classify.ts)

${r.rules.toLocaleString('en')} rules × ${r.flows.toLocaleString('en')} flows (${r.unmatched.toLocaleString('en')} unmatched), best of ${runs.length} runs; ${machine()}.

Wall-clock ms, median / max, and in brackets the median CPU time of the process (what other load on
the machine inflates least).

| | median / max ms (CPU) | target |
|---|---|---|
| build from scratch: new Classifier(rules, flows), 5 runs | ${f(best(runs, (x) => x.build_median_ms))} / ${f(best(runs, (x) => x.build_max_ms))} (${f(best(runs, (x) => x.build_cpu_median_ms))}) | well under 500 ms |
| activate a save-point: replaceRules(4,096 other rules), 5 runs | ${f(best(runs, (x) => x.activate_median_ms))} / ${f(best(runs, (x) => x.activate_max_ms))} (${f(best(runs, (x) => x.activate_cpu_median_ms))}) | ≤ 500 ms |

| one rule change | add ms (CPU) | remove ms (CPU) | flows moved (avg) | target |
|---|---|---|---|---|
${row('a rule on one in_port', 'port_rule', '≤ 20 ms')}
${row('no in_port, tcp + tcp_dst', 'ethertype_rule', '≤ 20 ms')}
${row('empty match at priority 65535 (takes every flow)', 'catch_all_top', '≤ 20 ms')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(classifySection(await benchClassify({ quick: process.env.BENCH_QUICK === '1' })));
}
