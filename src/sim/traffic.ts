/**
 * Seeded, deterministic traffic for the simulated device. Nothing ticks: every counter is
 * computed at read time from the wall-clock `now` (ms) as
 *
 *     counter = base (bigint, folded at the last rebase) + floor(∫ rate dt from `since` to now)
 *
 * where each port direction has a positive rate A·(1 + a1·sin(…) + a2·sin(…)) whose integral
 * is analytic. Sinusoid phases are reduced with an exact `%` on integer-ms periods, so the
 * arithmetic stays precise for any wall-clock time and the counters never decrease.
 * The model starts with a long uptime, so the biggest port's byte counters already exceed
 * 2^53 (clients must not parse them as doubles).
 *
 * Determinism: the output is a function of (seed, the initial ports, start time, the
 * sequence of rebase calls, now) only.
 */
import { PORT_COUNTERS, type PortStats } from '../model/types.js';
import { between, hash32, unit } from './prng.js';

export { environment, loadAverage, memoryUsage } from './environment.js';

export interface TrafficPort {
  portNo: number;
  /** Link up (and not shut down): traffic flows. Inactive ports keep frozen counters. */
  active: boolean;
  /** Line rate in bit/s. */
  maxBps: number;
}

export interface TrafficOptions {
  /** How long the device has been up at `start`; default: ~40 days (longer if needed for 2^53). */
  uptimeMs?: number;
}

const TAU = 2 * Math.PI;
const EPOCH = Date.UTC(2020, 0, 1);
const TWO_53 = 2 ** 53;
const N = PORT_COUNTERS.length;

interface Direction {
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

interface Profile {
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

interface Segment {
  start: number;
  /** Cumulative rx bytes from the model start to `start`. */
  cum: number;
  active: boolean;
  maxBps: number;
}

interface PortRec {
  portNo: number;
  prof: Profile;
  active: boolean;
  maxBps: number;
  since: number;
  base: bigint[];
  segments: Segment[];
}

export interface TrafficSnapshot {
  seed: number;
  start: number;
  boot: number;
  bigPort: number | null;
  ports: {
    portNo: number;
    active: boolean;
    maxBps: number;
    since: number;
    base: string[];
    segments: [number, number, boolean, number][];
  }[];
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

function profile(seed: number, port: number, big: boolean): Profile {
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
function integral(d: Direction, bytesPerSec: number, t0: number, t1: number): number {
  if (t1 <= t0 || bytesPerSec <= 0) return 0;
  const wobble =
    d.c1 * (Math.cos(wave(d.per1, d.ph1, t0)) - Math.cos(wave(d.per1, d.ph1, t1))) +
    d.c2 * (Math.cos(wave(d.per2, d.ph2, t0)) - Math.cos(wave(d.per2, d.ph2, t1)));
  return Math.max(0, bytesPerSec * ((t1 - t0) / 1000 + wobble));
}

/** Instantaneous rate in bytes/s. */
function rate(d: Direction, bytesPerSec: number, t: number): number {
  return (
    bytesPerSec *
    (1 + d.a1 * Math.sin(wave(d.per1, d.ph1, t)) + d.a2 * Math.sin(wave(d.per2, d.ph2, t)))
  );
}

/** Counter increments over [t0, t1] for an active port, in PORT_COUNTERS order. */
function increments(r: PortRec, maxBps: number, t0: number, t1: number, out: Float64Array): void {
  const p = r.prof;
  const rxBytes = integral(p.rx, (p.rx.util * maxBps) / 8, t0, t1);
  const txBytes = integral(p.tx, (p.tx.util * maxBps) / 8, t0, t1);
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

export class Traffic {
  readonly seed: number;
  readonly start: number;
  readonly boot: number;
  private bigPort: number | null;
  private readonly ports = new Map<number, PortRec>();
  private list: PortRec[] = [];
  private readonly scratch = new Float64Array(N);
  // Rule-counter caches: cumulative rx bytes / packets per port (in `list` order).
  private nowT = Number.NaN;
  private nowBytes = new Float64Array(0);
  private nowPkts = new Float64Array(0);
  private nowRate = new Float64Array(0);
  private readonly sinceCache = new Map<number, [Float64Array, Float64Array]>();
  private index: number[] = [];

  constructor(seed: number, ports: readonly TrafficPort[], start: number, opts: TrafficOptions = {}) {
    this.seed = seed >>> 0;
    this.start = start;
    let big: TrafficPort | null = null;
    for (const p of ports) if (p.active && p.maxBps > (big?.maxBps ?? 0)) big = p;
    this.bigPort = big?.portNo ?? null;
    let uptime = opts.uptimeMs ?? Math.round(between(38, 45, this.seed, 0xb007) * 86_400_000);
    if (opts.uptimeMs === undefined && big) {
      const d = profile(this.seed, big.portNo, true).rx;
      while (integral(d, (d.util * big.maxBps) / 8, start - uptime, start) < TWO_53 * 1.05) {
        uptime = Math.round(uptime * 1.25);
      }
    }
    this.boot = start - uptime;
    for (const p of ports) {
      const r = this.addPort(p.portNo, p.active, p.maxBps, start);
      // History before `start`: active ports ran since boot, others for a while (or never).
      const frac = p.active ? 1 : unit(this.seed, p.portNo, 300) < 0.4 ? 0 : between(0.1, 0.7, this.seed, p.portNo, 301);
      if (frac > 0) {
        increments(r, p.maxBps, this.boot, this.boot + frac * uptime, this.scratch);
        for (let i = 0; i < N; i++) r.base[i] = BigInt(this.scratch[i]!);
      }
    }
  }

  private addPort(portNo: number, active: boolean, maxBps: number, now: number): PortRec {
    const r: PortRec = {
      portNo,
      prof: profile(this.seed, portNo, portNo === this.bigPort),
      active,
      maxBps,
      since: now,
      base: new Array<bigint>(N).fill(0n),
      segments: [{ start: now, cum: 0, active, maxBps }],
    };
    this.ports.set(portNo, r);
    this.list = [...this.ports.values()].sort((a, b) => a.portNo - b.portNo);
    this.index = [];
    this.list.forEach((p, i) => {
      this.index[p.portNo] = i;
    });
    this.invalidate();
    return r;
  }

  private invalidate(): void {
    this.nowT = Number.NaN;
    this.sinceCache.clear();
  }

  /** Port numbers known to the model, ascending. */
  portNumbers(): number[] {
    return this.list.map((r) => r.portNo);
  }

  /** GET /ports/stats item for one port; undefined for an unknown port. */
  stats(portNo: number, now: number): PortStats | undefined {
    const r = this.ports.get(portNo);
    if (!r) return undefined;
    const inc = this.scratch;
    if (r.active && now > r.since) increments(r, r.maxBps, r.since, now, inc);
    else inc.fill(0);
    const b = r.base;
    return {
      portnum: String(portNo),
      rxpkts: b[0]! + BigInt(inc[0]!),
      rxbytes: b[1]! + BigInt(inc[1]!),
      rxdrop: b[2]! + BigInt(inc[2]!),
      rxerrs: b[3]! + BigInt(inc[3]!),
      rxframe: b[4]! + BigInt(inc[4]!),
      rxover: b[5]! + BigInt(inc[5]!),
      rxcrc: b[6]! + BigInt(inc[6]!),
      txpkts: b[7]! + BigInt(inc[7]!),
      txbytes: b[8]! + BigInt(inc[8]!),
      txdrop: b[9]! + BigInt(inc[9]!),
      txerrs: b[10]! + BigInt(inc[10]!),
      txcoll: b[11]! + BigInt(inc[11]!),
    };
  }

  /** GET /ports/stats: all ports, ascending port number. */
  allStats(now: number): PortStats[] {
    return this.list.map((r) => this.stats(r.portNo, now)!);
  }

  /**
   * Call when a port's link state, shutdown or speed changes (or to add a port): the counters
   * so far are folded into the base and the integral restarts at `now` with the new state.
   */
  rebase(portNo: number, now: number, active: boolean, maxBps: number): void {
    const r = this.ports.get(portNo);
    if (!r) {
      this.addPort(portNo, active, maxBps, now);
      return;
    }
    const t = Math.max(now, r.since);
    const cum = this.cumulative(r, t);
    if (r.active) {
      increments(r, r.maxBps, r.since, t, this.scratch);
      for (let i = 0; i < N; i++) r.base[i] = r.base[i]! + BigInt(this.scratch[i]!);
    }
    r.since = t;
    r.active = active;
    r.maxBps = maxBps;
    r.segments.push({ start: t, cum, active, maxBps });
    this.invalidate();
  }

  /** Cumulative rx bytes of a port from the model start to t. */
  private cumulative(r: PortRec, t: number): number {
    const segs = r.segments;
    let i = segs.length - 1;
    while (i > 0 && segs[i]!.start > t) i--;
    const s = segs[i]!;
    if (t <= s.start) return s.cum;
    return s.active ? s.cum + integral(r.prof.rx, (r.prof.rx.util * s.maxBps) / 8, s.start, t) : s.cum;
  }

  /** Current rates in bit/s. */
  portRateBps(portNo: number, now: number): { rx: number; tx: number } {
    const r = this.ports.get(portNo);
    if (!r?.active) return { rx: 0, tx: 0 };
    const p = r.prof;
    return { rx: rate(p.rx, p.rx.util * r.maxBps, now), tx: rate(p.tx, p.tx.util * r.maxBps, now) };
  }

  /** Current rates in packets/s. */
  portRatePps(portNo: number, now: number): { rx: number; tx: number } {
    const r = this.ports.get(portNo);
    if (!r) return { rx: 0, tx: 0 };
    const bps = this.portRateBps(portNo, now);
    return { rx: bps.rx / 8 / r.prof.rx.size, tx: bps.tx / 8 / r.prof.tx.size };
  }

  private fill(t: number, bytes: Float64Array, pkts: Float64Array): void {
    this.list.forEach((r, i) => {
      bytes[i] = this.cumulative(r, t);
      pkts[i] = bytes[i]! / r.prof.rx.size;
    });
  }

  /**
   * Counters of a rule created (or reset) at `since`: it matches a share of its in_ports' rx
   * traffic (2–40 %, from the cookie), or 0.5–5 % of all ports' rx traffic without in_port.
   * Traffic before the model start is not counted.
   */
  ruleCounters(
    cookie: bigint,
    inPorts: readonly number[] | null,
    since: number,
    now: number,
  ): { n_packets: bigint; n_bytes: bigint; datarate_raw: number } {
    if (now <= since) return { n_packets: 0n, n_bytes: 0n, datarate_raw: 0 };
    const n = this.list.length;
    if (this.nowT !== now) {
      if (this.nowBytes.length !== n) {
        this.nowBytes = new Float64Array(n);
        this.nowPkts = new Float64Array(n);
        this.nowRate = new Float64Array(n);
      }
      this.fill(now, this.nowBytes, this.nowPkts);
      this.list.forEach((r, i) => {
        this.nowRate[i] = r.active ? rate(r.prof.rx, r.prof.rx.util * r.maxBps, now) : 0;
      });
      this.nowT = now;
    }
    let then = this.sinceCache.get(since);
    if (!then) {
      if (this.sinceCache.size >= 256) this.sinceCache.clear();
      then = [new Float64Array(n), new Float64Array(n)];
      this.fill(since, then[0], then[1]);
      this.sinceCache.set(since, then);
    }
    const lo = Number(BigInt.asUintN(32, cookie));
    const hi = Number(BigInt.asUintN(32, cookie >> 32n));
    const u = unit(this.seed, lo, hi, 0x5e11);
    const share = inPorts ? 0.02 + 0.38 * u : 0.005 + 0.045 * u;
    let bytes = 0;
    let pkts = 0;
    let bps = 0;
    const add = (i: number | undefined): void => {
      if (i === undefined) return;
      bytes += this.nowBytes[i]! - then[0][i]!;
      pkts += this.nowPkts[i]! - then[1][i]!;
      bps += this.nowRate[i]!;
    };
    if (inPorts) for (const p of inPorts) add(this.index[p]);
    else for (let i = 0; i < n; i++) add(i);
    return {
      n_packets: BigInt(Math.floor(Math.max(0, pkts * share))),
      n_bytes: BigInt(Math.floor(Math.max(0, bytes * share))),
      datarate_raw: Math.round(bps * share),
    };
  }

  toJSON(): TrafficSnapshot {
    return {
      seed: this.seed,
      start: this.start,
      boot: this.boot,
      bigPort: this.bigPort,
      ports: this.list.map((r) => ({
        portNo: r.portNo,
        active: r.active,
        maxBps: r.maxBps,
        since: r.since,
        base: r.base.map(String),
        segments: r.segments.map((s) => [s.start, s.cum, s.active, s.maxBps]),
      })),
    };
  }

  static fromJSON(snap: TrafficSnapshot): Traffic {
    const t = new Traffic(snap.seed, [], snap.start, { uptimeMs: snap.start - snap.boot });
    t.bigPort = snap.bigPort;
    for (const p of snap.ports) {
      const r = t.addPort(p.portNo, p.active, p.maxBps, p.since);
      r.base = p.base.map((v) => BigInt(v));
      r.segments = p.segments.map(([start, cum, active, maxBps]) => ({ start, cum, active, maxBps }));
    }
    return t;
  }
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

/** Stable 32-bit seed for a device name or similar. */
export function seedOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = hash32(h, text.charCodeAt(i), i);
  return h;
}
