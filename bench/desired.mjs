// Configuration as code at scale (issue 19): `pbc diff -f` and `pbc apply -f` of a file
// holding 4,096 rules against `pbc sim`, whole processes (spawn to exit): the first diff
// (everything to add), an apply of the first BENCH_APPLY rules (default 512 POST /rules;
// BENCH_APPLY=4096 applies them all; the journal reads the rule table once per apply, not
// per write), the rest loaded with plain POSTs (untimed), then diff and apply again
// (nothing to do) and an apply that changes the actions of every 64th rule (64 PUT /rules).
// Run on its own: `node bench/desired.mjs` (after npm run build); BENCH_RUNS repeats diffs.
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

const APPLY = Number(process.env.BENCH_APPLY ?? 512);

/** Rule i of the team's file (one TCAM flow each). */
function ruleOf(i, changed) {
  return {
    priority: 10000 + i,
    name: `r${i}`,
    port: (i % 16) + 1,
    dst: 1000 + i,
    out: changed && i % 64 === 0 ? 24 : (i % 4) + 20,
  };
}

/** The team's file: the first `n` rules; `changed` rewrites the actions of every 64th. */
function teamFile(dir, name, changed, n = RULES) {
  const lines = ['rules:'];
  for (let i = 0; i < n; i++) {
    const { port, out } = ruleOf(i, changed);
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
  const first = teamFile(dir, 'team-first.yaml', false, APPLY);
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
      `apply, ${APPLY.toLocaleString('en')} × POST /rules (0 → ${APPLY.toLocaleString('en')} rules)`,
      expect(await timed(pbc('apply', '-f', first, '--yes'), env), 0, 'apply'),
      1,
    ]);
    load.push(loadavg()[0]);
    // the rest with plain POSTs (no journal), untimed
    for (let i = APPLY; i < RULES; i++) {
      const r = ruleOf(i, false);
      const q = `priority=${r.priority}&name=${r.name}&match%5Bin_port%5D=${r.port}&match%5Btcp%5D=&match%5Btcp_dst%5D=${r.dst}&actions=output:${r.out}`;
      const res = await fetch(`${sim.url}/rules?${q}`, { method: 'POST' });
      if (!res.ok) throw new Error(`POST rule ${i}: ${res.status} ${await res.text()}`);
    }
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
      'apply, 64 × PUT /rules at 4,096 rules (every 64th rule’s actions)',
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
