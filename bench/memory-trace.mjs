// A probe for bench/memory.mjs (diagnosis, not a benchmark): loaded into every Node process the
// bench starts through `NODE_OPTIONS='--import <this file>'`, it appends to
// /tmp/pbc-memory-trace-<pid>.log every 100 ms the process's
// `process.memoryUsage()` in MiB, and every garbage collection (kind: 1 scavenge, 4 mark-compact,
// 8 incremental marking; its duration). The console's log is the one with the Rules screen's
// rows: its peak lines say what the heap, the buffers and the rest held at the peak.
//   NODE_OPTIONS="--import $PWD/bench/memory-trace.mjs" node bench/memory.mjs
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';

// (a fixed place: bench/memory.mjs gives the console in tmux only PATH, HOME, TERM, LANG,
// NODE_OPTIONS and PBC_* variables, so a directory named by another would not reach it)
const file = join('/tmp', `pbc-memory-trace-${process.pid}.log`);
writeFileSync(file, `${process.argv.join(' ')}\n`);
const t0 = performance.now();
const mib = (bytes) => (bytes / 2 ** 20).toFixed(0);
const at = (ms) => (ms - t0).toFixed(0);

setInterval(() => {
  const m = process.memoryUsage();
  appendFileSync(
    file,
    `${at(performance.now())} rss ${mib(m.rss)} heapTotal ${mib(m.heapTotal)} heapUsed ${mib(m.heapUsed)} external ${mib(m.external)} arrayBuffers ${mib(m.arrayBuffers)}\n`,
  );
}, 100).unref();

new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    appendFileSync(
      file,
      `${at(e.startTime)} gc kind ${e.detail?.kind} ${e.duration.toFixed(1)} ms\n`,
    );
}).observe({ entryTypes: ['gc'] });
