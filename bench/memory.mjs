// Memory at scale: the console (dist) in tmux 100×30 on a simulated device holding 65,536 extra
// rules (bench/sim-rules.ts, a process of its own), the Rules screen open, default poll
// intervals. RSS of the console's node process is read from /proc/PID/status every second for
// BENCH_MEMORY_SECONDS (60) after the table is first shown: the range of VmRSS over the run and
// VmHWM (the kernel's peak) at its end. Prints a markdown table row and a JSON line.
// `node bench/memory.mjs` (after `npm run build`); BENCH_MEMORY_RULES changes the rule count;
// BENCH_MEMORY_EXE=file measures that executable (`npm run sea`'s) instead of dist.
// BENCH_MEMORY_AFTER_OVERVIEW=1 opens the Rules screen as an operator does: once the Overview has
// drawn the huge table's answer (its header counts the rules) and BENCH_MEMORY_OVERVIEW_MS (2000)
// more, not as soon as the console draws; the Overview computes its port loads over every rule.
// BENCH_MEMORY_EDITOR=1 then opens the rule editor on the first rule (`e`) once the table is shown,
// and measures with it open: its shadowing check and traffic impact normalize every rule's match.
// BENCH_MEMORY_TRACE=1 instead traces a packet from the table (`t`, in_port 3, Enter: the table then
// selects the rule it meets) and measures after it: the trace compiles every rule's match.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { bundleInproc, cli, machine, operatorEnv, startChild } from './lib.mjs';

const seconds = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
const rules = Number(process.env.BENCH_MEMORY_RULES ?? 65_536);
/** The console's command line: the executable given, or dist with this Node. */
const consoleCommand = process.env.BENCH_MEMORY_EXE ?? `${process.execPath} ${cli}`;
const session = `pbc-memory-${process.pid}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tmux = (...args) => execFileSync('tmux', args, { encoding: 'utf8' });
const kib = (status, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);

const afterOverview = process.env.BENCH_MEMORY_AFTER_OVERVIEW === '1';
const overviewMs = Number(process.env.BENCH_MEMORY_OVERVIEW_MS ?? 2000);
const editor = process.env.BENCH_MEMORY_EDITOR === '1';
const trace = process.env.BENCH_MEMORY_TRACE === '1';

/**
 * Waits until the pane shows `text` (the table's rows carry the synthetic rules' names), or
 * until `text`, a function, says yes to the pane.
 */
async function waitFor(text, timeoutMs = 60_000) {
  const t0 = Date.now();
  const shown = (pane) => (typeof text === 'string' ? pane.includes(text) : text(pane));
  while (Date.now() - t0 < timeoutMs) {
    if (shown(tmux('capture-pane', '-p', '-t', session))) return Date.now() - t0;
    await sleep(200);
  }
  throw new Error(`no '${text}' on the screen within ${timeoutMs} ms`);
}

export async function benchMemory() {
  const simFile = await bundleInproc('sim-rules.ts', 'sim-rules');
  const device = await startChild([simFile, String(rules)], /(http:\/\/\S+)\n/);
  const env = operatorEnv({ TERM: 'xterm-256color' });
  const envArgs = Object.entries(env)
    .filter(([k]) => /^(PATH|HOME|TERM|LANG|NODE_OPTIONS|PBC_.*)$/.test(k))
    .flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '100',
    '-y',
    '30',
    ...envArgs,
    `exec ${consoleCommand} --url ${device.url}`,
  );
  try {
    const pid = tmux('display-message', '-p', '-t', session, '#{pane_pid}').trim();
    await waitFor('pbc ·');
    if (afterOverview) {
      // the header counts the rules once the table's answer is in (TCAM 65546/4096)
      await waitFor((pane) => Number(/TCAM (\d+)\//.exec(pane)?.[1] ?? 0) >= rules);
      await sleep(overviewMs);
    }
    tmux('send-keys', '-t', session, '3');
    const shownMs = await waitFor('rule-');
    if (editor) {
      tmux('send-keys', '-t', session, 'e');
      await waitFor('Edit rule');
    } else if (trace) {
      tmux('send-keys', '-t', session, 't');
      await waitFor('Trace a packet');
      tmux('send-keys', '-t', session, '-l', '3');
      tmux('send-keys', '-t', session, 'Enter');
      await waitFor((pane) => !pane.includes('Trace a packet'));
    }
    const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
    const rss = [];
    const t0 = Date.now();
    while (Date.now() - t0 < seconds * 1000) {
      await sleep(1000);
      rss.push(kib(status(), 'VmRSS') / 1024);
    }
    const peak = kib(status(), 'VmHWM') / 1024;
    return {
      rules,
      seconds,
      afterOverview,
      editor,
      trace,
      shownMs,
      peakMiB: peak,
      minMiB: Math.min(...rss),
      maxMiB: Math.max(...rss),
      load: loadavg()[0],
    };
  } finally {
    try {
      tmux('kill-session', '-t', session);
    } catch {}
    await device.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchMemory();
  const f = (x) => x.toFixed(0);
  console.log(`${machine()}, load ${r.load.toFixed(2)}`);
  console.log(
    `| ${r.rules.toLocaleString('en')} | ${r.seconds} s | ${f(r.minMiB)}–${f(r.maxMiB)} MiB | ${f(r.peakMiB)} MiB | ${(r.shownMs / 1000).toFixed(1)} s |`,
  );
  console.log(JSON.stringify(r));
}
