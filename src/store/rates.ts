/**
 * Port rates from counter deltas over measured time. A counter that goes down is a reset
 * (the device rebooted or was cleared): that sample gives no rate rather than a negative or
 * giant spike. Each port keeps a bounded history for sparklines and its peak since start.
 */
import type { PortStats } from '../model/index.js';

export const HISTORY = 120;

export interface PortRate {
  /** null until two samples exist, or right after a reset. */
  rxBps: number | null;
  txBps: number | null;
  rxPps: number | null;
  txPps: number | null;
  /** Drops plus errors (rx and tx) per second. */
  errPps: number | null;
  /** tx drops per second (a tool port asked for more than its line rate drops on send). */
  txDropPps?: number | null;
  /** rx+tx bit/s per sample, oldest first, at most HISTORY entries. */
  history: number[];
  peakBps: number;
}

export interface RateState {
  /** The previous sample per port and when it was taken (ms). */
  last: Map<string, { at: number; stats: PortStats }>;
  rates: Map<string, PortRate>;
}

export function emptyRates(): RateState {
  return { last: new Map(), rates: new Map() };
}

function perSecond(now: bigint, before: bigint, seconds: number, factor = 1): number | null {
  if (now < before) return null; // reset
  return (Number(now - before) * factor) / seconds;
}

/** Folds one /ports/stats sample taken at `at` (ms) into the state; returns a new state. */
export function updateRates(state: RateState, sample: readonly PortStats[], at: number): RateState {
  const last = new Map<string, { at: number; stats: PortStats }>();
  const rates = new Map<string, PortRate>();
  for (const s of sample) {
    const port = s.portnum;
    const prev = state.last.get(port);
    const old = state.rates.get(port);
    let rate: PortRate = old ?? {
      rxBps: null,
      txBps: null,
      rxPps: null,
      txPps: null,
      errPps: null,
      history: [],
      peakBps: 0,
    };
    if (prev && at > prev.at) {
      const secs = (at - prev.at) / 1000;
      const rxBps = perSecond(s.rxbytes, prev.stats.rxbytes, secs, 8);
      const txBps = perSecond(s.txbytes, prev.stats.txbytes, secs, 8);
      const rxPps = perSecond(s.rxpkts, prev.stats.rxpkts, secs);
      const txPps = perSecond(s.txpkts, prev.stats.txpkts, secs);
      const bad = (x: PortStats) => x.rxdrop + x.rxerrs + x.txdrop + x.txerrs;
      const errPps = perSecond(bad(s), bad(prev.stats), secs);
      const txDropPps = perSecond(s.txdrop, prev.stats.txdrop, secs);
      const total = rxBps !== null && txBps !== null ? rxBps + txBps : null;
      const history =
        total === null ? rate.history : [...rate.history.slice(-(HISTORY - 1)), total];
      rate = {
        rxBps,
        txBps,
        rxPps,
        txPps,
        errPps,
        txDropPps,
        history,
        peakBps: total === null ? rate.peakBps : Math.max(rate.peakBps, total),
      };
    }
    rates.set(port, rate);
    last.set(port, { at, stats: s });
  }
  return { last, rates };
}

const UNITS = ['', 'k', 'M', 'G', 'T'];

/** 1234567 → "1.23M"; null → "–". */
export function formatSi(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  let v = value;
  let i = 0;
  while (Math.abs(v) >= 1000 && i < UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  const digits = v >= 100 || i === 0 ? 0 : v >= 10 ? 1 : 2;
  return `${v.toFixed(digits)}${UNITS[i]}${unit}`;
}
