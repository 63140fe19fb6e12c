// Configuration as code at scale (issue 19): `pbc diff -f` and `pbc apply -f` of a file
// holding 4,096 rules against `pbc sim`, whole processes (spawn to exit): the first diff
// (everything to add), the apply (4,096 POST /rules), diff and apply again (nothing to do),
// and an apply that changes the actions of every 8th rule (512 PUT /rules). Run on its own:
// `node bench/desired.mjs` (after npm run build); BENCH_RUNS repeats the diffs.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, machine, startChild } from './lib.mjs';

const RULES = 4096;

function timed(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    execFile(process.execPath, args, { env, maxBuffer: 256 * 1024 * 1024 }, (err, stdout) => {
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      const code = err ? err.code : 0;
      if (typeof code !== 'number') reject(new Error(`${args.join(' ')}: ${err.message}`));
      else resolve({ ms, code, bytes: stdout.length });
    });
  });
}

/** The team's file: 4,096 one-flow rules; `changed` rewrites the actions of every 8th. */
function teamFile(dir, name, changed) {
  const lines = ['rules:'];
  for (let i = 0; i < RULES; i++) {
    const port = (i % 16) + 1;
    const out = changed && i % 8 === 0 ? 24 : (i % 4) + 20;
    lines.push(
      `  - { priority: ${10000 + i}, name: r${i}, match: { in_port: ${port}, tcp: '', tcp_dst: ${1000 + i} }, actions: [output:${out}] }`,
    );
  }
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function benchDesired({ runs = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-bench-desired-'));
  const team = teamFile(dir, 'team.yaml', false);
  const changed = teamFile(dir, 'team-changed.yaml', true);
  const sim = await startChild([cli, 'sim', '--port', '0', '--seed', '7']);
  const env = {
    ...process.env,
    PBC_CONFIG: '/nonexistent/pbc-bench.yaml',
    PBC_STATE_DIR: join(dir, 'state'),
  };
  for (const k of ['PBC_URL', 'PBC_USER', 'PBC_PASSWORD', 'PBC_CONTEXT']) delete env[k];
  const pbc = (...args) => [cli, '--url', sim.url, ...args, '-o', 'json'];
  const expect = (r, code, what) => {
    if (r.code !== code) throw new Error(`${what}: exit ${r.code}, expected ${code}`);
    return r.ms;
  };
  const load = [loadavg()[0]];
  try {
    const rows = [];
    const diffs = [];
    for (let i = 0; i < runs; i++)
      diffs.push(expect(await timed(pbc('diff', '-f', team), env), 1, 'first diff'));
    rows.push(['diff, 4,096 rules to add', median(diffs), runs]);
    rows.push([
      'apply, 4,096 × POST /rules',
      expect(await timed(pbc('apply', '-f', team, '--yes'), env), 0, 'apply'),
      1,
    ]);
    load.push(loadavg()[0]);
    const same = [];
    for (let i = 0; i < runs; i++)
      same.push(expect(await timed(pbc('diff', '-f', team), env), 0, 'diff after apply'));
    rows.push(['diff, nothing differs (4,096 matched)', median(same), runs]);
    rows.push([
      'apply again: nothing to do',
      expect(await timed(pbc('apply', '-f', team, '--yes'), env), 0, 'second apply'),
      1,
    ]);
    rows.push([
      'apply, 512 × PUT /rules (every 8th rule’s actions)',
      expect(await timed(pbc('apply', '-f', changed, '--yes'), env), 0, 'changed apply'),
      1,
    ]);
    load.push(loadavg()[0]);
    return { rows, load };
  } finally {
    await sim.stop();
  }
}

export function desiredSection(r) {
  const lines = r.rows.map(
    ([what, ms, n]) =>
      `| ${what} | ${ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`} | ${n} |`,
  );
  return `### Configuration as code: \`pbc diff -f\` / \`pbc apply -f\` of 4,096 rules (issue 19)

Whole processes (spawn to exit) against \`pbc sim\` on loopback, \`-o json\`; ${machine()};
1-minute load average ${r.load.map((l) => l.toFixed(1)).join(' → ')} during the run.

| command | time | runs (median) |
|---|---|---|
${lines.join('\n')}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchDesired({ runs: Number(process.env.BENCH_RUNS ?? 3) });
  console.log(desiredSection(r));
}
