// Where the memory of a 65,536-rule poll goes: reads GET /rules/all from a device (URL given)
// with the console's client and sharing (as src/store/resources.ts does), under the console's
// memory policy for a huge table, BENCH_PROBE_POLLS times (5), sampling process.memoryUsage()
// every 5 ms. Prints the peak of each figure per poll (MiB) and one JSON line.
// `node bench/memory.mjs`'s console figures are the ones that count; this says what lifts them.

import v8 from 'node:v8';
import { createClient } from '../src/api/client.js';
import type { Rule } from '../src/model/types.js';
import { ruleSharer } from '../src/store/share-rules.js';
import { LARGE_FLAGS } from '../src/tui/memory.js';

const url = process.argv[2]!;
const polls = Number(process.env.BENCH_PROBE_POLLS ?? 5);
v8.setFlagsFromString(LARGE_FLAGS);
const mib = (n: number) => Math.round(n / 2 ** 20);
const keys = ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const;
type Peak = Record<(typeof keys)[number], number>;
const client = createClient({ url, timeoutMs: 30_000 });
let last: Rule[] | undefined;
const out: Peak[] = [];
for (let i = 0; i < polls; i++) {
  const peak = Object.fromEntries(keys.map((k) => [k, 0])) as Peak;
  const sample = () => {
    const m = process.memoryUsage();
    for (const k of keys) peak[k] = Math.max(peak[k], m[k]);
  };
  const timer = setInterval(sample, 5);
  const t0 = performance.now();
  const list = await client.rules.list(ruleSharer(last));
  clearInterval(timer);
  sample();
  last = list.rules;
  const row = Object.fromEntries(keys.map((k) => [k, mib(peak[k])])) as Peak;
  out.push(row);
  process.stderr.write(
    `poll ${i + 1}: ${Math.round(performance.now() - t0)} ms ${JSON.stringify(row)}\n`,
  );
  await new Promise((r) => setTimeout(r, 1000));
}
await client.close();
process.stdout.write(`${JSON.stringify({ rules: last?.length, polls: out })}\n`);
