/**
 * Per-port traffic profiles for the traffic model: a seeded mean utilisation, packet size,
 * two slow sinusoids and error/drop probabilities, with the analytic rate integral.
 */
import { between, unit } from './prng.js';

const TAU = 2 * Math.PI;
/** Sinusoid phases are taken relative to this instant, reduced exactly with `%`. */
const EPOCH = Date.UTC(2020, 0, 1);

export interface Direction {
  util: number;
  size: number;
  a1: number;
  a2: number;
  /** Periods in integer ms, phases in rad, c = a·P/(2π·1000): integral amplitude in s. */
  per1: number;
  per2: number;
  ph1: number;
  ph2: number;
  c1: number;
  c2: number;
}

export interface Profile {
  rx: Direction;
  tx: Direction;
  /** Per-packet probabilities (0 for clean ports). */
  rxDrop: number;
  rxFrame: number;
  rxOver: number;
  rxCrc: number;
  rxOther: number;
  txDrop: number;
  txColl: number;
  txOther: number;
}

function direction(seed: number, port: number, dir: number, minUtil: number): Direction {
  const util = Math.max(minUtil, between(0.05, 0.6, seed, port, dir, 1));
  const a1 = between(0.1, 0.3, seed, port, dir, 3);
  const a2 = between(0.02, 0.15, seed, port, dir, 4);
  const per1 = Math.round(between(20 * 60e3, 3 * 3600e3, seed, port, dir, 5));
  const per2 = Math.round(between(90e3, 15 * 60e3, seed, port, dir, 6));
  return {
    util,
    size: between(200, 1400, seed, port, dir, 2),
    a1,
    a2,
    per1,
    per2,
    ph1: between(0, TAU, seed, port, dir, 7),
    ph2: between(0, TAU, seed, port, dir, 8),
    c1: (a1 * per1) / (TAU * 1000),
    c2: (a2 * per2) / (TAU * 1000),
  };
}

/** 0 for some ports, else log-uniform in [1e-7, 1e-5]. */
function fraction(seed: number, port: number, k: number, clean: boolean): number {
  return clean ? 0 : 10 ** (-7 + 2 * unit(seed, port, 200 + k));
}

export function profile(seed: number, port: number, big: boolean): Profile {
  const noErrors = unit(seed, port, 100) < 0.4;
  const noDrops = unit(seed, port, 101) < 0.3;
  return {
    rx: direction(seed, port, 0, big ? between(0.45, 0.6, seed, port, 9) : 0),
    tx: direction(seed, port, 1, 0),
    rxDrop: fraction(seed, port, 1, noDrops),
    rxFrame: fraction(seed, port, 2, noErrors),
    rxOver: fraction(seed, port, 3, noErrors || unit(seed, port, 102) < 0.5),
    rxCrc: fraction(seed, port, 4, noErrors),
    rxOther: fraction(seed, port, 5, noErrors),
    txDrop: fraction(seed, port, 6, noDrops),
    txColl: fraction(seed, port, 7, noErrors || unit(seed, port, 103) < 0.7),
    txOther: fraction(seed, port, 8, noErrors),
  };
}

function wave(per: number, ph: number, t: number): number {
  return TAU * (((t - EPOCH) % per) / per) + ph;
}

/** Bytes sent in [t0, t1] (ms) at mean rate `bytesPerSec`. */
export function integral(d: Direction, bytesPerSec: number, t0: number, t1: number): number {
  if (t1 <= t0 || bytesPerSec <= 0) return 0;
  const wobble =
    d.c1 * (Math.cos(wave(d.per1, d.ph1, t0)) - Math.cos(wave(d.per1, d.ph1, t1))) +
    d.c2 * (Math.cos(wave(d.per2, d.ph2, t0)) - Math.cos(wave(d.per2, d.ph2, t1)));
  return Math.max(0, bytesPerSec * ((t1 - t0) / 1000 + wobble));
}

/** Instantaneous rate in bytes/s. */
export function rate(d: Direction, bytesPerSec: number, t: number): number {
  return (
    bytesPerSec *
    (1 + d.a1 * Math.sin(wave(d.per1, d.ph1, t)) + d.a2 * Math.sin(wave(d.per2, d.ph2, t)))
  );
}

/**
 * Counter increments over [t0, t1] for an active port, in PORT_COUNTERS order. With
 * `withTx` false the tx counters are 0: since the model start, what a port sends is what
 * the rules forward to it (engine.ts); the profile's tx only makes up the history before.
 */
export function increments(
  p: Profile,
  maxBps: number,
  t0: number,
  t1: number,
  out: Float64Array,
  withTx = true,
): void {
  const rxBytes = integral(p.rx, (p.rx.util * maxBps) / 8, t0, t1);
  const txBytes = withTx ? integral(p.tx, (p.tx.util * maxBps) / 8, t0, t1) : 0;
  const rx = rxBytes / p.rx.size;
  const tx = txBytes / p.tx.size;
  const frame = Math.floor(rx * p.rxFrame);
  const over = Math.floor(rx * p.rxOver);
  const crc = Math.floor(rx * p.rxCrc);
  const coll = Math.floor(tx * p.txColl);
  out[0] = Math.floor(rx);
  out[1] = Math.floor(rxBytes);
  out[2] = Math.floor(rx * p.rxDrop);
  out[3] = frame + over + crc + Math.floor(rx * p.rxOther);
  out[4] = frame;
  out[5] = over;
  out[6] = crc;
  out[7] = Math.floor(tx);
  out[8] = Math.floor(txBytes);
  out[9] = Math.floor(tx * p.txDrop);
  out[10] = coll + Math.floor(tx * p.txOther);
  out[11] = coll;
}

/** Human-readable rate, e.g. "1.23 Gbit/s"; 'n/a' for non-finite or negative input. */
export function formatRate(bps: number): string {
  if (!Number.isFinite(bps) || bps < 0) return 'n/a';
  const units = ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s', 'Tbit/s'];
  let v = bps;
  let i = 0;
  while (i < units.length - 1 && Number(v.toPrecision(3)) >= 1000) {
    v /= 1000;
    i++;
  }
  if (i === 0) return `${Math.round(v)} bit/s`;
  const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
  return `${v.toFixed(digits)} ${units[i]}`;
}
