// False trips of the guarded change (issue 32): 100 random harmless changes on the demo
// device, each judged by the guard's own sampling and trip logic (src/guard/health-*.ts)
// against the simulator's traffic engine — the pre-change rates from two samples, then the
// window's samples after the change (the first only fixes what it affects). The simulator's
// clock is stepped by the poll interval, so the 100 windows take seconds, not hours.
// `node bench/out/guard-inproc.mjs [changes] [samples]` prints one JSON line.
import { createClient } from '../src/api/index.js';
import { takeSample, viewOf } from '../src/guard/health-sample.js';
import { HEALTH_DEFAULTS } from '../src/guard/health-spec.js';
import { tripOf, watchedOf } from '../src/guard/health-trip.js';
import type { RuleInput } from '../src/model/index.js';
import { startSim } from '../src/sim/server.js';
import { prng } from './prng.js';

const changes = Number(process.argv[2] ?? 100);
const samples = Number(process.argv[3] ?? 6);
const spec = HEALTH_DEFAULTS;
const clock = { t: Date.now() };
const now = () => clock.t;
const sim = await startSim({ port: 0, host: '127.0.0.1', demo: true, seed: 1, now });
const client = createClient({ url: sim.url });
const rnd = prng(32);
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]) => xs[int(0, xs.length - 1)]!;

/** A sample an interval after the last one. */
async function step() {
  clock.t += spec.intervalMs;
  return takeSample(client, now);
}

let idlePorts: string[] | undefined;
/**
 * The idle tool ports of the demo device: up, 10G or more, sending nothing
 * (measured once, from two samples of the counters).
 */
async function idle(): Promise<string[]> {
  if (idlePorts) return idlePorts;
  const a = await client.ports.stats();
  clock.t += spec.intervalMs;
  const b = await client.ports.stats();
  const info = await client.ports.info();
  const quiet = new Set(
    b
      .filter((s) => {
        const o = a.find((x) => x.portnum === s.portnum);
        return o && s.txbytes === o.txbytes;
      })
      .map((s) => s.portnum),
  );
  idlePorts = info
    .filter(
      (p) =>
        p.link_status === 'LINK_UP' && /^(10|25|40|100)G/.test(p.speed) && quiet.has(p.port_no),
    )
    .map((p) => p.port_no);
  if (idlePorts.length === 0) throw new Error('the demo device has no idle 10G tool port');
  return idlePorts;
}

/** One harmless change and how to take it back. */
async function harmless(i: number): Promise<{ kind: string; undo: () => Promise<unknown> }> {
  const rules = (await client.rules.list()).rules.filter((r) => !r.malformed);
  const ports = await client.ports.info();
  const down = ports.filter((p) => p.link_status !== 'LINK_UP').map((p) => p.port_no);
  const idleTools = await idle();
  const prio = 100 + i;
  switch (int(0, 4)) {
    case 0: {
      // a rule for traffic that does not exist: an input port that is down
      const r: RuleInput = {
        priority: int(3100, 9000),
        match: { in_port: pick(down) },
        actions: [`output:${pick(idleTools)}`],
      };
      await client.rules.add(r);
      return { kind: 'rule on a silent input', undo: () => client.rules.remove(r) };
    }
    case 1: {
      // a new name and description on an existing rule (actions unchanged)
      const r = pick(rules);
      await client.rules.modify({ ...r, name: `n${i}`, description: `bench ${i}` });
      return {
        kind: 'rename',
        undo: () => client.rules.modify({ ...r, name: r.name, description: r.description }),
      };
    }
    case 2: {
      // a rule below one that already takes all its traffic (in_port=18 → the recorder)
      const r: RuleInput = {
        priority: int(10, 1400),
        match: { in_port: '18' },
        actions: [`output:${pick(idleTools)}`],
      };
      await client.rules.add(r);
      return { kind: 'shadowed rule', undo: () => client.rules.remove(r) };
    }
    case 3: {
      // a copy of a busy rule's traffic to an idle 10G tool too (well within its line rate)
      // (its rate well under a 10G port's line rate)
      const r = pick(
        rules.filter(
          (x) => x.datarate_raw !== null && x.datarate_raw < 2e9 && !x.actions.includes('drop'),
        ),
      );
      await client.rules.modify({ ...r, actions: [...r.actions, `output:${pick(idleTools)}`] });
      return { kind: 'copy to an idle tool', undo: () => client.rules.modify(r) };
    }
    default: {
      // a rule for a protocol that the demo's flows never carry, to an idle tool
      const r: RuleInput = {
        priority: prio + 3000,
        match: { udp: '', udp_dst: String(int(40000, 60000)) },
        actions: [`output:${pick(idleTools)}`],
      };
      await client.rules.add(r);
      return { kind: 'rule for absent traffic', undo: () => client.rules.remove(r) };
    }
  }
}

const trips: { change: number; kind: string; trip: string }[] = [];
const kinds: Record<string, number> = {};
let judged = 0;
const t0 = performance.now();
for (let i = 0; i < changes; i++) {
  const a = await step();
  const b = await step();
  const base = viewOf(a, b);
  const change = await harmless(i);
  kinds[change.kind] = (kinds[change.kind] ?? 0) + 1;
  let prev = await step();
  const watched = watchedOf(base, viewOf(b, prev));
  for (let k = 1; k < samples; k++) {
    const cur = await step();
    const trip = tripOf(spec, watched, base, viewOf(prev, cur));
    judged++;
    prev = cur;
    if (trip) {
      trips.push({ change: i, kind: change.kind, trip: `${trip.kind}: ${trip.what}` });
      break;
    }
  }
  await change.undo();
}
const ms = performance.now() - t0;
// the control: a harmful change must trip (else 0 false trips would say nothing)
const a = await step();
const b = await step();
const base = viewOf(a, b);
await client.rules.add({ priority: 3000, match: { in_port: '18' }, actions: ['output:25'] });
const s1 = await step();
const w = watchedOf(base, viewOf(b, s1));
const control = tripOf(spec, w, base, viewOf(s1, await step()));
await client.close();
await sim.close();
process.stdout.write(
  `${JSON.stringify({
    changes,
    samplesPerWindow: samples,
    judged,
    falseTrips: trips.length,
    trips,
    kinds,
    ms,
    control: control ? `${control.kind}: ${control.what}` : null,
  })}\n`,
);
