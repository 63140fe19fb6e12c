/**
 * The exporter over real simulators: metric names, labels and types as Prometheus reads
 * them, 64-bit counters (nearest float64, monotone across 2^53), a device that does not answer
 * (pbc_up 0 and nothing else of it, also once it was up), one read per device per cache interval, rule
 * counters only for the rules asked for, and a hanging device that does not hold up the
 * scrape.
 */
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { FleetCollector, type Target } from '../../src/exporter/collector.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { parseExposition } from './exposition-parse.js';

// a frozen clock far enough from the epoch that some byte counters pass 2^53
const T = Date.UTC(2026, 0, 1);
let sims: SimServer[] = [];
let clients: Client[] = [];

beforeAll(async () => {
  sims = await Promise.all(
    [1, 2].map((seed) => startSim({ port: 0, host: '127.0.0.1', seed, flows: 1000, now: () => T })),
  );
  clients = sims.map((s) => createClient({ url: s.url, timeoutMs: 2000 }));
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(sims.map((s) => s.close()));
});

const targets = (): Target[] => [
  { name: 'lab-1', client: clients[0]! },
  { name: 'lab-2', client: clients[1]! },
];
const collector = (t: Target[], o: Partial<ConstructorParameters<typeof FleetCollector>[1]> = {}) =>
  new FleetCollector(t, { cacheMs: 1000, concurrency: 4, ruleNames: new Set(), ...o });
const text = async (r: Promise<Registry>): Promise<string> => (await r).metrics();
/** Resolves once none of the client's reads the exporter makes is under way. */
function tracked(client: Client): () => Promise<void> {
  let pending = 0;
  const wrap = <O extends object>(o: O, keys: (keyof O)[]) => {
    for (const k of keys) {
      const f = (o[k] as (...a: unknown[]) => Promise<unknown>).bind(o);
      (o as Record<keyof O, unknown>)[k] = (...a: unknown[]) => {
        pending++;
        return f(...a).finally(() => pending--);
      };
    }
  };
  wrap(client.ports, ['info', 'stats']);
  wrap(client.device, ['flowNumbers', 'environment', 'loadAverage', 'memoryUsage']);
  return async () => {
    for (let i = 0; i < 600 && pending > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(pending, 'reads still under way after 30 s').toBe(0);
    // the collector's own bookkeeping of the answer runs after the reads settle
    await new Promise((r) => setTimeout(r, 10));
  };
}
const requests = async (s: SimServer): Promise<number> =>
  ((await (await fetch(s.url.replace(/\/rest$/, '/_sim/status'))).json()) as { requests: number })
    .requests;

describe('pbc exporter: what Prometheus reads', () => {
  it('names, types and labels of every metric, per device and per port', async () => {
    const p = parseExposition(await text(collector(targets()).scrape(10_000)));
    const gauges = [
      'pbc_up',
      'pbc_scrape_duration_seconds',
      'pbc_port_speed_bits_per_second',
      'pbc_port_link_up',
      'pbc_tcam_flows_used',
      'pbc_tcam_flows_max',
      'pbc_temperature_celsius',
      'pbc_fan_ok',
      'pbc_psu_ok',
      'pbc_cpu_load1',
      'pbc_memory_used_ratio',
    ];
    const counters = ['rx_bytes', 'tx_bytes', 'rx_packets', 'tx_packets']
      .concat(['rx_drops', 'tx_drops', 'rx_errors', 'tx_errors'])
      .map((c) => `pbc_port_${c}_total`);
    for (const g of gauges) expect(p.types.get(g), g).toBe('gauge');
    for (const c of counters) expect(p.types.get(c), c).toBe('counter');
    const of = (name: string, device: string) =>
      p.samples.filter((s) => s.name === name && s.labels.device === device);
    for (const device of ['lab-1', 'lab-2']) {
      expect(of('pbc_up', device).map((s) => s.value)).toEqual(['1']);
      for (const c of counters) {
        const ports = of(c, device);
        expect(ports.length, `${c} ${device}`).toBeGreaterThan(20);
        for (const s of ports) {
          expect(Object.keys(s.labels).sort()).toEqual(['device', 'port']);
          expect(s.labels.port).toMatch(/^eth-0-\d+(\/\d)?$/);
          expect(s.value).toMatch(/^\d+$/);
        }
      }
      expect(of('pbc_temperature_celsius', device).map((s) => s.labels.sensor)).toContain('1');
      expect(of('pbc_fan_ok', device).every((s) => s.labels.fan && s.value === '1')).toBe(true);
      expect(of('pbc_psu_ok', device).map((s) => [s.labels.psu, s.value])).toEqual([['1', '1']]);
      expect(Number(of('pbc_tcam_flows_max', device)[0]!.value)).toBeGreaterThan(0);
      const ratio = Number(of('pbc_memory_used_ratio', device)[0]!.value);
      expect(ratio).toBeGreaterThan(0);
      expect(ratio).toBeLessThan(1);
    }
    // the two simulators have different seeds, so different traffic
    const bytes = (d: string) => of('pbc_port_tx_bytes_total', d).map((s) => s.value);
    expect(bytes('lab-1')).not.toEqual(bytes('lab-2'));
  });

  it('64-bit counters: the device value rounded to the nearest float64, exact up to 2^53, never decreasing across 2^53', async () => {
    // a simulator whose clock the test moves: day by day, some port's byte counter passes 2^53
    const day0 = Date.UTC(2026, 0, 1);
    let now = day0;
    const sim = await startSim({
      port: 0,
      host: '127.0.0.1',
      seed: 1,
      flows: 1000,
      now: () => now,
    });
    const client = createClient({ url: sim.url, timeoutMs: 5000 });
    try {
      const nameOf = new Map((await client.ports.info()).map((i) => [i.port_no, i.if_name]));
      const c = collector([{ name: 'clock', client }], { cacheMs: 0, healthMs: 3_600_000 });
      const last = new Map<string, number>();
      const below = new Set<string>();
      const crossed = new Set<string>();
      let exact = 0;
      for (let d = 0; d <= 14; d++) {
        now = day0 + d * 86_400_000;
        // what the device sends, digit for digit (the clock stands still between the two reads)
        const raw = await (await fetch(`${sim.url}/ports/stats`)).text();
        const p = parseExposition(await text(c.scrape(10_000)));
        for (const m of raw.matchAll(/"portnum":"(\d+)"[^}]*?"rxbytes":(\d+)/g)) {
          const port = nameOf.get(m[1]!)!;
          const device = BigInt(m[2]!);
          const s = p.samples.find(
            (x) => x.name === 'pbc_port_rx_bytes_total' && x.labels.port === port,
          );
          expect(s, `rx bytes of ${port}`).toBeDefined();
          const value = Number.parseFloat(s!.value);
          // what Prometheus stores: the float64 nearest the device's value
          expect(value, `rx bytes of ${port} on day ${d}`).toBe(Number(device));
          if (device <= 2n ** 53n) {
            expect(BigInt(s!.value), `exact below 2^53: ${port}`).toBe(device);
            exact++;
            if (d === 0) below.add(port);
          } else if (below.has(port)) crossed.add(port);
          const before = last.get(port);
          if (before !== undefined)
            expect(value, `${port} on day ${d}`).toBeGreaterThanOrEqual(before);
          last.set(port, value);
        }
      }
      expect(exact, 'counters below 2^53').toBeGreaterThan(0);
      expect(crossed.size, 'a counter that passed 2^53 between two scrapes').toBeGreaterThan(0);
    } finally {
      await client.close();
      await sim.close();
    }
  }, 60_000);

  it('a device that does not answer: pbc_up 0 and no other series of it', async () => {
    const dead = createClient({ url: 'http://127.0.0.1:1/rest', timeoutMs: 1000 });
    try {
      const p = parseExposition(
        await text(collector([...targets(), { name: 'gone', client: dead }]).scrape(10_000)),
      );
      const gone = p.samples.filter((s) => s.labels.device === 'gone');
      expect(gone).toEqual([{ name: 'pbc_up', labels: { device: 'gone' }, value: '0' }]);
      expect(p.samples.filter((s) => s.name === 'pbc_up' && s.value === '1')).toHaveLength(2);
    } finally {
      await dead.close();
    }
  });

  it('a device that goes down after it was up: the next scrape has pbc_up 0 and none of its other series', async () => {
    const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 4, flows: 1000, now: () => T });
    const client = createClient({ url: sim.url, timeoutMs: 2000 });
    const changes: string[] = [];
    const c = collector([...targets(), { name: 'flaky', client }], {
      cacheMs: 0,
      onChange: (device, up) => changes.push(`${device} ${up ? 'up' : 'down'}`),
    });
    try {
      const before = parseExposition(await text(c.scrape(10_000)));
      const of = (p: typeof before) => p.samples.filter((s) => s.labels.device === 'flaky');
      expect(of(before).find((s) => s.name === 'pbc_up')?.value).toBe('1');
      expect(of(before).length).toBeGreaterThan(100);
      await sim.close();
      const after = parseExposition(await text(c.scrape(10_000)));
      expect(of(after)).toEqual([{ name: 'pbc_up', labels: { device: 'flaky' }, value: '0' }]);
      // the devices still up keep all their series
      const lab1 = (p: typeof before) => p.samples.filter((s) => s.labels.device === 'lab-1');
      expect(lab1(after).length).toBe(lab1(before).length);
      expect(changes).toEqual(['flaky down']);
    } finally {
      await client.close();
      await sim.close().catch(() => {});
    }
  });

  it('reads each device once per cache interval, however many scrapes come (two Prometheus servers)', async () => {
    const c = collector(targets(), { cacheMs: 60_000 });
    const before = await requests(sims[0]!);
    await Promise.all([c.scrape(10_000), c.scrape(10_000)]);
    const once = (await requests(sims[0]!)) - before;
    expect(once).toBeGreaterThan(0);
    await c.scrape(10_000);
    expect((await requests(sims[0]!)) - before).toBe(once);
    // a collector without a cache reads again
    const fresh = collector(targets(), { cacheMs: 0, healthMs: 0 });
    await fresh.scrape(10_000);
    await fresh.scrape(10_000);
    expect((await requests(sims[0]!)) - before).toBe(3 * once);
  });

  it('reads environment, load and memory (slow to change) once per health interval only', async () => {
    const c = collector(targets(), { cacheMs: 0, healthMs: 60_000 });
    const at = async () => requests(sims[0]!);
    const before = await at();
    await c.scrape(10_000);
    const first = (await at()) - before;
    expect(first).toBe(6);
    await c.scrape(10_000);
    expect((await at()) - before - first).toBe(3);
    // the health series are still there, from the last read
    const p = parseExposition(await text(c.scrape(10_000)));
    expect(p.samples.some((s) => s.name === 'pbc_cpu_load1' && s.labels.device === 'lab-1')).toBe(
      true,
    );
  });

  it('rule counters only for the rules named with --rule-metrics', async () => {
    await clients[0]!.rules.add({
      priority: 900,
      match: { in_port: '5' },
      actions: ['output:10'],
      name: 'watched',
    });
    await clients[0]!.rules.add({
      priority: 901,
      match: { in_port: '8' },
      actions: ['output:10'],
      name: 'ignored',
    });
    const plain = parseExposition(await text(collector(targets()).scrape(10_000)));
    expect(plain.samples.some((s) => s.name.startsWith('pbc_rule_'))).toBe(false);
    const p = parseExposition(
      await text(collector(targets(), { ruleNames: new Set(['watched']) }).scrape(10_000)),
    );
    const rules = p.samples.filter((s) => s.name.startsWith('pbc_rule_'));
    expect(rules.map((s) => [s.name, s.labels.device, s.labels.rule]).sort()).toEqual([
      ['pbc_rule_bytes_total', 'lab-1', 'watched'],
      ['pbc_rule_packets_total', 'lab-1', 'watched'],
    ]);
    expect(p.types.get('pbc_rule_bytes_total')).toBe('counter');
  });

  it('a hanging device reads as down at the deadline; the others are still exported', async () => {
    const slow = await startSim({
      port: 0,
      host: '127.0.0.1',
      seed: 3,
      flows: 1000,
      latencyMs: 5000,
    });
    const c = createClient({ url: slow.url, timeoutMs: 10_000 });
    try {
      const p = parseExposition(
        await text(collector([...targets(), { name: 'slow', client: c }]).scrape(500)),
      );
      expect(p.samples.filter((s) => s.labels.device === 'slow')).toEqual([
        { name: 'pbc_up', labels: { device: 'slow' }, value: '0' },
      ]);
      expect(p.samples.some((s) => s.labels.device === 'lab-2' && s.name === 'pbc_cpu_load1')).toBe(
        true,
      );
    } finally {
      await c.close();
      await slow.close();
    }
  }, 30_000);
  it("an answer that comes after its scrape's deadline serves the next scrape (then the device is read again)", async () => {
    const slow = await startSim({
      port: 0,
      host: '127.0.0.1',
      seed: 5,
      flows: 1000,
      latencyMs: 1500,
      now: () => T,
    });
    const client = createClient({ url: slow.url, timeoutMs: 20_000 });
    const idle = tracked(client);
    const c = collector([{ name: 'slow', client }], { cacheMs: 0 });
    const up = (p: ReturnType<typeof parseExposition>) =>
      p.samples.find((s) => s.name === 'pbc_up')?.value;
    try {
      // slower than the deadline: down for this scrape
      expect(up(parseExposition(await text(c.scrape(300))))).toBe('0');
      await idle();
      // its answer has come: the next scrape exports it, however short its deadline
      const second = parseExposition(await text(c.scrape(300)));
      expect(up(second)).toBe('1');
      expect(second.samples.some((s) => s.name === 'pbc_port_rx_bytes_total')).toBe(true);
      // …and asked the device again: that answer serves the scrape after
      await idle();
      expect(up(parseExposition(await text(c.scrape(300))))).toBe('1');
    } finally {
      await client.close();
      await slow.close();
    }
  }, 60_000);
});
