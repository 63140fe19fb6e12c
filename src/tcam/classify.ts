/**
 * Which rule each flow meets, kept up to date as rules and flows come and go. A flow is
 * matched by the single highest-priority rule whose match admits it (flow.ts); among equal
 * priorities the rule installed earlier (lower `id`) wins. A flow no rule admits is unmatched.
 *
 * Incremental: rules sit in lists keyed by (in_port, ethertype), each either a value or
 * "any", sorted best first; a flow consults only its four lists. Adding a rule re-examines
 * only the flows on its ports (and of its ethertype) whose current winner it beats; removing
 * one re-examines only the flows it won, from just after it. A rule listing more than
 * WIDE_PORTS ports is kept under "any port" (its in_port is still checked).
 */
import type { Match } from '../model/index.js';
import {
  admits,
  type CompiledMatch,
  compileMatch,
  type Flow,
  type PackedFlow,
  pack,
} from './flow.js';

export interface ClassRule {
  /** Install sequence: lower = installed earlier (wins among equal priorities). */
  id: number;
  priority: number;
  match: Match;
  actions: readonly string[];
}

interface Entry {
  readonly rule: ClassRule;
  readonly c: CompiledMatch;
  /** Lower is better: priority first, then id. */
  readonly rank: number;
  /** List keys the entry sits in. */
  readonly keys: readonly number[];
  readonly won: Set<FlowRec>;
}

interface FlowRec {
  readonly p: PackedFlow;
  winner: Entry | null;
}

/** Rules with more ports than this are listed under "any port". */
export const WIDE_PORTS = 64;
const ANY = -1;
const key = (port: number, dlType: number) => (port + 1) * 0x10001 + (dlType + 1);
/** Priority 0..65535 high-first, then id low-first; ids below 2^32. */
const rankOf = (r: ClassRule) => (0xffff - r.priority) * 0x1_0000_0000 + r.id;

/** First index in `list` whose rank is above `rank`. */
function after(list: readonly Entry[], rank: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.rank <= rank) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Classifier {
  private readonly entries = new Map<number, Entry>();
  private readonly lists = new Map<number, Entry[]>();
  private readonly flowRecs = new Map<number, FlowRec>();
  /** in_port → ethertype → flows. */
  private readonly byPort = new Map<number, Map<number, Set<FlowRec>>>();
  private readonly lost = new Set<FlowRec>();

  constructor(rules: Iterable<ClassRule> = [], flows: Iterable<Flow> = []) {
    for (const rule of rules) {
      if (this.entries.has(rule.id)) this.detach(this.entries.get(rule.id)!);
      const e = this.entry(rule);
      this.entries.set(rule.id, e);
      for (const k of e.keys) {
        const list = this.lists.get(k);
        if (list) list.push(e);
        else this.lists.set(k, [e]);
      }
    }
    for (const list of this.lists.values()) list.sort((a, b) => a.rank - b.rank);
    for (const flow of flows) this.addFlow(flow);
  }

  get ruleCount(): number {
    return this.entries.size;
  }

  get flowCount(): number {
    return this.flowRecs.size;
  }

  /**
   * Installs a rule; returns the flows whose winner changed. An id already present is
   * replaced: every flow the old version won counts as changed (its winner is a new object).
   */
  addRule(rule: ClassRule): Set<number> {
    const changed = this.entries.has(rule.id) ? this.removeRule(rule.id) : new Set<number>();
    const e = this.entry(rule);
    this.entries.set(rule.id, e);
    for (const k of e.keys) {
      const list = this.lists.get(k);
      if (list) list.splice(after(list, e.rank), 0, e);
      else this.lists.set(k, [e]);
    }
    const consider = (f: FlowRec) => {
      if (f.winner !== null && f.winner.rank < e.rank) return;
      if (!admits(e.c, f.p)) return;
      if (f.winner === null) this.lost.delete(f);
      else f.winner.won.delete(f);
      f.winner = e;
      e.won.add(f);
      changed.add(f.p.flow.id);
    };
    this.flowsUnder(e.c.ports, e.c.dlType, consider);
    return changed;
  }

  /** Removes a rule; returns the flows whose winner changed (every flow it won). */
  removeRule(ruleId: number): Set<number> {
    const changed = new Set<number>();
    const e = this.entries.get(ruleId);
    if (!e) return changed;
    this.detach(e);
    for (const f of e.won) {
      changed.add(f.p.flow.id);
      this.place(f, e.rank);
    }
    e.won.clear();
    return changed;
  }

  addFlow(flow: Flow): void {
    if (this.flowRecs.has(flow.id)) this.removeFlow(flow.id);
    const f: FlowRec = { p: pack(flow), winner: null };
    this.flowRecs.set(flow.id, f);
    let types = this.byPort.get(f.p.inPort);
    if (!types) {
      types = new Map();
      this.byPort.set(f.p.inPort, types);
    }
    const set = types.get(f.p.dlType);
    if (set) set.add(f);
    else types.set(f.p.dlType, new Set([f]));
    this.place(f, -1);
  }

  removeFlow(flowId: number): void {
    const f = this.flowRecs.get(flowId);
    if (!f) return;
    this.flowRecs.delete(flowId);
    if (f.winner) f.winner.won.delete(f);
    else this.lost.delete(f);
    const types = this.byPort.get(f.p.inPort);
    const set = types?.get(f.p.dlType);
    set?.delete(f);
    if (set?.size === 0) types!.delete(f.p.dlType);
    if (types?.size === 0) this.byPort.delete(f.p.inPort);
  }

  /** The rule the flow meets, or null (unmatched, or no such flow). */
  winner(flowId: number): ClassRule | null {
    return this.flowRecs.get(flowId)?.winner?.rule ?? null;
  }

  rule(ruleId: number): ClassRule | undefined {
    return this.entries.get(ruleId)?.rule;
  }

  flow(flowId: number): Flow | undefined {
    return this.flowRecs.get(flowId)?.p.flow;
  }

  /** The flows this rule currently wins. */
  *flowsOf(ruleId: number): Iterable<Flow> {
    const e = this.entries.get(ruleId);
    if (e) for (const f of e.won) yield f.p.flow;
  }

  /** How many flows this rule currently wins. */
  countOf(ruleId: number): number {
    return this.entries.get(ruleId)?.won.size ?? 0;
  }

  *unmatched(): Iterable<Flow> {
    for (const f of this.lost) yield f.p.flow;
  }

  *flows(): Iterable<Flow> {
    for (const f of this.flowRecs.values()) yield f.p.flow;
  }

  *rules(): Iterable<ClassRule> {
    for (const e of this.entries.values()) yield e.rule;
  }

  private entry(rule: ClassRule): Entry {
    const c = compileMatch(rule.match);
    const t = c.dlType ?? ANY;
    const ports = c.ports === null || c.ports.length > WIDE_PORTS ? [ANY] : c.ports;
    return {
      rule,
      c,
      rank: rankOf(rule),
      keys: ports.map((p) => key(p, t)),
      won: new Set(),
    };
  }

  private detach(e: Entry): void {
    this.entries.delete(e.rule.id);
    for (const k of e.keys) {
      const list = this.lists.get(k);
      if (!list) continue;
      const i = list.indexOf(e);
      if (i >= 0) list.splice(i, 1);
      if (list.length === 0) this.lists.delete(k);
    }
  }

  /** Gives the flow the best rule ranked after `from` that admits it (or none). */
  private place(f: FlowRec, from: number): void {
    const w = this.best(f.p, from);
    f.winner = w;
    if (w) w.won.add(f);
    else this.lost.add(f);
  }

  /** Merges the flow's four lists, best first, from just after rank `from`. */
  private best(p: PackedFlow, from: number): Entry | null {
    const ls: Entry[][] = [];
    for (const k of [
      key(p.inPort, p.dlType),
      key(p.inPort, ANY),
      key(ANY, p.dlType),
      key(ANY, ANY),
    ]) {
      const l = this.lists.get(k);
      if (l) ls.push(l);
    }
    const at = ls.map((l) => (from < 0 ? 0 : after(l, from)));
    for (;;) {
      let bi = -1;
      let br = Number.POSITIVE_INFINITY;
      for (let i = 0; i < ls.length; i++) {
        const e = ls[i]![at[i]!];
        if (e !== undefined && e.rank < br) {
          br = e.rank;
          bi = i;
        }
      }
      if (bi < 0) return null;
      const e = ls[bi]![at[bi]!]!;
      at[bi]!++;
      if (admits(e.c, p)) return e;
    }
  }

  /** Calls `fn` for each flow a rule with these ports and ethertype may admit. */
  private flowsUnder(
    ports: readonly number[] | null,
    dlType: number | null,
    fn: (f: FlowRec) => void,
  ): void {
    const visit = (types: Map<number, Set<FlowRec>>) => {
      if (dlType === null) {
        for (const set of types.values()) for (const f of set) fn(f);
      } else {
        const set = types.get(dlType);
        if (set) for (const f of set) fn(f);
      }
    };
    if (ports === null || ports.length > this.byPort.size) {
      const only = ports === null ? null : new Set(ports);
      for (const [port, types] of this.byPort) if (!only || only.has(port)) visit(types);
    } else {
      for (const port of ports) {
        const types = this.byPort.get(port);
        if (types) visit(types);
      }
    }
  }
}
