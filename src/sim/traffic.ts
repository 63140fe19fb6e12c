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
  private readonly sinceCache = new Map<string, [number, number]>();
  private index: number[] = [];

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
    if (r.active && now > r.since) increments(r.prof, r.maxBps, r.since, now, inc);
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
      increments(r.prof, r.maxBps, r.since, t, this.scratch);
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
    return s.active
      ? s.cum + integral(r.prof.rx, (r.prof.rx.util * s.maxBps) / 8, s.start, t)
      : s.cum;
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
    // What the rule's ports had carried at `since` is fixed history: computed once per
    // (since, ports) and kept, so a list of thousands of rules costs a few sums per rule.
    const key = inPorts ? `${since}|${inPorts.join(',')}` : `${since}|*`;
    let then = this.sinceCache.get(key);
    if (!then) {
      if (this.sinceCache.size >= 200_000) this.sinceCache.clear();
      const b = new Float64Array(n);
      const p = new Float64Array(n);
      this.fill(since, b, p);
      let tb = 0;
      let tp = 0;
      if (inPorts) {
        for (const port of inPorts) {
          const i = this.index[port];
          if (i !== undefined) {
            tb += b[i]!;
            tp += p[i]!;
          }
        }
      } else
        for (let i = 0; i < n; i++) {
          tb += b[i]!;
          tp += p[i]!;
        }
      then = [tb, tp];
      this.sinceCache.set(key, then);
    }
    const lo = Number(BigInt.asUintN(32, cookie));
    const hi = Number(BigInt.asUintN(32, cookie >> 32n));
    const u = unit(this.seed, lo, hi, 0x5e11);
    const share = inPorts ? 0.02 + 0.38 * u : 0.005 + 0.045 * u;
    let bytes = -then[0];
    let pkts = -then[1];
    let bps = 0;
    const add = (i: number | undefined): void => {
      if (i === undefined) return;
      bytes += this.nowBytes[i]!;
      pkts += this.nowPkts[i]!;
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
      r.segments = p.segments.map(([start, cum, active, maxBps]) => ({
        start,
        cum,
        active,
        maxBps,
      }));
    }
    return t;
  }
}
