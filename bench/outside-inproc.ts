// Changes from outside (issue 31): what one rules poll costs the diff of src/store/outside-diff.ts
// at 65,536 rules — the rule objects shared with the previous poll (nothing moved), every rule
// a new object with the same settings (counters moved: the common case on a busy device), and
// one rule added in the middle. `node bench/outside.mjs [rules]` prints one JSON line.
import type { Rule } from '../src/model/index.js';
import { diffRules } from '../src/store/outside-diff.js';

const n = Number(process.argv[2] ?? 65_536);
const match = Array.from({ length: 48 }, (_, p) => ({ in_port: String(p + 1) }));
const actions = [['output:2']];
const rule = (i: number, packets = 0n): Rule => ({
  priority: i % 65_536,
  match: match[i % 48]!,
  cookie: 0n,
  name: `r${i}`,
  description: '',
  actions: actions[0]!,
  n_packets: packets,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: 0,
  real_flow_ct: 1,
});
const before = Array.from({ length: n }, (_, i) => rule(i));
const moved = before.map((r, i) => rule(i, r.n_packets + 1n));
const added = [...moved.slice(0, n / 2), rule(n + 1), ...moved.slice(n / 2)];

function median(f: () => unknown): number {
  const t: number[] = [];
  for (let k = 0; k < 9; k++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[4]!;
}

console.log(
  JSON.stringify({
    rules: n,
    sharedMs: median(() => diffRules(before, before)),
    countersMovedMs: median(() => diffRules(before, moved)),
    oneAddedMs: median(() => diffRules(before, added)),
  }),
);
