/**
 * The story `pbc --demo` tells on the screens (src/sim/demo.ts), over HTTP on the demo device
 * (its seed, 1): most tool ports carry traffic below their line rate, eth-0-14 is near its line
 * rate (not over it), eth-0-15 is oversubscribed with its tx drops rising, and some traffic
 * matches no rule. Checked at a few times of day (the ports' profiles drift by about ±20 %, so
 * "near" is at least 60 %: the demo's web probe is asked for 64–90 % over four days); the
 * clock is the test's.
 */
import { describe, expect, it } from 'vitest';
import { lineRateBps } from '../../src/traffic/index.js';
import { expectOk, simPerTest, type Wire } from './helpers.js';

const t = simPerTest();
let clock = 0;

/** The ports the demo's rules and group send to (the factory taps send to eth-0-9). */
const TOOLS = [9, 10, 14, 15, 16, 24, 27, 28];
const NEAR = 14;
const OVER = 15;

interface Tx {
  txbytes: number;
  txdrop: number;
}

async function tx(): Promise<Map<number, Tx>> {
  const res = await t.get('/ports/stats');
  expectOk(res);
  return new Map(
    res.body.map((s: Wire) => [
      Number(s.portnum),
      { txbytes: Number(s.txbytes), txdrop: Number(s.txdrop) },
    ]),
  );
}

async function lineRates(): Promise<Map<number, number>> {
  const res = await t.get('/ports/info');
  expectOk(res);
  return new Map(
    res.body.result.map(({ properties: i }: Wire) => [
      Number(i.port_no),
      lineRateBps(String(i.speed)) ?? 0,
    ]),
  );
}

describe.each([
  ['08:00', Date.UTC(2025, 5, 2, 8, 0)],
  ['14:30', Date.UTC(2025, 5, 2, 14, 30)],
  ['03:10', Date.UTC(2025, 5, 3, 3, 10)],
])('pbc --demo at %s', (_, start) => {
  it('most tool ports busy below line rate, eth-0-14 near it, eth-0-15 oversubscribed and dropping, some traffic unmatched', async () => {
    clock = start;
    await t.restart({ seed: 1, demo: true, now: () => clock });
    const line = await lineRates();
    clock += 1000;
    const a = await tx();
    clock += 10_000;
    const b = await tx();
    clock += 10_000;
    const c = await tx();
    const load = (p: number) => ((b.get(p)!.txbytes - a.get(p)!.txbytes) * 8) / 10 / line.get(p)!;
    const loads = TOOLS.map((p) => `eth-0-${p} ${(load(p) * 100).toFixed(1)} %`).join(', ');

    for (const p of TOOLS) expect(line.get(p), `line rate of eth-0-${p}`).toBeGreaterThan(0);
    // every other tool port: traffic, below 80 % of its line rate
    for (const p of TOOLS.filter((p) => p !== NEAR && p !== OVER)) {
      expect(load(p), loads).toBeGreaterThan(0.01);
      expect(load(p), loads).toBeLessThan(0.8);
    }
    // one near its line rate, not over it
    expect(load(NEAR), loads).toBeGreaterThanOrEqual(0.6);
    expect(load(NEAR), loads).toBeLessThan(0.99);
    // one oversubscribed: sending at line rate, its tx drops rising in each interval
    expect(load(OVER), loads).toBeGreaterThan(0.999);
    const drops1 = b.get(OVER)!.txdrop - a.get(OVER)!.txdrop;
    const drops2 = c.get(OVER)!.txdrop - b.get(OVER)!.txdrop;
    expect(drops1).toBeGreaterThan(0);
    expect(drops2).toBeGreaterThan(0);
    // the near port drops (almost) nothing for lack of line rate: far fewer than the oversubscribed
    expect(b.get(NEAR)!.txdrop - a.get(NEAR)!.txdrop).toBeLessThan(drops1 / 100);
    // some traffic matches no rule
    const status = await t.control('/_sim/status');
    expectOk(status);
    expect(status.body.unmatched_bps).toBeGreaterThan(0);
  });
});
