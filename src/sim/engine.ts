/**
 * The forwarding engine: every flow (flows.ts) is classified against the active rules (the
 * highest priority wins; equal priorities: the earlier installed), its winner's actions are
 * applied (output, groups, drop, VLAN push/pop) and the counters integrate what each rule
 * matched and what each port is sent (engine-tally.ts, ledger.ts, port-ledger.ts).
 *
 * The engine follows the device state: after every change (SimState.changed) it diffs the
 * rules, groups, group hash and links against what it knows and re-examines only the flows
 * a change can affect. Changes take effect at the current counter step's start, so a read
 * in the same step sees the same counters and the next step the new forwarding.
 */
import type { PortStats } from '../model/index.js';
import { Classifier, type ClassRule, type ForwardContext } from '../traffic/index.js';
import { FlowTable } from './engine-flows.js';
import {
  ledgerCounters,
  ledgerMovedUntil,
  portRatesOf,
  portStatsOf,
  type RuleCounters,
} from './engine-read.js';
import { forwardOf, RuleBook, type RuleRec, recOf } from './engine-rules.js';
import { Tally } from './engine-tally.js';
import { DEFAULT_FLOWS, type PortTraffic, populationOf, type SimFlow } from './flows.js';
import { RuleLedger } from './ledger.js';
import type { SimRule, SimState } from './state.js';

export type { RuleCounters } from './engine-read.js';

/** Above this many rules added or removed at once the classifier is rebuilt instead. */
const BULK = 256;

export class Engine {
  /**
   * Above this many rules added or removed at once the rule set is replaced as a whole
   * (reclassifyAll); tests lower it to drive small rule sets through that path.
   */
  bulk = BULK;
  private readonly flows = new FlowTable();
  /** Marks the rules seen in a sync (see `sync`). */
  private stamp = 0;
  private cls: Classifier;
  private readonly book = new RuleBook();
  private nextFlowId = 1;
  private readonly tally: Tally;
  private groupsSig = '';
  private hashSig = '';
  private linkVersion = -1;
  private version = -1;
  private ctx: ForwardContext;
  /** Scratch: the new rules of the flows a removed rule gives back. */
  private readonly winners: (ClassRule | null)[] = [];

  constructor(
    private readonly state: SimState,
    private readonly flowTotal = DEFAULT_FLOWS,
  ) {
    this.tally = new Tally(state.traffic, state.now());
    this.ctx = this.context();
    this.cls = new Classifier();
    this.build([]);
  }

  private get traffic() {
    return this.tally.traffic;
  }

  // ---- building -------------------------------------------------------------------

  private context(): ForwardContext {
    const { state } = this;
    const traffic = this.traffic;
    return {
      groups: state.groups,
      portUp: (p) => traffic.link(p).active,
      hashFields: Object.entries(state.settings.groupHash)
        .filter(([, on]) => on)
        .map(([k]) => k),
    };
  }

  /** A fresh world for the state's traffic model: flows, ledgers, every rule classified. */
  private build(added: SimFlow[]): void {
    const t = this.state.now();
    const traffic = this.state.traffic;
    const ports: PortTraffic[] = traffic.portNumbers().map((portNo) => {
      const prof = traffic.profileOf(portNo)!;
      return {
        portNo,
        meanBps: prof.rx.util * Math.max(traffic.link(portNo).maxBps, 1e8),
        size: prof.rx.size,
      };
    });
    this.flows.clear();
    for (const sim of populationOf(this.state.seed, ports, this.flowTotal)) this.flows.put(sim);
    this.nextFlowId = this.flows.count + 1;
    const known = new Set(traffic.portNumbers());
    for (const a of added) {
      if (!known.has(a.flow.in_port)) continue;
      a.flow.id = this.nextFlowId++;
      this.flows.put(a);
    }
    this.tally.reset(traffic, t);
    this.linkVersion = traffic.linkVersion;
    this.reclassifyAll(true);
  }

  /** Rebuilds the classifier from the state's rules (a save-point load, a reboot …). */
  private reclassifyAll(fresh: boolean): void {
    const t = this.tally.T;
    const traffic = this.traffic;
    const old = new Map(this.book.byRule);
    this.book.clear();
    for (const r of this.state.rules.values()) {
      const prev = old.get(r);
      const ledger = new RuleLedger(Math.max(r.since, t));
      if (prev && prev.since === r.since) {
        // a rule that stays keeps its counters (after a reboot the old ledger was folded
        // with the old traffic model, in sync())
        if (!fresh) prev.ledger.fold(traffic, t);
        ledger.t0 = Math.max(prev.ledger.t0, ledger.t0);
        Object.assign(ledger.bytes, prev.ledger.bytes);
        Object.assign(ledger.pkts, prev.ledger.pkts);
        ledger.movedUntil = prev.ledger.movedUntil;
      }
      this.book.register(r, ledger);
    }
    const rules = [...this.book.byId.values()].map((r) => r.cls);
    const groupsSig = this.groupsSignature();
    const hashSig = this.hashSignature();
    const same =
      groupsSig === this.groupsSig &&
      hashSig === this.hashSig &&
      traffic.linkVersion === this.linkVersion;
    if (!fresh && same) this.replaceRules(rules);
    else this.recountAll(rules, fresh);
    this.tally.settle();
    this.groupsSig = groupsSig;
    this.hashSig = hashSig;
    this.linkVersion = traffic.linkVersion;
    this.version = this.state.version;
  }

  /** Every flow classified and counted afresh (a new world, or groups, hash or links changed). */
  private recountAll(rules: ClassRule[], fresh: boolean): void {
    const { flows, tally } = this;
    tally.zero();
    if (fresh) {
      const all = [];
      for (const id of flows.ids()) all.push(flows.sim[id]!.flow);
      this.cls = new Classifier(rules, all);
    } else this.cls.replaceRules(rules);
    this.ctx = this.context();
    for (const id of flows.ids()) {
      const w = recOf(this.cls.winner(id));
      flows.win[id] = w;
      flows.fw[id] = w ? forwardOf(w, flows, id, this.ctx) : null;
      tally.apply(flows, id, 1);
    }
  }

  /**
   * A new rule set under the same groups, hash and links: only the flows whose rule changed
   * (or whose rule's actions did) are counted again. A flow that keeps its rule (the same
   * priority and match, classify.ts) hands what it contributes on to the new rule's ledger.
   */
  private replaceRules(rules: ClassRule[]): void {
    const { flows, tally } = this;
    const changed = this.cls.replaceRules(rules);
    this.ctx = this.context();
    const heirs = new Map<RuleRec, RuleRec>();
    const moved: number[] = [];
    for (const id of flows.ids()) {
      const w = recOf(this.cls.winner(id));
      const was = flows.win[id]!;
      if (!changed.has(id) && (was === null || sameList(was.actions, w!.actions))) {
        if (was !== null) {
          heirs.set(was, w!);
          flows.win[id] = w;
        }
        continue;
      }
      tally.apply(flows, id, -1);
      flows.win[id] = w;
      moved.push(id);
    }
    for (const [from, to] of heirs) {
      to.ledger.coef = from.ledger.coef;
      to.ledger.coef.anchor(this.traffic, to.ledger.t0);
    }
    for (const id of moved) {
      const w = flows.win[id]!;
      flows.fw[id] = w ? forwardOf(w, flows, id, this.ctx) : null;
      tally.apply(flows, id, 1);
    }
  }

  private groupsSignature(): string {
    return JSON.stringify([...this.state.groups.entries()]);
  }

  private hashSignature(): string {
    return JSON.stringify(this.state.settings.groupHash);
  }

  // ---- re-examining flows ------------------------------------------------------------

  /** The flows a new rule takes: counted at it from now on. */
  private take(rec: RuleRec): void {
    const { flows, tally, ctx } = this;
    const taken = this.cls.addRuleIds(rec.cls);
    for (let i = 0; i < taken.length; i++) {
      const id = taken[i]!;
      if (!flows.has(id)) continue;
      tally.apply(flows, id, -1);
      flows.win[id] = rec;
      flows.fw[id] = forwardOf(rec, flows, id, ctx);
      tally.apply(flows, id, 1);
    }
  }

  /** The flows a removed rule gives back: counted at their new rules (its ledger goes with it). */
  private giveBack(rec: RuleRec): void {
    const { flows, tally, ctx, winners } = this;
    const given = this.cls.removeRuleIds(rec.id, winners);
    for (let i = 0; i < given.length; i++) {
      const id = given[i]!;
      if (!flows.has(id)) continue;
      tally.apply(flows, id, -1, rec);
      const w = recOf(winners[i]!);
      flows.win[id] = w;
      flows.fw[id] = w ? forwardOf(w, flows, id, ctx) : null;
      tally.apply(flows, id, 1);
    }
    winners.length = 0;
  }

  /** Re-forwards flows whose winner stays (actions, groups, hash or links changed). */
  private reforward(ids: Iterable<number>): void {
    const { flows, tally } = this;
    for (const id of ids) {
      const w = flows.win[id];
      if (!w) continue;
      tally.apply(flows, id, -1);
      flows.fw[id] = forwardOf(w, flows, id, this.ctx);
      tally.apply(flows, id, 1);
    }
  }

  // ---- following the state ---------------------------------------------------------

  /** Brings the engine in line with the device state; cheap when nothing changed. */
  sync(): void {
    const { state, tally, book } = this;
    if (state.traffic !== this.traffic) {
      const added: SimFlow[] = [];
      for (const id of this.flows.ids())
        if (this.flows.added[id]! > 0) added.push(this.flows.sim[id]!);
      // rules that stay (permanent rules mode) keep their counters: fold them while the old
      // model still answers
      const t = Math.max(tally.T, state.counterNow());
      for (const rec of book.byRule.values()) rec.ledger.fold(this.traffic, t);
      this.build(added);
      return;
    }
    if (this.version === state.version) return;
    tally.T = Math.max(tally.T, state.counterNow());
    const traffic = this.traffic;
    const stamp = ++this.stamp;
    const added: SimRule[] = [];
    for (const r of state.rules.values()) {
      const rec = book.byRule.get(r);
      if (rec) rec.seen = stamp;
      else added.push(r);
    }
    const seen: RuleRec[] = [];
    const removed: RuleRec[] = [];
    for (const rec of book.byRule.values()) (rec.seen === stamp ? seen : removed).push(rec);
    if (added.length + removed.length > this.bulk) {
      this.reclassifyAll(false);
      return;
    }
    for (const rec of removed) {
      rec.ledger.fold(traffic, tally.T);
      book.drop(rec);
      this.giveBack(rec);
    }
    const groupsSig = this.groupsSignature();
    const hashSig = this.hashSignature();
    const relink = traffic.linkVersion !== this.linkVersion;
    const all = groupsSig !== this.groupsSig || hashSig !== this.hashSig || relink;
    if (all || this.ctx.groups !== state.groups) this.ctx = this.context();
    for (const rec of seen) {
      const r = rec.rule;
      if (r.since !== rec.since) {
        // counters reset: the same flows, counted again from `since`
        const ledger = new RuleLedger(Math.max(r.since, tally.T));
        ledger.coef = rec.ledger.coef;
        ledger.coef.anchor(traffic, ledger.t0);
        rec.ledger = ledger;
        rec.since = r.since;
      }
      if (r.actions !== rec.actions && !all) {
        rec.actions = r.actions;
        this.reforward([...this.cls.flowsOf(rec.id)].map((f) => f.id));
      }
      rec.actions = r.actions;
    }
    for (const r of added) this.take(book.register(r, new RuleLedger(Math.max(r.since, tally.T))));
    if (all) {
      // the link changed at this instant (not at the step's start): fold the ports there, so
      // the way each one integrates (capped or not) changes exactly with the link
      if (relink) {
        const at = Math.max(tally.T, state.now());
        for (const l of tally.ports.values()) l.fold(traffic, at);
      }
      this.reforward(this.flows.ids());
      this.groupsSig = groupsSig;
      this.hashSig = hashSig;
      this.linkVersion = traffic.linkVersion;
    }
    tally.settle();
    this.version = state.version;
  }

  // ---- reading ---------------------------------------------------------------------

  /** A rule's counters at t (0 before its `since`); datarate_raw in bit/s. */
  ruleCounters(r: SimRule, t: number): RuleCounters {
    this.sync();
    const rec = this.book.byRule.get(r);
    if (!rec || t <= r.since) return { n_packets: 0n, n_bytes: 0n, datarate_raw: 0 };
    return ledgerCounters(rec.ledger, this.traffic, t);
  }

  /** Until when the rule's counters last moved (t itself while it matches traffic). */
  movedUntil(r: SimRule, t: number): number {
    this.sync();
    const rec = this.book.byRule.get(r);
    return rec ? ledgerMovedUntil(rec.ledger, this.traffic, t) : r.since;
  }

  /** GET /ports/stats: the profile's rx plus added flows, tx as forwarded. */
  portStats(t: number): PortStats[] {
    this.sync();
    return portStatsOf(this.tally, t);
  }

  /** A port's rates now, bit/s: rx (profile + added), tx, tx dropped for lack of line rate. */
  portRates(portNo: number, t: number): { rx: number; tx: number; over: number } {
    this.sync();
    return portRatesOf(this.tally, portNo, t);
  }

  /** What no rule matches, bit/s (dropped). */
  unmatchedBps(t: number): number {
    this.sync();
    return Math.round(this.tally.unmatched.coef.rate(this.traffic, t)[0] * 8);
  }

  /** A flow's rate now, bit/s. */
  flowBps(f: SimFlow, t: number): number {
    const port = f.flow.in_port;
    if (f.addedBps > 0) return this.traffic.activeAt(port, t) ? f.addedBps : 0;
    return f.share * this.traffic.rxRateAt(port, t) * 8;
  }

  /** Flows with their winner and outputs, for /_sim/flows. */
  *listFlows(filter: {
    inPort?: number;
    cookie?: bigint;
  }): Iterable<{ sim: SimFlow; rule: SimRule | null; outputs: number[] }> {
    this.sync();
    const { flows } = this;
    for (const id of flows.ids()) {
      const sim = flows.sim[id]!;
      const win = flows.win[id];
      if (filter.inPort !== undefined && sim.flow.in_port !== filter.inPort) continue;
      if (filter.cookie !== undefined && win?.rule.cookie !== filter.cookie) continue;
      yield {
        sim,
        rule: win?.rule ?? null,
        outputs: flows.fw[id]?.outputs.map((o) => o.port) ?? [],
      };
    }
  }

  // ---- added flows -----------------------------------------------------------------

  /** Adds a flow (constant rate on top of its port's profile); returns its id. */
  addFlow(sim: SimFlow): number {
    this.sync();
    const { flows, tally } = this;
    tally.T = Math.max(tally.T, this.state.counterNow());
    const id = this.nextFlowId++;
    sim.flow.id = id;
    flows.put(sim);
    this.cls.addFlow(sim.flow);
    const w = recOf(this.cls.winner(id));
    flows.win[id] = w;
    flows.fw[id] = w ? forwardOf(w, flows, id, this.ctx) : null;
    tally.apply(flows, id, 1);
    tally.settle();
    return id;
  }

  /** Removes one added flow (by id) or all of them; returns how many went. */
  removeAdded(id?: number): number {
    this.sync();
    const { flows, tally } = this;
    tally.T = Math.max(tally.T, this.state.counterNow());
    let n = 0;
    for (const i of [...flows.ids()]) {
      if (flows.added[i]! <= 0 || (id !== undefined && i !== id)) continue;
      tally.apply(flows, i, -1);
      this.cls.removeFlow(i);
      flows.remove(i);
      n++;
    }
    tally.settle();
    return n;
  }

  /** How many flows the ports carry (profile and added). */
  flowCount(): number {
    this.sync();
    return this.flows.count;
  }

  /** Whether the flow id is an added flow. */
  isAdded(id: number): boolean {
    return this.flows.has(id) && this.flows.added[id]! > 0;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

/** The state's engine, created on first use. */
export function engineOf(state: SimState): Engine {
  if (state.engine instanceof Engine) return state.engine;
  const engine = new Engine(state, state.flowTotal);
  state.engine = engine;
  return engine;
}
