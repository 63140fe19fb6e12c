// The guarded change (issue 32): `node bench/guard.mjs` prints the section of
// docs/performance.md — false trips over 100 random harmless changes on the demo device
// (bench/guard-inproc.ts, goal 0) and, with the real detached guard against `pbc sim`, the
// time from the first overloaded sample to the revert request sent (a rule sending the 40G
// core link to the idle 1G tool eth-0-13: an overload at any hour, where the link's 9.7–19.6
// Gbit/s made a 10G tool's overload depend on the time of day), at the default 5 s interval and at 1 s.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleInproc, cli, startChild } from './lib.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One guarded oversubscribing change; ms from the first sample after it to the revert sent. */
async function tripOnce(url, intervalMs) {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-bench-guard-'));
  const env = { ...process.env, PBC_STATE_DIR: dir, PBC_GUARD_INTERVAL_MS: String(intervalMs) };
  const args = ['--url', url, 'rules', 'add', '--priority', '3000', '--match', 'in_port=18'];
  execFileSync(process.execPath, [cli, ...args, '--actions', 'output:13', '--yes', '--guard'], {
    env,
    stdio: 'ignore',
  });
  const file = join(dir, 'pending.json');
  for (let i = 0; i < 600; i++) {
    const e = JSON.parse(readFileSync(file, 'utf8')).reverts[0];
    if (e.state === 'reverted' || e.state === 'failed') {
      const lines = readFileSync(join(dir, 'journal.jsonl'), 'utf8').split('\n').filter(Boolean);
      const revert = lines
        .map((l) => JSON.parse(l))
        .find((l) => l.type === 'request' && l.revertOf);
      const first = Date.parse(e.health.timeline[1].time);
      return {
        state: e.state,
        sample: e.health.trip?.sample,
        fromFirst: Date.parse(revert.time) - first,
        fromTrip: Date.parse(revert.time) - e.health.trip.at,
      };
    }
    await sleep(100);
  }
  throw new Error('no trip');
}

export async function benchGuard({ runs = 3 } = {}) {
  const file = await bundleInproc('guard-inproc.ts', 'guard-inproc');
  const load = loadavg()[0];
  const falseTrips = JSON.parse(
    execFileSync(process.execPath, [file, '100'], { encoding: 'utf8' }),
  );
  const sim = await startChild([cli, 'sim', '--port', '0', '--seed', '7']);
  const latency = {};
  try {
    for (const interval of [5000, 1000]) {
      latency[interval] = [];
      for (let i = 0; i < runs; i++) latency[interval].push(await tripOnce(sim.url, interval));
    }
  } finally {
    await sim.stop();
  }
  return { falseTrips, latency, load, loadAfter: loadavg()[0] };
}

export function guardSection(r) {
  const row = (interval) => {
    const xs = r.latency[interval];
    const f = (k) => xs.map((x) => `${x[k]}`).join(' · ');
    return `| ${interval / 1000} s | ${xs.map((x) => x.sample).join(' · ')} | ${f('fromFirst')} ms | ${f('fromTrip')} ms |`;
  };
  const ft = r.falseTrips;
  return [
    '### Guarded change: trip to revert, false trips (issue 32)',
    '',
    `\`node bench/guard.mjs\`, load average ${r.load.toFixed(1)} before and ${r.loadAfter.toFixed(1)} after.`,
    '',
    '| interval | tripped on sample | first overloaded sample → revert sent | trip decided → revert sent |',
    '|---|---|---|---|',
    row(5000),
    row(1000),
    '',
    `False trips over ${ft.changes} random harmless changes on the demo device (goal 0): **${ft.falseTrips}** (${ft.judged} samples judged, ${ft.samplesPerWindow - 1} per window after the first; ${Object.entries(
      ft.kinds,
    )
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}; ${Math.round(ft.ms)} ms in all).`,
    ...ft.trips.map((t) => `- change ${t.change} (${t.kind}): ${t.trip}`),
    `Control, the same logic on a harmful change (the 40G core link to an idle 10G tool): ${ft.control ? `tripped, \`${ft.control}\`` : '**did not trip**'}.`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(guardSection(await benchGuard()));
}
