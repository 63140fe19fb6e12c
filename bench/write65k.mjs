// One rule write (a modify; an add is refused by a table past its TCAM) on a 65,536-rule device (issue 28 item 6): wall time and bytes read, with the
// journal's states read from what the console holds (`held`) and as before (`unheld`: the
// table read before and after the write by the journal, then by the poller).
// `node bench/write65k.mjs [runs]` prints a markdown table for docs/performance.md.
import { execFileSync } from 'node:child_process';
import { bundleInproc, startChild } from './lib.mjs';

const runs = Number(process.argv[2] ?? 3);
// `checked`: the console's write since issue 31 (base check: one more table read)
const MODES = (process.argv[3] ?? 'unheld,held,checked').split(',');
const sim = await bundleInproc('sim-rules.ts', 'sim-rules');
const file = await bundleInproc('write65k-inproc.ts', 'write65k-inproc');
const rows = [];
for (const mode of MODES)
  for (let i = 0; i < runs; i++) {
    const device = await startChild([sim, '65536'], /(http:\/\/\S+)\n/);
    try {
      const text = execFileSync(process.execPath, [file, device.url, mode], { encoding: 'utf8' });
      rows.push(JSON.parse(text.trim().split('\n').at(-1)));
    } finally {
      await device.stop();
    }
  }
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('| mode | runs | wall time (median) | bytes read | GET /rules/all |');
console.log('|---|---|---|---|---|');
for (const mode of MODES) {
  const r = rows.filter((x) => x.mode === mode && x.ok);
  console.log(
    `| ${mode} | ${r.length} | ${median(r.map((x) => x.ms)).toFixed(0)} ms | ${(median(r.map((x) => x.bytes)) / 2 ** 20).toFixed(1)} MiB | ${median(r.map((x) => x.tableReads))} |`,
  );
}
