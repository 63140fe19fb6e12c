/**
 * Where the flows' traffic is counted: each flow contributes its share of its port's rx (or
 * its added constant rate) to its rule's ledger (or to unmatched), to the tx demand of each
 * port its forwarding reaches (with the packet size its actions give it) and to the lost
 * traffic of each port it is sent to while that port is down; an added flow also to its
 * port's rx. A change of forwarding takes a flow's contributions back and adds the new ones,
 * all at the boundary T (the counter step's start): a ledger is folded there first.
 */

import type { FlowTable } from './engine-flows.js';
import type { RuleRec } from './engine-rules.js';
import { Coef, RuleLedger } from './ledger.js';
import { PortLedger } from './port-ledger.js';
import type { Traffic } from './traffic.js';

interface Foldable {
  t0: number;
  fold(tr: Traffic, t: number): void;
}

export class Tally {
  /** The boundary changes take effect at (the counter step's start), ms. */
  T: number;
  /** Port tx ledgers, by port number. */
  ports = new Map<number, PortLedger>();
  /** Added flows' rx on top of the profile, per port. */
  rxAdded = new Map<number, RuleLedger>();
  unmatched: RuleLedger;
  /** The same port ledgers in arrays by port number (the hot paths index these). */
  private portAt: (PortLedger | undefined)[] = [];
  private rxAt: (RuleLedger | undefined)[] = [];

  constructor(
    public traffic: Traffic,
    t: number,
  ) {
    this.T = t;
    this.unmatched = new RuleLedger(t);
  }

  /** Fresh ledgers for every port of the traffic model, from t. */
  reset(traffic: Traffic, t: number): void {
    this.traffic = traffic;
    this.T = t;
    const ports = traffic.portNumbers();
    this.ports = new Map(ports.map((p) => [p, new PortLedger(p, t)]));
    this.rxAdded = new Map(ports.map((p) => [p, new RuleLedger(t)]));
    this.unmatched = new RuleLedger(t);
    this.index();
  }

  /** Every contribution dropped (folded at T first): every flow is about to be counted afresh. */
  zero(): void {
    const { traffic, T } = this;
    for (const p of this.ports.values()) {
      p.fold(traffic, T);
      p.demand = new Coef();
      p.lost = new Coef();
    }
    for (const p of this.rxAdded.values()) {
      p.fold(traffic, T);
      p.coef = new Coef();
    }
    this.unmatched = new RuleLedger(T);
  }

  /**
   * Adds (sign 1) or takes back (-1) what flow `id` gives its rule and the ports it reaches.
   * `skip`: a rule whose ledger is left alone (a removed rule: its ledger goes with it).
   */
  apply(flows: FlowTable, id: number, sign: 1 | -1, skip: RuleRec | null = null): void {
    const port = flows.port[id]!;
    const z = flows.size[id]!;
    const addedBps = flows.added[id]!;
    const s = sign * flows.share[id]!;
    const c = (sign * addedBps) / 8;
    const traffic = this.traffic;
    if (addedBps > 0) {
      const rx = this.rxAt[port];
      if (rx) rx.coef.add(traffic, this.anchor(rx), port, 0, 0, c, c / z, sign);
    }
    const win = flows.win[id]!;
    if (win === null || win !== skip) {
      const sink = win ? win.ledger : this.unmatched;
      sink.coef.add(traffic, this.anchor(sink), port, s, s / z, c, c / z, sign);
    }
    const fw = flows.fw[id];
    if (!fw) return;
    const outputs = fw.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const o = outputs[i]!;
      const l = this.portAt[o.port];
      if (!l) continue;
      const k = o.sizeDelta === 0 ? 1 : Math.max(1, z + o.sizeDelta) / z;
      l.demand.add(traffic, this.anchor(l), port, s * k, s / z, c * k, c / z, sign);
    }
    const lost = fw.lost;
    for (let i = 0; i < lost.length; i++) {
      const l = this.portAt[lost[i]!];
      if (l) l.lost.add(traffic, this.anchor(l), port, s, s / z, c, c / z, sign);
    }
  }

  /**
   * Where new entries of ledger `l` anchor: its t0, once it is folded at T (a ledger is folded
   * before its coefficients change; folding keeps its Coef objects).
   */
  private anchor(l: Foldable): number {
    if (l.t0 < this.T) l.fold(this.traffic, this.T);
    return l.t0;
  }

  /** Each port decides how to integrate its tx (after its demand or link changed). */
  settle(): void {
    for (const l of this.ports.values()) l.settle(this.traffic);
  }

  private index(): void {
    this.portAt = [];
    this.rxAt = [];
    for (const [p, l] of this.ports) this.portAt[p] = l;
    for (const [p, l] of this.rxAdded) this.rxAt[p] = l;
  }
}
