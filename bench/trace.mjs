// Packet trace figures (issue 17): one packet traced against 65,536 rules (target ≤ 5 ms).
// Prints a markdown section for docs/performance.md with the load average before and after;
// `node bench/trace.mjs` runs it alone.
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { bundleInproc, machine } from './lib.mjs';

export async function benchTrace({ quick = false } = {}) {
  const file = await bundleInproc('trace-inproc.ts', 'trace-inproc');
  const runs = quick ? 1 : 3;
  const out = [];
  for (let i = 0; i < runs; i++) {
    const text = execFileSync(process.execPath, [file, '65536', '500'], { encoding: 'utf8' });
    out.push(JSON.parse(text.trim().split('\n').at(-1)));
  }
  return out;
}

const f = (n) => n.toFixed(n < 10 ? 2 : 1);
const best = (runs, pick) => Math.min(...runs.map(pick));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

export function traceSection(runs, before, after) {
  const r = runs[0];
  return `### Packet trace (src/traffic/trace.ts, issue 17)

${r.rules.toLocaleString('en')} rules (random priorities, in_port lists and ranges, tcp/udp ports and ranges,
prefixes, VLANs, 10 % to groups; every rule constrains more than its port and protocol, so a packet can go
unmatched on a busy port), 48 ports, 4 groups; best of ${runs.length} runs of \`node bench/trace.mjs\`;
${machine()}; load average (1/5/15 min) ${before} before and ${after} after.
Wall-clock ms, and in brackets the median CPU time of the process.

| trace of one packet | median / max ms (CPU) | target |
|---|---|---|
| ${r.packets} random packets (${r.forwarded} forwarded), matches compiled, first trace per (in_port, ethertype) builds its candidate list | ${f(best(runs, (x) => x.warm_median_ms))} / ${f(best(runs, (x) => x.warm_max_ms))} (${f(best(runs, (x) => x.warm_cpu_median_ms))}) | ≤ 5 ms |
| the same packets again (candidate lists built) | ${f(best(runs, (x) => x.again_median_ms))} / ${f(best(runs, (x) => x.again_max_ms))} | ≤ 5 ms |
| an IPv4 TCP packet on the busiest port (eth-0-${r.busy_port}, ${r.busy_candidates.toLocaleString('en')} candidate rules) that no rule matches (${r.busy_verdict}), with what the console shows (the first 60 passed over explained, and their count; \`pbc trace\` explains 12), 50 runs | ${f(best(runs, (x) => x.busy_median_ms))} / ${f(best(runs, (x) => x.busy_max_ms))} (${f(best(runs, (x) => x.busy_cpu_median_ms))}) | ≤ 5 ms |
| the same packet matched by a priority-0 rule listed last (every candidate ahead tested, ${r.low_passed.toLocaleString('en')} rules passed over), shown the same way, 50 runs | ${f(best(runs, (x) => x.low_median_ms))} / ${f(best(runs, (x) => x.low_max_ms))} (${f(best(runs, (x) => x.low_cpu_median_ms))}) | ≤ 5 ms |
| the same two with the whole passed-over list made (\`-o json\`, 65,536 entries), 10 runs | ${f(best(runs, (x) => x.busy_json_median_ms))} / ${f(best(runs, (x) => x.low_json_median_ms))} (medians) | — |
| a packet with an ethertype and port no rule names (no candidate at all), 20 runs | ${f(best(runs, (x) => x.unmatched_median_ms))} / ${f(best(runs, (x) => x.unmatched_max_ms))} (${f(best(runs, (x) => x.unmatched_cpu_median_ms))}) | ≤ 5 ms |
| first trace of a fresh rule list: every match compiled and the index built (what one \`pbc trace\` pays) | ${f(best(runs, (x) => x.cold_unmatched_ms))} | — |
| first trace of that list with one rule added (matches already compiled: the index rebuilt) | ${f(best(runs, (x) => x.low_first_ms))} | — |
| anchor: a bare loop pushing 65,536 references taken in a shuffled order, 20 runs | ${f(best(runs, (x) => x.anchor_median_ms))} (median) | — |
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const before = load();
  const runs = await benchTrace();
  console.log(traceSection(runs, before, load()));
}
