// Start-up cost of the scripted CLI: `pbc get rules -o json` against a running simulator
// versus a bare Node script doing one fetch of the same URL and printing it, both as whole
// processes. Target: median ratio ≤ 1.5×.
import { execFile } from 'node:child_process';
import { cli, machine, root, startChild } from './lib.mjs';

function timed(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    execFile(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (err) reject(new Error(`${args.join(' ')}: ${err.message}`));
      else resolve({ ms, bytes: stdout.length });
    });
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function benchCli({ runs = 20, warmup = 2 } = {}) {
  const sim = await startChild([cli, 'sim', '--port', '0', '--seed', '7']);
  const env = { ...process.env, PBC_CONFIG: '/nonexistent/pbc-bench.yaml' };
  for (const k of ['PBC_URL', 'PBC_USER', 'PBC_PASSWORD', 'PBC_CONTEXT']) delete env[k];
  const pbcArgs = [cli, '--url', sim.url, 'get', 'rules', '-o', 'json'];
  const bareArgs = [`${root}/bench/bare-fetch.mjs`, `${sim.url}/rules/all`];
  try {
    for (let i = 0; i < warmup; i++) {
      await timed(pbcArgs, env);
      await timed(bareArgs, env);
    }
    const pbc = [];
    const bare = [];
    // Interleaved, so a busy moment of the machine hits both alike.
    for (let i = 0; i < runs; i++) {
      const a = await timed(pbcArgs, env);
      const b = await timed(bareArgs, env);
      pbc.push(a.ms);
      bare.push(b.ms);
    }
    return {
      runs,
      pbc: { median: median(pbc), min: Math.min(...pbc), max: Math.max(...pbc) },
      bare: { median: median(bare), min: Math.min(...bare), max: Math.max(...bare) },
      ratio: median(pbc) / median(bare),
    };
  } finally {
    await sim.stop();
  }
}

export function cliSection(r) {
  const row = (name, x) =>
    `| ${name} | ${x.median.toFixed(0)} ms | ${x.min.toFixed(0)} ms | ${x.max.toFixed(0)} ms |`;
  return `### CLI start-up: \`pbc get rules -o json\` vs a bare fetch (target ≤ 1.5×)

${r.runs} runs each, interleaved, whole processes (spawn to exit) against \`pbc sim\` on loopback; ${machine()}.

| process | median | min | max |
|---|---|---|---|
${row('node dist/cli.js get rules -o json', r.pbc)}
${row('node bench/bare-fetch.mjs (one fetch, print)', r.bare)}

Ratio of medians: **${r.ratio.toFixed(2)}×**.
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchCli({ runs: Number(process.env.BENCH_RUNS ?? 20) });
  console.log(cliSection(r));
}
