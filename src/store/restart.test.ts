/**
 * A device restarted between two polls (its counters fell back, no failed poll between): the
 * console's ports (the store's rates) and the fleet's row (the fleet poller's) show no rate
 * from that sample — one sample after a reset is not a rate (issue 29: a restarted device
 * read `0b/s` rx and `86.5Gb/s` tx for one poll).
 */
import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { PortStats } from '../model/index.js';
import { FleetPoller } from './fleet.js';
import { commitSuccess, createConsoleStore } from './store.js';

const port = (no: string, bytes: bigint): PortStats => ({
  portnum: no,
  rxbytes: bytes,
  txbytes: bytes,
  rxpkts: bytes / 100n,
  txpkts: bytes / 100n,
  rxdrop: 0n,
  rxerrs: 0n,
  rxframe: 0n,
  rxover: 0n,
  rxcrc: 0n,
  txdrop: 0n,
  txerrs: 0n,
  txcoll: 0n,
});
// a busy port and a quiet one; the restart zeroes both, the quiet one counts past its old total
const before = [port('1', 900_000_000_000n), port('2', 1000n)];
const later = [port('1', 900_000_100_000n), port('2', 2000n)];
const restarted = [port('1', 50_000n), port('2', 40_000_000_000n)];

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
