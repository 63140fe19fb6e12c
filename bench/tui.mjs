// TUI figures: cold start to first frame (vs `node -e 0`), keystroke → frame on Ports
// (28 and 512 ports), device requests per second per screen, RSS over 10,000 poll cycles.
import { execFileSync, spawn } from 'node:child_process';
import { bundleInproc, cli, operatorEnv, startChild } from './lib.mjs';

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

/**
 * RSS of a real `pbc --url` process polling 100× faster than its defaults
 * (PBC_POLL_SPEEDUP=100: stats every 20 ms), so `cycles` stats polls take cycles × 20 ms;
 * the console visits every screen in turn (1–9, `seconds / 9` each) and RSS is read from
 * /proc every 10 s. The simulator runs in its own process: only the console is measured.
 */
async function acceleratedRss(url, cycles) {
  const seconds = Math.round((cycles * 20) / 1000);
  const child = spawn(
    'script',
    ['-qfec', `stty cols 120 rows 40; exec ${process.execPath} ${cli} --url ${url}`, '/dev/null'],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
      env: operatorEnv({ PBC_POLL_SPEEDUP: '100' }),
    },
  );
  await new Promise((r) => setTimeout(r, 1500));
  // the node process itself (script(1) and its shell carry the same words in their command lines)
  const pid = execFileSync('pgrep', ['-n', '-f', `^${process.execPath} ${cli} --url ${url}`], {
    encoding: 'utf8',
  }).trim();
  const rssMiB = () =>
    Number(
      /VmRSS:\s+(\d+)/.exec(
        execFileSync('cat', [`/proc/${pid}/status`], { encoding: 'utf8' }),
      )?.[1] ?? 0,
    ) / 1024;
  const status = async () => (await fetch(url.replace(/\/rest$/, '/_sim/status'))).json();
  const before = (await status()).requests;
  const samples = [];
  const t0 = Date.now();
  let screen = 0;
  while (Date.now() - t0 < seconds * 1000) {
    const s = Math.floor(((Date.now() - t0) / 1000 / seconds) * 9);
    if (s !== screen || samples.length === 0) {
      screen = s;
      child.stdin.write(String(screen + 1));
    }
    await new Promise((r) => setTimeout(r, 10_000));
    samples.push({ s: Math.round((Date.now() - t0) / 1000), rssMiB: rssMiB() });
  }
  const requests = (await status()).requests - before;
  child.stdin.write('q');
  await new Promise((r) => setTimeout(r, 500));
  child.kill('SIGTERM');
  // trend: least-squares slope over the second half, MiB per minute
  const half = samples.slice(Math.floor(samples.length / 2));
  const mx = half.reduce((a, p) => a + p.s, 0) / half.length;
  const my = half.reduce((a, p) => a + p.rssMiB, 0) / half.length;
  const slope =
    half.reduce((a, p) => a + (p.s - mx) * (p.rssMiB - my), 0) /
    half.reduce((a, p) => a + (p.s - mx) ** 2, 0);
  return {
    cycles,
    seconds,
    requests,
    samples,
    maxMiB: Math.max(...samples.map((p) => p.rssMiB)),
    slopeMiBPerMin: slope * 60,
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchTui({ runs = 10, rssCycles = 10_000, reqSeconds = 12 } = {}) {
  const file = await bundle();
  const sim = await startChild([cli, 'sim', '--port', '0']);
  try {
    const first = [];
    const bare = [];
    for (let i = 0; i < runs; i++) {
      bare.push(await timeToOutput(`stty cols 100 rows 30; exec ${process.execPath} -e 0`, null));
      // the header's first line is drawn with the first frame
      first.push(
        await timeToOutput(
          `stty cols 100 rows 30; exec ${process.execPath} ${cli} --url ${sim.url}`,
          'pbc ·',
        ),
      );
    }
    const keys = inproc(file, ['keys']);
    const reqs = inproc(file, ['reqs', String(reqSeconds)]);
    const rss = inproc(file, ['rss', String(rssCycles)]);
    const live = await acceleratedRss(sim.url, rssCycles);
    return { firstMs: median(first), nodeMs: median(bare), keys, reqs, rss, live };
  } finally {
    await sim.stop();
  }
}

export function tuiSection(r) {
  const ratio = r.firstMs / r.nodeMs;
  const rssRows = r.rss.samples
    .map((s) => `${s.cycle / 1000}k ${s.rssMiB.toFixed(0)}/${s.heapMiB.toFixed(1)}`)
    .join(' · ');
  return `### Console (TUI)

| measure | figure | anchor / target |
|---|---|---|
| cold start to first frame (\`pbc --url …\`, in a pty) | ${r.firstMs.toFixed(0)} ms | \`node -e 0\` ${r.nodeMs.toFixed(0)} ms → **${ratio.toFixed(2)}×** (target ≤ 4.5×) |
${r.keys.map((k) => `| keystroke → frame, Ports, ${k.ports} ports | median ${k.median.toFixed(1)} ms, p95 ${k.p95.toFixed(1)} ms | target ≤ 16 ms |`).join('\n')}
${r.reqs.map((q) => `| device requests/s at default intervals, ${q.screen} screen | ${q.perSecond.toFixed(2)} | target ≤ 3 |`).join('\n')}
| RSS of the real console process (\`pbc --url …\`, 120×40) over ${r.live.cycles} poll cycles at 100× speed (${r.live.seconds} s, ${r.live.requests} device requests, every screen in turn) | last ${r.live.samples.at(-1).rssMiB.toFixed(0)} MiB, max ${r.live.maxMiB.toFixed(0)} MiB; trend over the second half ${r.live.slopeMiBPerMin >= 0 ? '+' : ''}${r.live.slopeMiBPerMin.toFixed(1)} MiB/min | target ≤ 150 MB, no upward trend |
| JS heap after ${r.rss.cycles} accelerated cycles in-process (answers aged in memory, no frame-rate cap) | ${r.rss.samples.at(-1).heapMiB.toFixed(1)} MiB (after 1,000: ${r.rss.samples[0].heapMiB.toFixed(1)} MiB); process RSS ${r.rss.samples.at(-1).rssMiB.toFixed(0)} MiB with the simulator's modules loaded | no upward trend |

Real console, RSS (MiB) every 10 s: ${r.live.samples.map((p) => p.rssMiB.toFixed(0)).join(' · ')}.
In-process RSS / JS heap (MiB) every 1,000 accelerated cycles: ${rssRows}. Before mounting: RSS ${r.rss.baselineRssMiB.toFixed(0)} MiB.
The log buffer ended with ${r.rss.logLines} lines (bound 10,000), the rate history with ${r.rss.history} samples (bound 120).
In-process, an accelerated cycle answers every resource of the shown screen (rotating Overview, Ports, Logs) from real simulator answers aged in memory (counters advance, two new log lines), with the console mounted and rendering.
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchTui({
    runs: Number(process.env.BENCH_RUNS ?? 10),
    rssCycles: Number(process.env.BENCH_CYCLES ?? 10_000),
  });
  console.log(tuiSection(r));
}
