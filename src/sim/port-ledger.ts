/**
 * A port's tx side: what the rules send it (demand), capped at its line rate with the excess
 * counted as dropped, plus what was sent to it while it was down (lost, also dropped).
 *
 * While the demand cannot exceed the line rate (its upper bound is below it) the tx counters
 * are the demand's analytic integral. Otherwise they are integrated over 1 s slots on an
 * absolute grid: in each slot the demand is taken at the slot's start, tx gets min(demand,
 * line rate) and the drops the rest, so both grow monotonically and tx ≤ line rate.
 */
import { Acc, Coef } from './ledger.js';
import type { Traffic } from './traffic.js';

const SLOT_MS = 1000;
/** Beyond this many slots since the last read the slots get wider (a long unread gap). */
const MAX_SLOTS = 200_000;

interface Sums {
  txB: number;
  txP: number;
  ovP: number;
}

export class PortLedger {
  readonly txBytes = new Acc();
  readonly txPkts = new Acc();
  /** Packets dropped because the demand exceeded the line rate. */
  readonly overPkts = new Acc();
  /** Packets sent to the port while it was down. */
  readonly lostPkts = new Acc();
  demand = new Coef();
  lost = new Coef();
  /** Line rate, bytes/s; whether the demand may exceed it (then slotted). */
  private line = 0;
  private slotted = false;
  /** Slotted sums from t0 up to `cursor` (a slot boundary). */
  private cursor: number;
  private sums: Sums = { txB: 0, txP: 0, ovP: 0 };

  constructor(
    readonly portNo: number,
    public t0: number,
  ) {
    this.cursor = t0;
  }

  fold(traffic: Traffic, t: number): void {
    if (t > this.t0) {
      const s = this.since(traffic, t, true);
      this.txBytes.add(s.txB);
      this.txPkts.add(s.txP);
      this.overPkts.add(s.ovP);
      this.lostPkts.add(this.lost.integral(traffic, t)[1]);
      this.t0 = t;
      this.demand.anchor(traffic, t);
      this.lost.anchor(traffic, t);
    }
    this.cursor = this.t0;
    this.sums = { txB: 0, txP: 0, ovP: 0 };
  }

  /** After the coefficients or the port's link changed: decide how to integrate. */
  settle(traffic: Traffic): void {
    const link = traffic.link(this.portNo);
    this.line = link.maxBps / 8;
    this.slotted = this.demand.peak(traffic) > this.line;
  }

  read(traffic: Traffic, t: number): { txB: bigint; txP: bigint; overP: bigint; lostP: bigint } {
    const s = t > this.t0 ? this.since(traffic, t, false) : { txB: 0, txP: 0, ovP: 0 };
    const lost = t > this.t0 ? this.lost.integral(traffic, t)[1] : 0;
    return {
      txB: this.txBytes.peek(s.txB),
      txP: this.txPkts.peek(s.txP),
      overP: this.overPkts.peek(s.ovP),
      lostP: this.lostPkts.peek(lost),
    };
  }

  /** Current tx and drop rates, bytes/s. */
  rate(traffic: Traffic, t: number): { tx: number; over: number } {
    const [d] = this.demand.rate(traffic, t);
    return { tx: Math.min(d, this.line), over: Math.max(0, d - this.line) };
  }

  private since(traffic: Traffic, t: number, folding: boolean): Sums {
    if (!this.slotted) {
      const [b, p] = this.demand.integral(traffic, t);
      return { txB: b, txP: p, ovP: 0 };
    }
    // a read before the cursor (rare: a clock set back in a test) starts over from t0
    let from = this.cursor;
    let sums = this.sums;
    if (t < from) {
      from = this.t0;
      sums = { txB: 0, txP: 0, ovP: 0 };
    }
    const out = { ...sums };
    const whole = Math.floor(t / SLOT_MS) * SLOT_MS;
    const wide = (t - from) / SLOT_MS > MAX_SLOTS ? (t - from) / MAX_SLOTS : 0;
    let x = from;
    while (x < t) {
      const end = wide
        ? Math.min(t, x + wide)
        : Math.min(t, Math.floor(x / SLOT_MS) * SLOT_MS + SLOT_MS);
      // the rate at the piece's start: a link change comes at or after the read time,
      // never before the piece starts, so a read and a later fold agree
      this.slot(traffic, x, (end - x) / 1000, out);
      x = end;
      if (!folding && !wide && x === whole && x > this.cursor) {
        this.cursor = x;
        this.sums = { ...out };
      }
    }
    return out;
  }

  private slot(traffic: Traffic, at: number, seconds: number, out: Sums): void {
    const [d, p] = this.demand.rate(traffic, at);
    if (d <= 0) return;
    const tx = Math.min(d, this.line);
    out.txB += tx * seconds;
    out.txP += ((p * tx) / d) * seconds;
    out.ovP += ((p * (d - tx)) / d) * seconds;
  }
}
