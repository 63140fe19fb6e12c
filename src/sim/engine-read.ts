/**
 * Reading the engine's counters at an instant: a rule's counters and rate, until when they
 * last moved, the ports' statistics (the profile's rx plus added flows, tx as forwarded, tx
 * drops for lack of line rate or a link that is down) and rates.
 */
import type { PortStats } from '../model/index.js';
import type { Tally } from './engine-tally.js';
import type { RuleLedger } from './ledger.js';
import type { Traffic } from './traffic.js';

export interface RuleCounters {
  n_packets: bigint;
  n_bytes: bigint;
  datarate_raw: number;
}

/** A rule's counters at t; datarate_raw in bit/s. */
export function ledgerCounters(ledger: RuleLedger, traffic: Traffic, t: number): RuleCounters {
  const c = ledger.read(traffic, t);
  const [bps] = ledger.coef.rate(traffic, t);
  return { ...c, datarate_raw: Math.round(bps * 8) };
}

/** Until when the ledger's counters last moved (t itself while it counts traffic). */
export function ledgerMovedUntil(l: RuleLedger, traffic: Traffic, t: number): number {
  // the flows it counts moved until their ports last carried traffic (within this piece)
  const active = t > l.t0 ? l.coef.lastActive(traffic, t) : null;
  return active !== null && active > l.t0 ? active : l.movedUntil;
}

/** GET /ports/stats: the profile's rx plus added flows, tx as forwarded. */
export function portStatsOf(tally: Tally, t: number): PortStats[] {
  const traffic = tally.traffic;
  const extra = new Array<bigint>(12).fill(0n);
  return traffic.portNumbers().map((portNo) => {
    const l = tally.ports.get(portNo);
    const prof = traffic.profileOf(portNo)!;
    extra.fill(0n);
    const rx = tally.rxAdded.get(portNo)?.read(traffic, t);
    if (rx) {
      extra[0] = rx.n_packets;
      extra[1] = rx.n_bytes;
    }
    if (l) {
      const c = l.read(traffic, t);
      const pkts = Number(c.txP);
      const coll = BigInt(Math.floor(pkts * prof.txColl));
      extra[7] = c.txP;
      extra[8] = c.txB;
      extra[9] = BigInt(Math.floor(pkts * prof.txDrop)) + c.overP + c.lostP;
      extra[10] = coll + BigInt(Math.floor(pkts * prof.txOther));
      extra[11] = coll;
    }
    return traffic.stats(portNo, t, extra)!;
  });
}

/** A port's rates at t, bit/s: rx (profile + added), tx, tx dropped for lack of line rate. */
export function portRatesOf(
  tally: Tally,
  portNo: number,
  t: number,
): { rx: number; tx: number; over: number } {
  const traffic = tally.traffic;
  const l = tally.ports.get(portNo);
  const r = l ? l.rate(traffic, t) : { tx: 0, over: 0 };
  const [added] = tally.rxAdded.get(portNo)?.coef.rate(traffic, t) ?? [0];
  return { rx: traffic.portRxBps(portNo, t) + added * 8, tx: r.tx * 8, over: r.over * 8 };
}
