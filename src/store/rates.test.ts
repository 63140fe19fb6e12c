import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { PortStats } from '../model/index.js';
import { FleetPoller } from './fleet.js';
import { emptyRates, formatSi, HISTORY, updateRates } from './rates.js';
import { commitSuccess, createConsoleStore } from './store.js';

function stats(
  port: string,
  rxbytes: bigint,
  txbytes: bigint,
  rxpkts = 0n,
  txpkts = 0n,
): PortStats {
  return {
    portnum: port,
    rxbytes,
    txbytes,
    rxpkts,
    txpkts,
    rxdrop: 0n,
    rxerrs: 0n,
    rxframe: 0n,
    rxover: 0n,
    rxcrc: 0n,
    txdrop: 0n,
    txerrs: 0n,
    txcoll: 0n,
  };
}

describe('port rates', () => {
  it('counts tx drops per second apart (a tool port over its line rate drops on send)', () => {
    const a = { ...stats('15', 0n, 0n), txdrop: 100n, rxdrop: 7n };
    const b = { ...stats('15', 0n, 0n), txdrop: 4100n, rxdrop: 9n };
    const s = updateRates(updateRates(emptyRates(), [a], 0), [b], 2000);
    expect(s.rates.get('15')?.txDropPps).toBe(2000);
  });

  it('needs two samples, then divides deltas by the measured time', () => {
    let s = updateRates(emptyRates(), [stats('1', 1000n, 0n, 10n, 0n)], 0);
    expect(s.rates.get('1')?.rxBps).toBeNull();
    s = updateRates(s, [stats('1', 3000n, 500n, 30n, 5n)], 2000);
    const r = s.rates.get('1')!;
    expect(r.rxBps).toBe(8000); // 2000 bytes · 8 / 2 s
    expect(r.txBps).toBe(2000);
    expect(r.rxPps).toBe(10);
    expect(r.history).toEqual([10000]);
    expect(r.peakBps).toBe(10000);
  });
  it('treats a counter that goes down as a reset: no rate, no spike, history unchanged', () => {
    let s = updateRates(emptyRates(), [stats('1', 10_000n, 10_000n)], 0);
    s = updateRates(s, [stats('1', 20_000n, 20_000n)], 1000);
    s = updateRates(s, [stats('1', 5n, 5n)], 2000);
    const r = s.rates.get('1')!;
    expect(r.rxBps).toBeNull();
    expect(r.history).toEqual([160_000]);
    s = updateRates(s, [stats('1', 1005n, 5n)], 3000);
    expect(s.rates.get('1')!.rxBps).toBe(8000);
  });
  it('a device restarted between two polls: no port gives a rate from that sample, not even one whose counters rose', () => {
    // port 2 was quiet before the restart: it counts more since than it had then
    let s = updateRates(
      emptyRates(),
      [stats('1', 9_000_000_000n, 9_000_000_000n), stats('2', 1000n, 1000n)],
      0,
    );
    s = updateRates(
      s,
      [stats('1', 9_000_001_000n, 9_000_001_000n), stats('2', 2000n, 2000n)],
      1000,
    );
    expect(s.rates.get('2')!.txBps).toBe(8000);
    s = updateRates(s, [stats('1', 500n, 400n), stats('2', 5_000_000_000n, 5_000_000_000n)], 2000);
    for (const port of ['1', '2']) {
      const r = s.rates.get(port)!;
      expect([r.rxBps, r.txBps, r.rxPps, r.errPps]).toEqual([null, null, null, null]);
    }
    // the history and the peak keep what was measured before
    expect(s.rates.get('2')!.history).toEqual([16000]);
    expect(s.rates.get('2')!.peakBps).toBe(16000);
    // the next sample is a rate again
    s = updateRates(s, [stats('1', 1500n, 400n), stats('2', 5_000_000_000n, 5_000_000_000n)], 3000);
    expect(s.rates.get('1')!.rxBps).toBe(8000);
    expect(s.rates.get('2')!.txBps).toBe(0);
  });

  it('keeps exact deltas of counters beyond 2^53', () => {
    const big = 2n ** 60n;
    let s = updateRates(emptyRates(), [stats('1', big, big)], 0);
    s = updateRates(s, [stats('1', big + 125n, big)], 1000);
    expect(s.rates.get('1')!.rxBps).toBe(1000);
  });
  it('bounds the history and never yields a negative rate (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.integer({ min: 1, max: 5000 })),
          { maxLength: 300 },
        ),
        (samples) => {
          let s = emptyRates();
          let t = 0;
          for (const [v, dt] of samples) {
            t += dt;
            s = updateRates(s, [stats('p', v, v)], t);
            const r = s.rates.get('p')!;
            expect(r.history.length).toBeLessThanOrEqual(HISTORY);
            if (r.rxBps !== null) expect(r.rxBps).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
  it('formats with SI prefixes and a dash for missing values', () => {
    expect(formatSi(1_234_567, 'b')).toBe('1.23Mb');
    expect(formatSi(999)).toBe('999');
    expect(formatSi(null)).toBe('–');
    expect(formatSi(Number.NaN)).toBe('–');
  });
  it('never writes 1000 of a prefix: a value that rounds up takes the next one', () => {
    expect(formatSi(999_999)).toBe('1.00M');
    expect(formatSi(999_600)).toBe('1.00M');
    expect(formatSi(999.6)).toBe('1.00k');
    expect(formatSi(9.996)).toBe('10.0');
    expect(formatSi(99_960)).toBe('100k');
    expect(formatSi(0.4)).toBe('0.40');
    expect(formatSi(0.001)).toBe('<0.01');
  });
  it('shows at most 3 significant digits under 1000, within 0.5 % of any value from 1 on (property)', () => {
    const prefix: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
    fc.assert(
      fc.property(fc.double({ min: 1, max: 9.9e14, noNaN: true }), (v) => {
        const text = formatSi(v);
        const m = /^(\d+(?:\.\d+)?)([kMGT]?)$/.exec(text);
        expect(m, text).not.toBeNull();
        const mantissa = Number(m![1]);
        expect(mantissa, text).toBeLessThan(1000);
        if (m![2] !== '') expect(mantissa, text).toBeGreaterThanOrEqual(1);
        expect(Math.abs(mantissa * prefix[m![2]!]! - v) / v, text).toBeLessThanOrEqual(0.0051);
      }),
    );
  });
  it('a rate above zero never reads as 0 (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: 1e6, noNaN: true }), (v) => {
        expect(formatSi(v)).not.toMatch(/^0(\.0+)?$/);
      }),
    );
  });
  it('keeps separate error and drop rates, and the busier direction for the line rate', () => {
    const at = (rxdrop: bigint, rxerrs: bigint, txerrs: bigint, rx: bigint, tx: bigint) => ({
      ...stats('1', rx, tx),
      rxdrop,
      rxerrs,
      txerrs,
    });
    let s = updateRates(emptyRates(), [at(0n, 0n, 0n, 0n, 0n)], 0);
    s = updateRates(s, [at(10n, 4n, 2n, 1000n, 250n)], 2000);
    const r = s.rates.get('1')!;
    expect(r.errsPs).toBe(3);
    expect(r.dropsPs).toBe(5);
    expect(r.errPps).toBe(8);
    expect(r.busyHistory).toEqual([4000]);
  });
});

/*
 * A device restarted between two polls (its counters fell back, no failed poll between): the
 * console's ports (the store's rates) and the fleet's row (the fleet poller's) show no rate
 * from that sample — one sample after a reset is not a rate (issue 29: a restarted device
 * read `0b/s` rx and `86.5Gb/s` tx for one poll).
 */
// a busy port and a quiet one; the restart zeroes both, the quiet one counts past its old total
const before = [stats('1', 900_000_000_000n, 900_000_000_000n), stats('2', 1000n, 1000n)];
const later = [stats('1', 900_000_100_000n, 900_000_100_000n), stats('2', 2000n, 2000n)];
const restarted = [stats('1', 50_000n, 50_000n), stats('2', 40_000_000_000n, 40_000_000_000n)];

const rates = (m: ReadonlyMap<string, { rxBps: number | null; txBps: number | null }>) =>
  [...m.values()].flatMap((r) => [r.rxBps, r.txBps]);

describe('a device restarted between two polls', () => {
  it("the console's port rates: none from the first sample after it", () => {
    const store = createConsoleStore();
    commitSuccess(store, 'stats', before, 0);
    commitSuccess(store, 'stats', later, 2000);
    expect(rates(store.getState().rates.rates).every((r) => r !== null)).toBe(true);
    commitSuccess(store, 'stats', restarted, 4000);
    expect(rates(store.getState().rates.rates)).toEqual([null, null, null, null]);
  });

  it("the fleet's row: none from the first sample after it", () => {
    const poller = new FleetPoller([
      { name: 'sim-3', url: 'http://s/rest', client: {} as unknown as Client },
    ]);
    poller.record('sim-3', 'stats', before, 0);
    poller.record('sim-3', 'stats', later, 2000);
    poller.record('sim-3', 'stats', restarted, 4000);
    expect(rates(poller.getState()[0]!.rates.rates)).toEqual([null, null, null, null]);
  });
});
