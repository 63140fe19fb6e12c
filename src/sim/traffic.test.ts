import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PORT_COUNTERS, type PortStats } from '../model/types.js';
import { buildChassis, linkUp } from './chassis.js';
import {
  environment,
  formatRate,
  loadAverage,
  memoryUsage,
  Traffic,
  type TrafficPort,
} from './traffic.js';

const T0 = Date.UTC(2025, 2, 14, 9, 30);
const HOUR = 3_600_000;
const TWO_53 = 2n ** 53n;

const chassisPorts = (): TrafficPort[] =>
  buildChassis().map((p) => ({ portNo: p.port_no, active: linkUp(p), maxBps: p.maxBps }));

const model = (seed = 42, ports = chassisPorts(), start = T0) => new Traffic(seed, ports, start);

function assertNotDecreasing(a: PortStats, b: PortStats): void {
  for (const k of PORT_COUNTERS) {
    if (b[k] < a[k]) throw new Error(`${k} of port ${a.portnum} went from ${a[k]} to ${b[k]}`);
  }
}

describe('port counters', () => {
  it('start with a long uptime: some byte counter already exceeds 2^53', () => {
    const stats = model().allStats(T0);
    expect(stats).toHaveLength(28);
    expect(stats.some((s) => s.rxbytes > TWO_53)).toBe(true);
    // …even when the biggest port is only 10G
    const small = new Traffic(7, [{ portNo: 1, active: true, maxBps: 10e9 }], T0);
    expect(small.stats(1, T0)!.rxbytes).toBeGreaterThan(TWO_53);
  });

  it('reads a second apart differ in rx for a link-up port; tx is up to the engine', () => {
    const t = model();
    for (const portNo of [1, 12, 19, 25]) {
      const a = t.stats(portNo, T0 + 10_000)!;
      const b = t.stats(portNo, T0 + 11_000)!;
      expect(b.rxbytes).toBeGreaterThan(a.rxbytes);
      expect(b.rxpkts).toBeGreaterThan(a.rxpkts);
      // what a port sends since the start is what the rules forward (engine.ts)
      expect(b.txbytes).toBe(a.txbytes);
    }
  });

  it('never decrease, across rebases too (property)', () => {
    const event = fc.record({
      dt: fc.oneof(
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 30 * 86_400_000 }),
      ),
      rebase: fc.option(
        fc.record({
          port: fc.integer({ min: 1, max: 28 }),
          active: fc.boolean(),
          maxBps: fc.constantFrom(1e9, 10e9, 40e9, 100e9),
        }),
        { freq: 3 },
      ),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.array(event, { minLength: 1, maxLength: 25 }),
        (seed, events) => {
          const t = new Traffic(seed, chassisPorts(), T0);
          let now = T0;
          let prev = t.allStats(now);
          for (const e of events) {
            now += e.dt;
            if (e.rebase) t.rebase(e.rebase.port, now, e.rebase.active, e.rebase.maxBps);
            const cur = t.allStats(now);
            for (const [i, s] of cur.entries()) assertNotDecreasing(prev[i]!, s);
            prev = cur;
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a shut-down port is frozen, and rebasing does not jump', () => {
    const t = model();
    const at = T0 + HOUR;
    const before = t.stats(19, at)!;
    t.rebase(19, at, false, 100e9);
    expect(t.stats(19, at)).toEqual(before);
    expect(t.stats(19, at + 5 * HOUR)).toEqual(before);
    expect(t.portRxBps(19, at + HOUR)).toBe(0);
    t.rebase(19, at + 5 * HOUR, true, 40e9);
    expect(t.stats(19, at + 5 * HOUR)).toEqual(before);
    expect(t.stats(19, at + 5 * HOUR + 1000)!.rxbytes).toBeGreaterThan(before.rxbytes);
  });

  it('link-down ports carry no traffic', () => {
    const t = model();
    // eth-0-7 (port 7) has no cable
    expect(t.stats(7, T0 + HOUR)).toEqual(t.stats(7, T0));
    expect(t.portRxBps(7, T0)).toBe(0);
  });

  it('keeps the error invariants and shows some errors on some ports', () => {
    const t = model(5);
    let withErrors = 0;
    let clean = 0;
    for (const now of [T0, T0 + HOUR, T0 + 20 * HOUR]) {
      for (const s of t.allStats(now)) {
        expect(s.rxerrs).toBeGreaterThanOrEqual(s.rxframe + s.rxover + s.rxcrc);
        expect(s.txerrs).toBeGreaterThanOrEqual(s.txcoll);
        expect(s.rxerrs).toBeLessThan(s.rxpkts / 10_000n + 1n);
        expect(s.rxdrop).toBeLessThan(s.rxpkts / 10_000n + 1n);
        if (now === T0 && s.rxpkts > 0n) {
          if (s.rxerrs > 0n) withErrors++;
          else clean++;
        }
      }
    }
    expect(withErrors).toBeGreaterThan(0);
    expect(clean).toBeGreaterThan(0);
  });

  it('runs at a plausible average rate and packet size', () => {
    const t = model();
    const ports = chassisPorts().filter((p) => p.active);
    for (const p of ports) {
      const a = t.stats(p.portNo, T0)!;
      const b = t.stats(p.portNo, T0 + 6 * HOUR)!;
      const bytes = Number(b.rxbytes - a.rxbytes);
      const util = (bytes * 8) / (6 * 3600) / p.maxBps;
      expect(util).toBeGreaterThan(0.03);
      expect(util).toBeLessThan(0.9);
      const size = bytes / Number(b.rxpkts - a.rxpkts);
      expect(size).toBeGreaterThan(199);
      expect(size).toBeLessThan(1401);
      const rx = t.portRxBps(p.portNo, T0);
      expect(rx).toBeGreaterThan(0);
      expect(rx).toBeLessThan(p.maxBps);
      expect(t.rxPeak(p.portNo) * 8).toBeGreaterThanOrEqual(rx);
    }
  });

  it('is deterministic for the same inputs and differs between seeds', () => {
    const now = T0 + 123_456_789;
    const a = model(1);
    const b = model(1);
    expect(a.allStats(now)).toEqual(b.allStats(now));
    expect(a.portRxBps(3, now)).toEqual(b.portRxBps(3, now));
    expect(model(2).allStats(now)).not.toEqual(a.allStats(now));
  });

  it('survives a snapshot round trip', () => {
    const t = model(3);
    t.rebase(5, T0 + HOUR, false, 100e6);
    t.rebase(40, T0 + HOUR, true, 10e9);
    const copy = Traffic.fromJSON(JSON.parse(JSON.stringify(t)));
    const now = T0 + 9 * HOUR;
    expect(copy.allStats(now)).toEqual(t.allStats(now));
    expect(copy.portNumbers()).toEqual(t.portNumbers());
    expect(copy.rxCum(5, now)).toEqual(t.rxCum(5, now));
    expect(copy.activeMs(5, now)).toEqual(t.activeMs(5, now));
  });
});

describe('environment', () => {
  it('has 4 fans, 2 PSUs (one absent) and sensors inside their alarms (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: T0, max: T0 + 400 * 86_400_000 }),
        (seed, now) => {
          const env = environment(seed, now);
          expect(env.fan).toHaveLength(4);
          for (const f of env.fan) {
            expect(f).toMatchObject({ status: 'OK', mode: 'auto' });
            const pct = Number(f.speed_rate.replace('%', ''));
            expect(f.speed_rate).toMatch(/^\d+%$/);
            expect(pct).toBeGreaterThanOrEqual(20);
            expect(pct).toBeLessThanOrEqual(100);
          }
          expect(env.psu).toEqual([
            { index: 1, status: 'PRESENT', power: 'OK', type: 'AC', alert: 'NO' },
            { index: 2, status: 'ABSENT', power: '-', type: '-', alert: 'NO' },
          ]);
          expect(env.temp_sensors.length).toBeGreaterThanOrEqual(4);
          expect(env.temp_sensors.some((s) => s.position === '')).toBe(true);
          for (const s of env.temp_sensors) {
            expect(Number.isInteger(s.temp)).toBe(true);
            expect(s.temp).toBeGreaterThan(s.lower_alarm);
            expect(s.temp).toBeLessThan(s.upper_alarm);
            expect(s.upper_alarm).toBeLessThan(s.critical_limit);
          }
        },
      ),
    );
  });

  it('drifts over time, deterministically', () => {
    expect(environment(1, T0)).toEqual(environment(1, T0));
    const temps = new Set<string>();
    for (let h = 0; h < 12; h++)
      temps.add(JSON.stringify(environment(1, T0 + h * 600_000).temp_sensors));
    expect(temps.size).toBeGreaterThan(3);
    expect(environment(1, T0)).not.toEqual(environment(2, T0));
  });

  it('load average and memory usage move within sane bounds', () => {
    const loads = new Set<number>();
    const frees = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const now = T0 + i * 37_000;
      const l = loadAverage(now, 4);
      expect(l).toEqual(loadAverage(now, 4));
      for (const v of [l.average_1m, l.average_5m, l.average_15m]) {
        expect(v).toBeGreaterThan(0);
        expect(v).toBeLessThan(4);
      }
      expect(l.proc_no_running).toBeGreaterThanOrEqual(1);
      expect(l.proc_no_running).toBeLessThan(l.proc_no_total);
      const m = memoryUsage(now, 4);
      expect(m.free).toBeGreaterThan(0);
      expect(m.free).toBeLessThan(m.total);
      loads.add(l.average_1m);
      frees.add(m.free);
    }
    expect(loads.size).toBeGreaterThan(5);
    expect(frees.size).toBeGreaterThan(5);
  });
});

describe('formatRate', () => {
  it.each([
    [0, '0 bit/s'],
    [512, '512 bit/s'],
    [1234, '1.23 kbit/s'],
    [12_345_678, '12.3 Mbit/s'],
    [1.23e9, '1.23 Gbit/s'],
    [999_999, '1.00 Mbit/s'],
    [100e9, '100 Gbit/s'],
    [Number.NaN, 'n/a'],
  ])('%d → %s', (bps, text) => {
    expect(formatRate(bps)).toBe(text);
  });
});
