// Intents compiler figures (issue 30, target ≤ 1 s): 32 tools × 4 wants against 4,096 other
// rules, bench/tools-inproc.ts in a process of its own, 3 runs. `node bench/tools.mjs`
// prints the JSON of each run and a markdown section for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { bundleInproc, machine } from './lib.mjs';

const file = await bundleInproc('tools-inproc.ts', 'tools-inproc');
const runs = [];
for (let i = 0; i < 3; i++) {
  const text = execFileSync(process.execPath, [file], { encoding: 'utf8' });
  runs.push(JSON.parse(text.trim().split('\n').at(-1)));
  console.log(JSON.stringify(runs.at(-1)));
}
const best = (k) => Math.min(...runs.map((r) => r[k])).toFixed(1);
const r = runs[0];
console.log(`
| ${r.tools} tools × ${r.wants} wants, ${r.other_rules.toLocaleString('en')} other rules | compile (median / max ms) | compile + apply plan (median / max ms) |
|---|---|---|
| ${r.classes} classes → ${r.rules} rules, ${r.flows} flows | ${best('compile_median_ms')} / ${best('compile_max_ms')} | ${best('with_plan_median_ms')} / ${best('with_plan_max_ms')} |

Best of ${runs.length} runs; ${machine()}.`);
