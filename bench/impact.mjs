// The rule editor's traffic impact per keystroke at 4,096 rules (issue 17, target ≤ 16 ms):
// bench/impact-inproc.ts in a process of its own, 3 runs. `node bench/impact.mjs` prints the
// section for docs/performance.md, with the load average before and after.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { bundleInproc, machine } from './lib.mjs';

export async function benchImpact({ runs = 3, rules = 4096, keys = 200 } = {}) {
  const file = await bundleInproc('impact-inproc.ts', 'impact-inproc');
  const load = loadavg()[0];
  const out = [];
  for (let i = 0; i < runs; i++) {
    const text = execFileSync(process.execPath, [file, String(rules), String(keys)], {
      encoding: 'utf8',
    });
    out.push(JSON.parse(text.trim().split('\n').at(-1)));
  }
  return { runs: out, load, loadAfter: loadavg()[0] };
}

const f = (n) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
const best = (runs, name, pick) => Math.min(...runs.map((r) => pick(r[name])));

export function impactSection(r) {
  const names = Object.keys(r.runs[0]).filter((k) => k !== 'rules' && k !== 'keys');
  const rows = names
    .map((n) => {
      const b = (pick) => best(r.runs, n, pick);
      const mark = (v) => (v <= 16 ? '✓' : '✗');
      const ok = `${mark(b((x) => x.keystroke.p95))} / ${mark(b((x) => x.afterPoll.max))}`;
      return `| ${n} | ${r.runs[0][n].rulesTaken} | ${f(b((x) => x.keystroke.median))} / ${f(b((x) => x.keystroke.p95))} / ${f(b((x) => x.keystroke.max))} | ${f(b((x) => x.keystrokeCpu.median))} / ${f(b((x) => x.keystrokeCpu.p95))} | ${f(b((x) => x.impactOnly.median))} / ${f(b((x) => x.impactOnly.p95))} | ${f(b((x) => x.afterPoll.median))} / ${f(b((x) => x.afterPoll.p95))} / ${f(b((x) => x.afterPoll.max))} | ${f(b((x) => x.sharePerPoll.median))} / ${f(b((x) => x.sharePerPoll.max))} | ${ok} |`;
    })
    .join('\n');
  return `### Rule editor: traffic impact per keystroke (issue 17, target ≤ 16 ms)

In process (bench/impact-inproc.ts, \`node bench/impact.mjs\`): ${r.runs[0].rules.toLocaleString('en')} synthetic rules
(\`in_port\`, \`tcp\`/\`udp\`, one L4 port; every 11th sends to one of three groups: all, select, ff), 28 ports,
${r.runs[0].keys} keystrokes per typed rule, best of ${r.runs.length} runs (each figure the lowest of the ${r.runs.length}); ${machine()}; load average (1 min)
${r.load.toFixed(1)} before, ${r.loadAfter.toFixed(1)} after (the machine is shared). A keystroke is what the Rules
screen runs per key: \`analyze\` (validation, TCAM preview, shadowing) and \`editorImpact\` (the rules taken over, the
traffic no rule matches on its input ports — every port's rx measured — and the per-port ranges); its CPU time (process.cpuUsage) is what the load of other processes inflates least. "First after
a poll": the first keystroke on a new rule list (new rule objects with new rates; 10 polls), its unchanged match objects
shared with the previous poll's as the store's rules fetcher does (src/store/share-matches.ts; "sharing" is that
step's cost, paid once per poll where the answer arrives). The pass test is the wall-clock p95 of a keystroke and the
slowest first keystroke after a poll. A keystroke's max includes the run's very first keystroke, which compiles every
match of the list (paid once, when the editor first opens on a list).

| typed rule | rules it takes from | keystroke median / p95 / max | CPU median / p95 | impact alone median / p95 | first after a poll median / p95 / max | sharing per poll median / max | ≤ 16 ms: p95 / first after a poll |
|---|---|---|---|---|---|---|---|
${rows}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(impactSection(await benchImpact()));
}
