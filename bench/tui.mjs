// TUI figures: cold start to first frame (vs `node -e 0`), keystroke → frame on Ports
// (28 and 512 ports), device requests per second per screen, RSS over 10,000 poll cycles.
import { execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { bundleInproc, cli, operatorEnv, root, startChild } from './lib.mjs';

const out = join(root, 'bench', 'out');

const bundle = () => bundleInproc('tui-inproc.tsx', 'tui-inproc');

function inproc(file, args, env = {}) {
  const text = execFileSync(process.execPath, ['--expose-gc', file, ...args], {
    encoding: 'utf8',
    env: operatorEnv(env),
    maxBuffer: 1 << 24,
  });
  return JSON.parse(text.trim().split('\n').at(-1));
}

/** Wall time from spawn until the pty shows `marker` (script(1) gives the process a terminal). */
function timeToOutput(command, marker, timeoutMs = 15_000) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: operatorEnv({ TERM: 'xterm-256color' }),
    });
    let buf = '';
    child.stdin.on('error', () => {}); // the program may be gone before we type 'q'
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no '${marker}' within ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (d) => {
      buf += d.toString();
      if (marker !== null && buf.includes(marker)) {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        clearTimeout(timer);
        child.stdin.write('q');
        setTimeout(() => child.kill('SIGTERM'), 200);
        resolve(ms);
      }
    });
    child.on('exit', () => {
      if (marker === null) {
        clearTimeout(timer);
        resolve(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    });
  });
}

/** RSS of a real `pbc --url` process on the Ports screen after `seconds` of polling. */
async function liveRss(url, seconds) {
  const child = spawn('script', ['-qfec', `stty cols 120 rows 40; exec ${process.execPath} ${cli} --url ${url}`, '/dev/null'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: operatorEnv(),
  });
  await new Promise((r) => setTimeout(r, 1500));
  child.stdin.write('2');
  await new Promise((r) => setTimeout(r, seconds * 1000));
  // the node process itself (script(1) and its shell carry the same words in their command lines)
  const pid = execFileSync('pgrep', ['-n', '-f', `^${process.execPath} ${cli} --url ${url}`], { encoding: 'utf8' }).trim();
  const status = execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' });
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  child.stdin.write('q');
  await new Promise((r) => setTimeout(r, 500));
  child.kill('SIGTERM');
  return { seconds, rssMiB: kb / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchTui({ runs = 10, rssCycles = 10_000, reqSeconds = 12, liveSeconds = 60 } = {}) {
  const file = await bundle();
  const sim = await startChild([cli, 'sim', '--port', '0']);
  try {
    const first = [];
    const bare = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeToOutput(`stty cols 100 rows 30; exec ${process.execPath} -e 0`, null));
      // the header's first line is drawn with the first frame
      first.push(await timeToOutput(`stty cols 100 rows 30; exec ${process.execPath} ${cli} --url ${sim.url}`, 'pbc ·'));
    }
    const keys = inproc(file, ['keys']);
    const reqs = inproc(file, ['reqs', String(reqSeconds)]);
    const rss = inproc(file, ['rss', String(rssCycles)]);
    const live = await liveRss(sim.url, liveSeconds);
    return { firstMs: median(first), nodeMs: median(bare), keys, reqs, rss, live };
  } finally {
    await sim.stop();
  }
}

export function tuiSection(r) {
  const ratio = r.firstMs / r.nodeMs;
  const rssRows = r.rss.samples.map((s) => `${s.cycle / 1000}k ${s.rssMiB.toFixed(0)}/${s.heapMiB.toFixed(1)}`).join(' · ');
  return `### Console (TUI)

| measure | figure | anchor / target |
|---|---|---|
| cold start to first frame (\`pbc --url …\`, in a pty) | ${r.firstMs.toFixed(0)} ms | \`node -e 0\` ${r.nodeMs.toFixed(0)} ms → **${ratio.toFixed(2)}×** (target ≤ 4.5×) |
${r.keys.map((k) => `| keystroke → frame, Ports, ${k.ports} ports | median ${k.median.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms | target ≤ 16 ms |`).join('\n')}
${r.reqs.map((q) => `| device requests/s at default intervals, ${q.screen} screen | ${q.perSecond.toFixed(2)} | target ≤ 3 |`).join('\n')}
| RSS after ${r.rss.cycles} accelerated poll cycles (in-process, simulator modules loaded) | ${r.rss.samples.at(-1).rssMiB.toFixed(0)} MiB, JS heap ${r.rss.samples.at(-1).heapMiB.toFixed(1)} MiB | target ≤ 150 MB, no upward trend |
| RSS of the real console process (\`pbc --url …\`, Ports, 120×40) after ${r.live.seconds} s of polling | ${r.live.rssMiB.toFixed(0)} MiB | target ≤ 150 MB |

RSS / JS heap (MiB) every 1,000 accelerated cycles: ${rssRows}. Before mounting: RSS ${r.rss.baselineRssMiB.toFixed(0)} MiB.
The log buffer ended with ${r.rss.logLines} lines (bound 10,000), the rate history with ${r.rss.history} samples (bound 120).
An accelerated cycle answers every resource of the shown screen (rotating Overview, Ports, Logs) from real simulator answers aged in memory (counters advance, two new log lines), with the console mounted and rendering.
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchTui({ runs: Number(process.env.BENCH_RUNS ?? 10), rssCycles: Number(process.env.BENCH_CYCLES ?? 10_000) });
  console.log(tuiSection(r));
}
