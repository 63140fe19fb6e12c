/**
 * Port rates from counter deltas over measured time. A counter that goes down is a reset
 * (the device rebooted or was cleared): that sample gives no rate, for any port of the device
 * (`countersFell`), rather than a negative or giant spike. Each port keeps a bounded history for sparklines and its peak since start.
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
  /** Errors (rx and tx) per second, from the last two samples. */
  errsPs: number | null;
  /** Drops (rx and tx) per second, from the last two samples. */
  dropsPs: number | null;
  /** tx drops per second (a tool port asked for more than its line rate drops on send). */
  txDropPps?: number | null;
  /** rx+tx bit/s per sample, oldest first, at most HISTORY entries. */
  history: number[];
  /**
   * The busier direction's bit/s per sample (max of rx and tx), oldest first: what a line
   * rate bounds on a full-duplex port (`% of line rate`).
   */
  busyHistory: number[];
  peakBps: number;
}

/** A port's rates when there is no current one (one sample only, or the counters stale). */
export const NO_RATE = {
  rxBps: null,
  txBps: null,
  rxPps: null,
  txPps: null,
  errPps: null,
  errsPs: null,
  dropsPs: null,
  txDropPps: null,
} as const;

export interface RateState {
  /** The previous sample per port and when it was taken (ms). */
  last: Map<string, { at: number; stats: PortStats }>;
  rates: Map<string, PortRate>;
}

export function emptyRates(): RateState {
  return { last: new Map(), rates: new Map() };
}

/** A counter's rate between two readings `seconds` apart; null after a reset (it fell). */
export function perSecond(now: bigint, before: bigint, seconds: number, factor = 1): number | null {
  if (now < before) return null; // reset
  return (Number(now - before) * factor) / seconds;
}

/**
 * Some counter (`keys`) of some item fell between its previous reading and this one: the
 * device restarted or was cleared, and no delta of that sample means anything.
 */
export function anyCounterFell<T extends object>(
  pairs: Iterable<readonly [T, T | undefined]>,
  keys: readonly (keyof T)[],
): boolean {
  for (const [cur, prev] of pairs)
    if (prev !== undefined && keys.some((k) => (cur[k] as bigint) < (prev[k] as bigint)))
      return true;
  return false;
}

const COUNTERS = [
  'rxbytes',
  'txbytes',
  'rxpkts',
  'txpkts',
  'rxdrop',
  'rxerrs',
  'txdrop',
  'txerrs',
] as const;

/**
 * A counter of some port fell since the previous sample: the device restarted (or its counters
 * were cleared) between the two polls. Then no port's delta means anything — a port that was
 * quiet before the restart may count more now than it did then, and would read as a giant
 * rate — so the whole sample gives no rate (one sample is not a rate, issue 29).
 */
export function countersFell(state: RateState, sample: readonly PortStats[]): boolean {
  return anyCounterFell(
    sample.map((s) => [s, state.last.get(s.portnum)?.stats] as const),
    COUNTERS,
  );
}

/** Folds one /ports/stats sample taken at `at` (ms) into the state; returns a new state. */
export function updateRates(state: RateState, sample: readonly PortStats[], at: number): RateState {
  const last = new Map<string, { at: number; stats: PortStats }>();
  const rates = new Map<string, PortRate>();
  const reset = countersFell(state, sample);
  for (const s of sample) {
    const port = s.portnum;
    const prev = reset ? undefined : state.last.get(port);
    const old = state.rates.get(port);
    // after a reset a port keeps its history and peak, and shows no rate until the next sample
    let rate: PortRate = old
      ? { ...old, ...(reset ? NO_RATE : {}) }
      : { ...NO_RATE, history: [], busyHistory: [], peakBps: 0 };
    if (prev && at > prev.at) {
      const secs = (at - prev.at) / 1000;
      const rxBps = perSecond(s.rxbytes, prev.stats.rxbytes, secs, 8);
      const txBps = perSecond(s.txbytes, prev.stats.txbytes, secs, 8);
      const rxPps = perSecond(s.rxpkts, prev.stats.rxpkts, secs);
      const txPps = perSecond(s.txpkts, prev.stats.txpkts, secs);
      const bad = (x: PortStats) => x.rxdrop + x.rxerrs + x.txdrop + x.txerrs;
      const errPps = perSecond(bad(s), bad(prev.stats), secs);
      const errsPs = perSecond(s.rxerrs + s.txerrs, prev.stats.rxerrs + prev.stats.txerrs, secs);
      const dropsPs = perSecond(s.rxdrop + s.txdrop, prev.stats.rxdrop + prev.stats.txdrop, secs);
      const txDropPps = perSecond(s.txdrop, prev.stats.txdrop, secs);
      const total = rxBps !== null && txBps !== null ? rxBps + txBps : null;
      const add = (h: number[], v: number | null) =>
        v === null ? h : [...h.slice(-(HISTORY - 1)), v];
      rate = {
        rxBps,
        txBps,
        rxPps,
        txPps,
        errPps,
        errsPs,
        dropsPs,
        history: add(rate.history, total),
        busyHistory: add(
          rate.busyHistory,
          rxBps !== null && txBps !== null ? Math.max(rxBps, txBps) : null,
        ),
        txDropPps,
        peakBps: total === null ? rate.peakBps : Math.max(rate.peakBps, total),
      };
    }
    rates.set(port, rate);
    last.set(port, { at, stats: s });
  }
  return { last, rates };
}

const UNITS = ['', 'k', 'M', 'G', 'T'];

/**
 * 1234567 → "1.23M", 999999 → "1.00M" (never "1000k": a value that rounds up to 1000 takes
 * the next prefix), 12.4 → "12.4", 3 → "3"; a value above 0 never reads "0" (0.004 →
 * "<0.01"); null → "–".
 */
export function formatSi(value: number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const sign = value < 0 ? '-' : '';
  let v = Math.abs(value);
  if (v > 0 && v < 0.005) return `${sign}<0.01${unit}`;
  let i = 0;
  while (v >= 1000 && i < UNITS.length - 1) {
    v /= 1000;
    i++;
  }
  for (;;) {
    // the digits shown follow the value as rounded to 3 significant digits (9.996 → "10.0")
    const r = Number(v.toPrecision(3));
    if (r >= 1000 && i < UNITS.length - 1) {
      v /= 1000;
      i++;
      continue;
    }
    const digits = (i === 0 && Number.isInteger(v)) || r >= 100 ? 0 : r >= 10 ? 1 : 2;
    return `${sign}${v.toFixed(digits)}${UNITS[i]}${unit}`;
  }
}
