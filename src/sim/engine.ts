/**
 * The forwarding engine: every flow (flows.ts) is classified against the active rules (the
 * highest priority wins; equal priorities: the earlier installed), its winner's actions are
 * applied (output, groups, drop, VLAN push/pop) and the counters integrate what each rule
 * matched and what each port is sent (ledger.ts, port-ledger.ts).
 *
 * The engine follows the device state: after every change (SimState.changed) it diffs the
 * rules, groups, group hash and links against what it knows and re-examines only the flows
 * a change can affect. Changes take effect at the current counter step's start, so a read
 * in the same step sees the same counters and the next step the new forwarding.
 */
import { canonicalMatch, type PortStats } from '../model/index.js';
import {
  Classifier,
  type ClassRule,
  type Flow,
  type ForwardContext,
  type Forwarding,
  forward,
} from '../tcam/index.js';
import { DEFAULT_FLOWS, type PortTraffic, populationOf, type SimFlow } from './flows.js';
import { Coef, RuleLedger } from './ledger.js';
import { PortLedger } from './port-ledger.js';
import type { SimRule, SimState } from './state.js';
import type { Traffic } from './traffic.js';

interface RuleRec {
  id: number;
  rule: SimRule;
  actions: readonly string[];
  since: number;
  ledger: RuleLedger;
  cls: EngineRule;
  /** The sync stamp it was last found in the state with. */
  seen: number;
  /**
   * Forwarding results by flow shape, for actions without groups (their result depends on
   * the flow only through its VLAN tag, ethertype and GRE; null for actions with groups);
   * valid for `memoCtx` and `memoActions`.
   */
  memo: Map<number, Forwarding> | null;
  memoCtx: ForwardContext | null;
  memoActions: readonly string[] | null;
}

/** The classifier's rule, pointing back at its record (the classifier hands it back as winner). */
interface EngineRule extends ClassRule {
  rec: RuleRec;
}

interface FlowRec {
  sim: SimFlow;
  win: RuleRec | null;
  fw: Forwarding | null;
}

/** Above this many rules added or removed at once the classifier is rebuilt instead. */
const BULK = 256;

export class Engine {
  private traffic: Traffic;
  private flows = new Map<number, FlowRec>();
  /** The same records by flow id (ids are small integers): the hot paths index this. */
  private flowAt: (FlowRec | undefined)[] = [];
  /** Marks the rules seen in a sync (see `sync`). */
  private stamp = 0;
  private cls: Classifier;
  private readonly byRule = new Map<SimRule, RuleRec>();
  private readonly byId = new Map<number, RuleRec>();
  private nextRuleId = 1;
  private nextFlowId = 1;
  private ports = new Map<number, PortLedger>();
  /** Added flows' rx on top of the profile, per port. */
  private rxAdded = new Map<number, RuleLedger>();
  private unmatched = new RuleLedger(0);
  private groupsSig = '';
  private hashSig = '';
  private linkVersion = -1;
  private version = -1;
  /** The boundary changes take effect at (the counter step's start), ms. */
  private T: number;
  private ctx: ForwardContext;

  constructor(
    private readonly state: SimState,
    private readonly flowTotal = DEFAULT_FLOWS,
  ) {
    this.traffic = state.traffic;
    this.T = state.now();
    this.ctx = this.context();
    this.cls = new Classifier();
    this.build([]);
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

  /** A fresh world for the present traffic model: flows, ledgers, every rule classified. */
  private build(added: SimFlow[]): void {
    const t = this.state.now();
    this.T = t;
    const traffic = this.traffic;
    const ports: PortTraffic[] = traffic.portNumbers().map((portNo) => {
      const prof = traffic.profileOf(portNo)!;
      return {
        portNo,
        meanBps: prof.rx.util * Math.max(traffic.link(portNo).maxBps, 1e8),
        size: prof.rx.size,
      };
    });
    this.flows.clear();
    this.flowAt = [];
    for (const sim of populationOf(this.state.seed, ports, this.flowTotal))
      this.keep({ sim, win: null, fw: null });
    this.nextFlowId = this.flows.size + 1;
    const known = new Set(traffic.portNumbers());
    for (const a of added) {
      if (!known.has(a.flow.in_port)) continue;
      a.flow.id = this.nextFlowId++;
      this.keep({ sim: a, win: null, fw: null });
    }
    this.ports = new Map(traffic.portNumbers().map((p) => [p, new PortLedger(p, t)]));
    this.rxAdded = new Map(traffic.portNumbers().map((p) => [p, new RuleLedger(t)]));
    this.unmatched = new RuleLedger(t);
    this.linkVersion = traffic.linkVersion;
    this.reclassifyAll(true);
  }

  private keep(f: FlowRec): void {
    this.flows.set(f.sim.flow.id, f);
    this.flowAt[f.sim.flow.id] = f;
  }

  /** Rebuilds the classifier from the state's rules (a save-point load, a reboot …). */
  private reclassifyAll(fresh: boolean): void {
    const t = this.T;
    const traffic = this.traffic;
    const old = new Map(this.byRule);
    this.byRule.clear();
    this.byId.clear();
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
      this.register(r, ledger);
    }
    const rules = [...this.byId.values()].map((r) => r.cls);
    const groupsSig = this.groupsSignature();
    const hashSig = this.hashSignature();
    const same =
      groupsSig === this.groupsSig &&
      hashSig === this.hashSig &&
      traffic.linkVersion === this.linkVersion;
    if (!fresh && same) this.replaceRules(rules);
    else this.recountAll(rules, fresh);
    this.settlePorts();
    this.groupsSig = groupsSig;
    this.hashSig = hashSig;
    this.linkVersion = traffic.linkVersion;
    this.version = this.state.version;
  }

  /** Every flow classified and counted afresh (a new world, or groups, hash or links changed). */
  private recountAll(rules: ClassRule[], fresh: boolean): void {
    const t = this.T;
    const traffic = this.traffic;
    for (const p of this.ports.values()) {
      p.fold(traffic, t);
      p.demand = new Coef();
      p.lost = new Coef();
    }
    for (const p of this.rxAdded.values()) {
      p.fold(traffic, t);
      p.coef = new Coef();
    }
    this.unmatched = new RuleLedger(t);
    if (fresh)
      this.cls = new Classifier(
        rules,
        [...this.flows.values()].map((f) => f.sim.flow),
      );
    else this.cls.replaceRules(rules);
    this.ctx = this.context();
    for (const f of this.flows.values()) {
      f.win = this.recOf(this.cls.winner(f.sim.flow.id));
      f.fw = f.win ? this.forwardOf(f.win, f.sim.flow) : null;
      this.apply(f, 1);
    }
  }

  /**
   * A new rule set under the same groups, hash and links: only the flows whose rule changed
   * (or whose rule's actions did) are counted again. A flow that keeps its rule (the same
   * priority and match, classify.ts) hands what it contributes on to the new rule's ledger.
   */
  private replaceRules(rules: ClassRule[]): void {
    const changed = this.cls.replaceRules(rules);
    this.ctx = this.context();
    const heirs = new Map<RuleRec, RuleRec>();
    const moved: FlowRec[] = [];
    for (const f of this.flows.values()) {
      const id = f.sim.flow.id;
      const w = this.recOf(this.cls.winner(id));
      const was = f.win;
      if (!changed.has(id) && (was === null || sameList(was.actions, w!.actions))) {
        if (was !== null) {
          heirs.set(was, w!);
          f.win = w;
        }
        continue;
      }
      this.apply(f, -1);
      f.win = w;
      moved.push(f);
    }
    for (const [from, to] of heirs) {
      to.ledger.coef = from.ledger.coef;
      to.ledger.coef.anchor(this.traffic, to.ledger.t0);
    }
    for (const f of moved) {
      f.fw = f.win ? this.forwardOf(f.win, f.sim.flow) : null;
      this.apply(f, 1);
    }
  }

  private register(r: SimRule, ledger: RuleLedger): RuleRec {
    const id = this.nextRuleId++;
    const rec = {
      id,
      rule: r,
      actions: r.actions,
      since: r.since,
      ledger,
      memo: null,
      memoCtx: null,
      memoActions: null,
      seen: 0,
    } as Omit<RuleRec, 'cls'> as RuleRec;
    rec.cls = {
      id,
      priority: r.priority,
      match: canonicalMatch(r.match).match,
      actions: r.actions,
      rec,
    };
    this.byRule.set(r, rec);
    this.byId.set(id, rec);
    return rec;
  }

  /** What the rule's actions do with the flow (memoized for actions without groups). */
  private forwardOf(rec: RuleRec, flow: Flow): Forwarding {
    const actions = rec.rule.actions;
    if (rec.memoCtx !== this.ctx || rec.memoActions !== actions) {
      rec.memo = actions.some((a) => a.includes('group')) ? null : new Map();
      rec.memoCtx = this.ctx;
      rec.memoActions = actions;
    }
    if (rec.memo === null) return forward(actions, flow, this.ctx);
    const shape =
      flow.dl_type * 4 + (flow.vlan === undefined ? 0 : 2) + (flow.nw_proto === 47 ? 1 : 0);
    let fw = rec.memo!.get(shape);
    if (!fw) {
      fw = forward(actions, flow, this.ctx);
      rec.memo!.set(shape, fw);
    }
    return fw;
  }

  private recOf(c: ClassRule | null): RuleRec | null {
    return c ? (c as EngineRule).rec : null;
  }

  private groupsSignature(): string {
    return JSON.stringify([...this.state.groups.entries()]);
  }

  private hashSignature(): string {
    return JSON.stringify(this.state.settings.groupHash);
  }

  // ---- contributions ---------------------------------------------------------------

  /** Adds (sign 1) or takes back (-1) what a flow gives its rule and the ports it reaches. */
  private apply(f: FlowRec, sign: 1 | -1): void {
    const { flow, share, addedBps } = f.sim;
    const port = flow.in_port;
    const z = flow.packet_size;
    const s = sign * share;
    const c = (sign * addedBps) / 8;
    if (addedBps > 0) {
      const rx = this.rxAdded.get(port);
      if (rx) this.into(rx, rx.coef, port, 0, 0, c, c / z, sign);
    }
    const sink = f.win ? f.win.ledger : this.unmatched;
    this.into(sink, sink.coef, port, s, s / z, c, c / z, sign);
    const fw = f.fw;
    if (!fw) return;
    for (let i = 0; i < fw.outputs.length; i++) {
      const o = fw.outputs[i]!;
      const l = this.ports.get(o.port);
      const k = Math.max(1, z + o.sizeDelta) / z;
      if (l) this.into(l, l.demand, port, s * k, s / z, c * k, c / z, sign);
    }
    for (let i = 0; i < fw.lost.length; i++) {
      const l = this.ports.get(fw.lost[i]!);
      if (l) this.into(l, l.lost, port, s, s / z, c, c / z, sign);
    }
  }

  /** A ledger is folded at T before its coefficients change; new entries anchor at its t0. */
  private into(
    l: { t0: number; fold(tr: Traffic, t: number): void },
    coef: Coef,
    port: number,
    b: number,
    p: number,
    cb: number,
    cp: number,
    n: number,
  ): void {
    if (l.t0 < this.T) l.fold(this.traffic, this.T);
    coef.add(this.traffic, l.t0, port, b, p, cb, cp, n);
  }

  private settlePorts(): void {
    for (const l of this.ports.values()) l.settle(this.traffic);
  }

  /** Re-examines flows: their winner (`to`, else the classifier's) and forwarding now. */
  private reflow(flows: readonly Flow[], to?: RuleRec): void {
    for (let i = 0; i < flows.length; i++) {
      const id = flows[i]!.id;
      const f = this.flowAt[id];
      if (!f) continue;
      this.apply(f, -1);
      f.win = to ?? this.recOf(this.cls.winner(id));
      f.fw = f.win ? this.forwardOf(f.win, f.sim.flow) : null;
      this.apply(f, 1);
    }
  }

  /** Re-forwards flows whose winner stays (actions, groups, hash or links changed). */
  private reforward(flows: Iterable<FlowRec>): void {
    for (const f of flows) {
      if (!f.win) continue;
      this.apply(f, -1);
      f.fw = this.forwardOf(f.win, f.sim.flow);
      this.apply(f, 1);
    }
  }

  // ---- following the state ---------------------------------------------------------

  /** Brings the engine in line with the device state; cheap when nothing changed. */
  sync(): void {
    const { state } = this;
    if (state.traffic !== this.traffic) {
      const added = [...this.flows.values()].filter((f) => f.sim.addedBps > 0).map((f) => f.sim);
      // rules that stay (permanent rules mode) keep their counters: fold them while the old
      // model still answers
      const t = Math.max(this.T, state.counterNow());
      for (const rec of this.byRule.values()) rec.ledger.fold(this.traffic, t);
      this.traffic = state.traffic;
      this.build(added);
      return;
    }
    if (this.version === state.version) return;
    this.T = Math.max(this.T, state.counterNow());
    const traffic = this.traffic;
    const stamp = ++this.stamp;
    const added: SimRule[] = [];
    for (const r of state.rules.values()) {
      const rec = this.byRule.get(r);
      if (rec) rec.seen = stamp;
      else added.push(r);
    }
    const seen: RuleRec[] = [];
    const removed: RuleRec[] = [];
    for (const rec of this.byRule.values()) (rec.seen === stamp ? seen : removed).push(rec);
    if (added.length + removed.length > BULK) {
      this.reclassifyAll(false);
      return;
    }
    for (const rec of removed) {
      rec.ledger.fold(traffic, this.T);
      const changed = this.cls.removeRuleFlows(rec.id);
      this.byRule.delete(rec.rule);
      this.byId.delete(rec.id);
      this.reflow(changed);
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
        const ledger = new RuleLedger(Math.max(r.since, this.T));
        ledger.coef = rec.ledger.coef;
        ledger.coef.anchor(traffic, ledger.t0);
        rec.ledger = ledger;
        rec.since = r.since;
      }
      if (r.actions !== rec.actions && !all) {
        rec.actions = r.actions;
        this.reforward(this.flowRecsOf(rec.id));
      }
      rec.actions = r.actions;
    }
    for (const r of added) {
      const rec = this.register(r, new RuleLedger(Math.max(r.since, this.T)));
      this.reflow(this.cls.addRuleFlows(rec.cls), rec);
    }
    if (all) {
      // the link changed at this instant (not at the step's start): fold the ports there, so
      // the way each one integrates (capped or not) changes exactly with the link
      if (relink) {
        const at = Math.max(this.T, state.now());
        for (const l of this.ports.values()) l.fold(traffic, at);
      }
      this.reforward(this.flows.values());
      this.groupsSig = groupsSig;
      this.hashSig = hashSig;
      this.linkVersion = traffic.linkVersion;
    }
    this.settlePorts();
    this.version = state.version;
  }

  private *flowRecsOf(ruleId: number): Iterable<FlowRec> {
    for (const f of this.cls.flowsOf(ruleId)) {
      const fr = this.flowAt[f.id];
      if (fr) yield fr;
    }
  }

  // ---- reading ---------------------------------------------------------------------

  /** A rule's counters at t (0 before its `since`); datarate_raw in bit/s. */
  ruleCounters(r: SimRule, t: number): RuleCounters {
    this.sync();
    const rec = this.byRule.get(r);
    if (!rec || t <= r.since) return { n_packets: 0n, n_bytes: 0n, datarate_raw: 0 };
    const c = rec.ledger.read(this.traffic, t);
    const [bps] = rec.ledger.coef.rate(this.traffic, t);
    return { ...c, datarate_raw: Math.round(bps * 8) };
  }

  /** Until when the rule's counters last moved (t itself while it matches traffic). */
  movedUntil(r: SimRule, t: number): number {
    this.sync();
    const rec = this.byRule.get(r);
    if (!rec) return r.since;
    const l = rec.ledger;
    // the flows it wins moved until their ports last carried traffic (within this piece)
    const active = t > l.t0 ? l.coef.lastActive(this.traffic, t) : null;
    return active !== null && active > l.t0 ? active : l.movedUntil;
  }

  /** GET /ports/stats: the profile's rx plus added flows, tx as forwarded. */
  portStats(t: number): PortStats[] {
    this.sync();
    const traffic = this.traffic;
    const extra = new Array<bigint>(12).fill(0n);
    return traffic.portNumbers().map((portNo) => {
      const l = this.ports.get(portNo);
      const prof = traffic.profileOf(portNo)!;
      extra.fill(0n);
      const rx = this.rxAdded.get(portNo)?.read(traffic, t);
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

  /** A port's rates now, bit/s: rx (profile + added), tx, tx dropped for lack of line rate. */
  portRates(portNo: number, t: number): { rx: number; tx: number; over: number } {
    this.sync();
    const l = this.ports.get(portNo);
    const r = l ? l.rate(this.traffic, t) : { tx: 0, over: 0 };
    const [added] = this.rxAdded.get(portNo)?.coef.rate(this.traffic, t) ?? [0];
    return {
      rx: this.traffic.portRxBps(portNo, t) + added * 8,
      tx: r.tx * 8,
      over: r.over * 8,
    };
  }

  /** What no rule matches, bit/s (dropped). */
  unmatchedBps(t: number): number {
    this.sync();
    return Math.round(this.unmatched.coef.rate(this.traffic, t)[0] * 8);
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
    for (const f of this.flows.values()) {
      if (filter.inPort !== undefined && f.sim.flow.in_port !== filter.inPort) continue;
      if (filter.cookie !== undefined && f.win?.rule.cookie !== filter.cookie) continue;
      yield {
        sim: f.sim,
        rule: f.win?.rule ?? null,
        outputs: f.fw?.outputs.map((o) => o.port) ?? [],
      };
    }
  }

  // ---- added flows -----------------------------------------------------------------

  /** Adds a flow (constant rate on top of its port's profile); returns its id. */
  addFlow(sim: SimFlow): number {
    this.sync();
    this.T = Math.max(this.T, this.state.counterNow());
    sim.flow.id = this.nextFlowId++;
    const f: FlowRec = { sim, win: null, fw: null };
    this.keep(f);
    this.cls.addFlow(sim.flow);
    f.win = this.recOf(this.cls.winner(sim.flow.id));
    f.fw = f.win ? this.forwardOf(f.win, sim.flow) : null;
    this.apply(f, 1);
    this.settlePorts();
    return sim.flow.id;
  }

  /** Removes one added flow (by id) or all of them; returns how many went. */
  removeAdded(id?: number): number {
    this.sync();
    this.T = Math.max(this.T, this.state.counterNow());
    let n = 0;
    for (const f of [...this.flows.values()]) {
      if (f.sim.addedBps <= 0 || (id !== undefined && f.sim.flow.id !== id)) continue;
      this.apply(f, -1);
      this.cls.removeFlow(f.sim.flow.id);
      this.flows.delete(f.sim.flow.id);
      this.flowAt[f.sim.flow.id] = undefined;
      n++;
    }
    this.settlePorts();
    return n;
  }

  /** How many flows the ports carry (profile and added). */
  flowCount(): number {
    this.sync();
    return this.flows.size;
  }

  /** Whether the flow id is an added flow. */
  isAdded(id: number): boolean {
    return (this.flows.get(id)?.sim.addedBps ?? 0) > 0;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a === b || (a.length === b.length && a.every((x, i) => x === b[i]));

export interface RuleCounters {
  n_packets: bigint;
  n_bytes: bigint;
  datarate_raw: number;
}

/** The state's engine, created on first use. */
export function engineOf(state: SimState): Engine {
  if (state.engine instanceof Engine) return state.engine;
  const engine = new Engine(state, state.flowTotal);
  state.engine = engine;
  return engine;
}
