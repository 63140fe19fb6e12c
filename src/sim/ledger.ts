/**
 * Counters that integrate what the flows carry, piecewise: between two changes of the
 * forwarding, a counter's rate is a fixed linear combination of its input ports' rx rates
 * (profile flows own a share of their port's rx) plus constants (added flows), so its
 * increment is that combination of the ports' analytic rx integrals. At a change the counter
 * is folded into a bigint base (with its fraction carried) and the new combination starts:
 * counters are exact beyond 2^53 and never decrease.
 */
import type { Traffic } from './traffic.js';

/** What one sink (a rule, a port's tx …) receives from each input port. */
export class Coef {
  readonly ports: number[] = [];
  /** Bytes per profile rx byte of the port, packets per profile rx byte. */
  readonly b: number[] = [];
  readonly p: number[] = [];
  /** Constant bytes/s and packets/s (added flows) while the port is active. */
  readonly cb: number[] = [];
  readonly cp: number[] = [];
  /** How many flows contribute (at 0 the entry is exactly 0, whatever the rounding). */
  readonly n: number[] = [];
  /** The port's cumulative rx bytes and active ms at the ledger's t0. */
  readonly c0: number[] = [];
  readonly a0: number[] = [];
  /** Port number → its index in the arrays above. */
  private readonly slot: number[] = [];

  add(
    traffic: Traffic,
    t0: number,
    port: number,
    b: number,
    p: number,
    cb: number,
    cp: number,
    n: number,
  ): void {
    let i = this.slot[port] ?? -1;
    if (i < 0) {
      i = this.ports.length;
      this.slot[port] = i;
      this.ports.push(port);
      this.b.push(0);
      this.p.push(0);
      this.cb.push(0);
      this.cp.push(0);
      this.n.push(0);
      this.c0.push(traffic.rxCum(port, t0));
      this.a0.push(traffic.activeMs(port, t0));
    }
    this.n[i]! += n;
    if (this.n[i]! <= 0) {
      this.n[i] = 0;
      this.b[i] = this.p[i] = this.cb[i] = this.cp[i] = 0;
      return;
    }
    this.b[i] = Math.max(0, this.b[i]! + b);
    this.p[i] = Math.max(0, this.p[i]! + p);
    this.cb[i] = Math.max(0, this.cb[i]! + cb);
    this.cp[i] = Math.max(0, this.cp[i]! + cp);
  }

  /** Re-anchors c0/a0 at t (after a fold). */
  anchor(traffic: Traffic, t: number): void {
    this.ports.forEach((port, i) => {
      this.c0[i] = traffic.rxCum(port, t);
      this.a0[i] = traffic.activeMs(port, t);
    });
  }

  /** Bytes and packets from the anchor to t. */
  integral(traffic: Traffic, t: number): [number, number] {
    let bytes = 0;
    let pkts = 0;
    this.ports.forEach((port, i) => {
      if (this.n[i] === 0) return;
      const dc = traffic.rxCum(port, t) - this.c0[i]!;
      const da = (traffic.activeMs(port, t) - this.a0[i]!) / 1000;
      bytes += this.b[i]! * dc + this.cb[i]! * da;
      pkts += this.p[i]! * dc + this.cp[i]! * da;
    });
    return [Math.max(0, bytes), Math.max(0, pkts)];
  }

  /** Bytes/s and packets/s at t. */
  rate(traffic: Traffic, t: number): [number, number] {
    let bytes = 0;
    let pkts = 0;
    this.ports.forEach((port, i) => {
      if (this.n[i] === 0) return;
      const r = traffic.rxRateAt(port, t);
      const on = traffic.activeAt(port, t) ? 1 : 0;
      bytes += this.b[i]! * r + this.cb[i]! * on;
      pkts += this.p[i]! * r + this.cp[i]! * on;
    });
    return [bytes, pkts];
  }

  /** An upper bound of the byte rate from now on. */
  peak(traffic: Traffic): number {
    let bytes = 0;
    this.ports.forEach((port, i) => {
      if (this.n[i] === 0) return;
      bytes += this.b[i]! * traffic.rxPeak(port) + this.cb[i]!;
    });
    return bytes;
  }

  /** The last instant ≤ t a contributing port carried traffic (null: none since the start). */
  lastActive(traffic: Traffic, t: number): number | null {
    let last: number | null = null;
    this.ports.forEach((port, i) => {
      if (this.n[i] === 0) return;
      const a = traffic.lastActive(port, t);
      if (a !== null && (last === null || a > last)) last = a;
    });
    return last;
  }

  empty(): boolean {
    return this.n.every((n) => n === 0);
  }
}

/** A non-negative counter: a bigint plus the fraction carried between folds. */
export class Acc {
  big = 0n;
  frac = 0;

  add(x: number): void {
    const total = this.frac + x;
    const whole = Math.floor(total);
    this.big += BigInt(whole);
    this.frac = total - whole;
  }

  peek(x: number): bigint {
    return this.big + BigInt(Math.floor(this.frac + x));
  }
}

/** A rule's counters: bytes and packets of the flows it wins, from t0 on. */
export class RuleLedger {
  readonly bytes = new Acc();
  readonly pkts = new Acc();
  coef = new Coef();
  /** Until when (ms) the counters last moved: for idle_timeout. */
  movedUntil: number;

  constructor(public t0: number) {
    this.movedUntil = t0;
  }

  /** Folds the counters up to t into the base and anchors the coefficients there. */
  fold(traffic: Traffic, t: number): void {
    if (t <= this.t0) return;
    const [b, p] = this.coef.integral(traffic, t);
    if (p > 0) this.movedUntil = t;
    this.bytes.add(b);
    this.pkts.add(p);
    this.t0 = t;
    this.coef.anchor(traffic, t);
  }

  read(traffic: Traffic, t: number): { n_bytes: bigint; n_packets: bigint } {
    const [b, p] = t > this.t0 ? this.coef.integral(traffic, t) : [0, 0];
    return { n_bytes: this.bytes.peek(b), n_packets: this.pkts.peek(p) };
  }
}
