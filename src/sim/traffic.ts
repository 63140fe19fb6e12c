/**
 * Seeded, deterministic traffic for the simulated device. Nothing ticks: every counter is
 * computed at read time from the wall-clock `now` (ms) as
 *
 *     counter = base (bigint, folded at the last rebase) + floor(∫ rate dt from `since` to now)
 *
 * where each port's rx has a positive rate A·(1 + a1·sin(…) + a2·sin(…)) whose integral
 * is analytic. What a port sends since the model start is what the rules forward to it: the
 * forwarding engine (engine.ts) adds it on top (the profile's tx makes up the history). Sinusoid phases are reduced with an exact `%` on integer-ms periods, so the
 * arithmetic stays precise for any wall-clock time and the counters never decrease.
 * The model starts with a long uptime, so the biggest port's byte counters already exceed
 * 2^53 (clients must not parse them as doubles).
 *
 * Determinism: the output is a function of (seed, the initial ports, start time, the
 * sequence of rebase calls, now) only.
 */
import { PORT_COUNTERS, type PortStats } from '../model/types.js';
import { between, unit } from './prng.js';
import { increments, integral, type Profile, profile, rate } from './profile.js';

export { environment, loadAverage, memoryUsage } from './environment.js';
export { formatRate } from './profile.js';

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

const TWO_53 = 2 ** 53;
const N = PORT_COUNTERS.length;

interface Segment {
  start: number;
  /** Cumulative rx bytes from the model start to `start`. */
  cum: number;
  /** Cumulative active time (ms) from the model start to `start`. */
  act: number;
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
    segments: [number, number, boolean, number, number?][];
  }[];
}

export class Traffic {
  readonly seed: number;
  readonly start: number;
  readonly boot: number;
  private bigPort: number | null;
  private readonly ports = new Map<number, PortRec>();
  private list: PortRec[] = [];
  private readonly scratch = new Float64Array(N);
  /** Bumped whenever a port's link or rate changes (the engine re-forwards then). */
  linkVersion = 0;

  constructor(
    seed: number,
    ports: readonly TrafficPort[],
    start: number,
    opts: TrafficOptions = {},
  ) {
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
      const frac = p.active
        ? 1
        : unit(this.seed, p.portNo, 300) < 0.4
          ? 0
          : between(0.1, 0.7, this.seed, p.portNo, 301);
      if (frac > 0) {
        increments(r.prof, p.maxBps, this.boot, this.boot + frac * uptime, this.scratch);
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
      segments: [{ start: now, cum: 0, act: 0, active, maxBps }],
    };
    this.ports.set(portNo, r);
    this.list = [...this.ports.values()].sort((a, b) => a.portNo - b.portNo);
    this.linkVersion++;
    return r;
  }

  /** Port numbers known to the model, ascending. */
  portNumbers(): number[] {
    return this.list.map((r) => r.portNo);
  }

  /**
   * GET /ports/stats item for one port; undefined for an unknown port. The profile gives the
   * rx side; `extra` (in PORT_COUNTERS order: the tx side and added flows, from the
   * forwarding engine) is added on top.
   */
  stats(portNo: number, now: number, extra?: readonly bigint[]): PortStats | undefined {
    const r = this.ports.get(portNo);
    if (!r) return undefined;
    const inc = this.scratch;
    if (r.active && now > r.since) increments(r.prof, r.maxBps, r.since, now, inc, false);
    else inc.fill(0);
    const b = extra ? r.base.map((v, i) => v + extra[i]!) : r.base;
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

  /** GET /ports/stats without the engine's part: all ports, ascending port number. */
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
    const act = this.activeMs(portNo, t);
    if (r.active) {
      increments(r.prof, r.maxBps, r.since, t, this.scratch, false);
      for (let i = 0; i < N; i++) r.base[i] = r.base[i]! + BigInt(this.scratch[i]!);
    }
    r.since = t;
    r.active = active;
    r.maxBps = maxBps;
    r.segments.push({ start: t, cum, act, active, maxBps });
    this.linkVersion++;
  }

  /** Cumulative rx bytes of a port from the model start to t. */
  private cumulative(r: PortRec, t: number): number {
    const segs = r.segments;
    let i = segs.length - 1;
    while (i > 0 && segs[i]!.start > t) i--;
    const s = segs[i]!;
    if (t <= s.start) return s.cum;
    return s.active
      ? s.cum + integral(r.prof.rx, (r.prof.rx.util * s.maxBps) / 8, s.start, t)
      : s.cum;
  }

  /**
   * The per-port values at one instant, computed once: a read of thousands of rule counters
   * at one counter step asks for the same few ports' values over and over.
   */
  private memoT = Number.NaN;
  private memoVersion = -1;
  private memoCum: number[] = [];
  private memoRate: number[] = [];

  private memoAt(t: number): void {
    if (t === this.memoT && this.memoVersion === this.linkVersion) return;
    this.memoT = t;
    this.memoVersion = this.linkVersion;
    this.memoCum = [];
    this.memoRate = [];
  }

  /** Cumulative rx bytes (profile traffic) of a port from the model start to t; 0 if unknown. */
  rxCum(portNo: number, t: number): number {
    this.memoAt(t);
    let v = this.memoCum[portNo];
    if (v === undefined) {
      const r = this.ports.get(portNo);
      v = r ? this.cumulative(r, t) : 0;
      this.memoCum[portNo] = v;
    }
    return v;
  }

  /** How long (ms) a port was active from the model start to t. */
  activeMs(portNo: number, t: number): number {
    const r = this.ports.get(portNo);
    if (!r) return 0;
    const s = this.segmentAt(r, t);
    return s.act + (s.active && t > s.start ? t - s.start : 0);
  }

  /** The last instant ≤ t the port was active (t itself while it is), or null if never since the start. */
  lastActive(portNo: number, t: number): number | null {
    const r = this.ports.get(portNo);
    if (!r) return null;
    const segs = r.segments;
    let i = segs.length - 1;
    while (i > 0 && segs[i]!.start > t) i--;
    if (segs[i]!.active) return t;
    while (i > 0 && !segs[i - 1]!.active) i--;
    return i > 0 ? segs[i]!.start : null;
  }

  /** Whether the port was active at t. */
  activeAt(portNo: number, t: number): boolean {
    const r = this.ports.get(portNo);
    return r ? this.segmentAt(r, t).active : false;
  }

  /** The profile's rx rate of a port at t, bytes/s (0 while inactive). */
  rxRateAt(portNo: number, t: number): number {
    this.memoAt(t);
    let v = this.memoRate[portNo];
    if (v === undefined) {
      const r = this.ports.get(portNo);
      const s = r ? this.segmentAt(r, t) : undefined;
      v = r && s?.active ? rate(r.prof.rx, (r.prof.rx.util * s.maxBps) / 8, t) : 0;
      this.memoRate[portNo] = v;
    }
    return v;
  }

  /** An upper bound of the port's rx rate from now on (bytes/s), with its present link. */
  rxPeak(portNo: number): number {
    const r = this.ports.get(portNo);
    if (!r?.active) return 0;
    const d = r.prof.rx;
    return ((d.util * r.maxBps) / 8) * (1 + d.a1 + d.a2);
  }

  /** Mean rx packet size of the port's profile, bytes. */
  rxSize(portNo: number): number {
    return this.ports.get(portNo)?.prof.rx.size ?? 1000;
  }

  /** Whether the port carries traffic now, and its line rate in bit/s. */
  link(portNo: number): { active: boolean; maxBps: number } {
    const r = this.ports.get(portNo);
    return { active: r?.active ?? false, maxBps: r?.maxBps ?? 0 };
  }

  /** The port's profile (error and drop probabilities). */
  profileOf(portNo: number): Profile | undefined {
    return this.ports.get(portNo)?.prof;
  }

  /** Current profile rx rate in bit/s (tx is what the rules send: engine.ts). */
  portRxBps(portNo: number, now: number): number {
    return this.rxRateAt(portNo, now) * 8;
  }

  private segmentAt(r: PortRec, t: number): Segment {
    const segs = r.segments;
    let i = segs.length - 1;
    while (i > 0 && segs[i]!.start > t) i--;
    return segs[i]!;
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
        segments: r.segments.map((s) => [s.start, s.cum, s.active, s.maxBps, s.act]),
      })),
    };
  }

  static fromJSON(snap: TrafficSnapshot): Traffic {
    const t = new Traffic(snap.seed, [], snap.start, { uptimeMs: snap.start - snap.boot });
    t.bigPort = snap.bigPort;
    for (const p of snap.ports) {
      const r = t.addPort(p.portNo, p.active, p.maxBps, p.since);
      r.base = p.base.map((v) => BigInt(v));
      r.segments = p.segments.map(([start, cum, active, maxBps, act]) => ({
        start,
        cum,
        act: act ?? 0,
        active,
        maxBps,
      }));
    }
    return t;
  }
}
