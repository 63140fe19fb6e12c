/**
 * Which rule each flow meets, kept up to date as rules and flows come and go. A flow is
 * matched by the single highest-priority rule whose match admits it (flow.ts); among equal
 * priorities the rule installed earlier (lower `id`) wins. A flow no rule admits is unmatched.
 *
 * Incremental: flows are grouped in classes by (in_port, ethertype); each class keeps the
 * rules that may admit its flows — those whose in_port lists its port or is absent, and whose
 * ethertype is its own or unconstrained — sorted best first. Adding a rule re-examines only
 * the flows of its classes whose current winner it beats; removing one re-examines only the
 * flows it won. A rule listing more than WIDE_PORTS ports is filed as if it had no in_port
 * (its in_port is still checked).
 *
 * A flow a rule takes remembers the winner it had (`below`) and where its class's install log
 * stood: when that rule goes again, the flow's winner is `below` unless a rule installed in its
 * class since then, ranked between the two, admits it — no scan of the class's rules below the
 * removed one (rules ranked between them that were there at the take did not admit the flow,
 * or `below` would not have been its winner). When `below` has gone too, the log has been trimmed past the
 * take or the flow has no such memory (it was placed by a scan), the class is scanned from just
 * after the removed rule, as before.
 *
 * A flow is read when it is added (a later change to the object is not seen: add it again).
 * Rule ids are integers 0 ≤ id < 2^32.
 */
import type { Match } from '../model/index.js';
import {
  admits,
  type CompiledMatch,
  compileMatch,
  type Flow,
  l4KeyOf,
  type PackedFlow,
  packFlow,
} from './flow.js';
import { ruleRank } from './rank.js';

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
  /** Ports it is filed under (null: every port) and its ethertype (null: any). */
  readonly ports: ReadonlySet<number> | null;
  readonly dlType: number | null;
  /** The flows it wins (each knows its slot). */
  readonly won: FlowRec[];
  /** During replaceRules: the new entry of the same priority and match (old entries). */
  twin: Entry | null;
  /** During replaceRules: no old entry has its priority and match (new entries). */
  fresh: boolean;
  /** Removed (a flow's `below` may still point at it). */
  dead: boolean;
}

interface FlowRec {
  readonly id: number;
  readonly p: PackedFlow;
  readonly cls: FlowClass;
  winner: Entry | null;
  /** winner.rank, or Infinity when unmatched (kept here: the hot loops read it per flow). */
  rank: number;
  /** Index in winner.won (or in the unmatched list). */
  slot: number;
  /** Index in cls.flows. */
  at: number;
  /**
   * The winner it had when its current winner took it (null: unmatched), and the class log
   * sequence number just after that take; -1: not known (placed by a scan).
   */
  below: Entry | null;
  belowSeq: number;
}

interface FlowClass {
  readonly port: number;
  readonly dlType: number;
  /** The rules that may admit its flows, best first. */
  readonly rules: Entry[];
  readonly flows: FlowRec[];
  /** The rules installed in it one by one (addRule), oldest first; log[0] has sequence logBase. */
  log: Entry[];
  logBase: number;
  /** Its rules split by the L4 key they require (built on first scan; null: not built). */
  index: ClassIndex | null;
}

/**
 * A class's rules in two lists, each best first: those that require one (IP protocol, L4
 * destination port) by that key, and the rest. A flow can only be admitted by the rest and
 * by the rules of its own key, so a scan merges those two lists (a class of rules that each
 * name one service is scanned in a few steps instead of all of its rules).
 */
interface ClassIndex {
  readonly general: Entry[];
  readonly byKey: Map<number, Entry[]>;
}

/** A class log longer than twice this is cut back to the last LOG_KEEP installs. */
export const LOG_KEEP = 256;

/** replaceRules: above this many fresh rules in a class, an unmatched flow is placed by the index. */
const FRESH_SCAN = 32;

/** Rules with more ports than this are filed under every port. */
export const WIDE_PORTS = 64;

const classKey = (port: number, dlType: number) => port * 0x10000 + dlType;
/** The device's ranking (rank.ts, the one trace uses too). */
const rankOf = (r: ClassRule) => ruleRank(r.priority, r.id);

/** A rule's priority and match (field order aside), for replaceRules. */
function ruleKey(r: ClassRule): string {
  const m = r.match;
  const keys = Object.keys(m).sort();
  let k = String(r.priority);
  for (const f of keys) k += `\u0000${f}\u0001${m[f]}`;
  return k;
}

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

const fits = (e: Entry, cls: FlowClass) =>
  (e.ports === null || e.ports.has(cls.port)) && (e.dlType === null || e.dlType === cls.dlType);

/** The index's list an entry belongs in (made when missing). */
function listOf(ix: ClassIndex, e: Entry): Entry[] {
  const k = e.c.l4Key;
  if (k < 0) return ix.general;
  let list = ix.byKey.get(k);
  if (list === undefined) {
    list = [];
    ix.byKey.set(k, list);
  }
  return list;
}

function indexOf(cls: FlowClass): ClassIndex {
  if (cls.index !== null) return cls.index;
  const ix: ClassIndex = { general: [], byKey: new Map() };
  for (const e of cls.rules) listOf(ix, e).push(e);
  cls.index = ix;
  return ix;
}

/** Appends the flow to a slot list. */
function put(list: FlowRec[], f: FlowRec): void {
  f.slot = list.length;
  list.push(f);
}

/** Removes the flow from a slot list (the last one takes its place). */
function take(list: FlowRec[], f: FlowRec): void {
  const last = list.pop()!;
  if (last !== f) {
    list[f.slot] = last;
    last.slot = f.slot;
  }
}

export class Classifier {
  private readonly entries = new Map<number, Entry>();
  private readonly classes = new Map<number, FlowClass>();
  private readonly byPort = new Map<number, FlowClass[]>();
  private readonly flowRecs = new Map<number, FlowRec>();
  private readonly lost: FlowRec[] = [];

  constructor(rules: Iterable<ClassRule> = [], flows: Iterable<Flow> = []) {
    for (const rule of rules) this.entries.set(rule.id, this.entry(rule));
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
    for (const f of this.install(rule)) changed.add(f.id);
    return changed;
  }

  /**
   * addRule for a rule id not present, returning the ids of the flows it takes (every one of
   * them now meets this rule) as an array: no set to build and look up on a hot path.
   */
  addRuleIds(rule: ClassRule): number[] {
    if (this.entries.has(rule.id)) return [...this.addRule(rule)];
    const taken = this.install(rule);
    const ids = new Array<number>(taken.length);
    for (let i = 0; i < taken.length; i++) ids[i] = taken[i]!.id;
    return ids;
  }

  /** addRuleIds handing over the flows themselves. */
  addRuleFlows(rule: ClassRule): Flow[] {
    return this.addRuleIds(rule).map((id) => this.flow(id)!);
  }

  private install(rule: ClassRule): FlowRec[] {
    const taken: FlowRec[] = [];
    const e = this.entry(rule);
    this.entries.set(rule.id, e);
    const { lost } = this;
    this.eachClass(e, (cls) => {
      cls.rules.splice(after(cls.rules, e.rank), 0, e);
      if (cls.index !== null) {
        const list = listOf(cls.index, e);
        list.splice(after(list, e.rank), 0, e);
      }
      const log = cls.log;
      log.push(e);
      if (log.length > 2 * LOG_KEEP) {
        const cut = log.length - LOG_KEEP;
        log.splice(0, cut);
        cls.logBase += cut;
      }
      const seq = cls.logBase + log.length;
      const flows = cls.flows;
      for (let i = 0; i < flows.length; i++) {
        const f = flows[i]!;
        if (f.rank < e.rank || !admits(e.c, f.p)) continue;
        const w = f.winner;
        take(w === null ? lost : w.won, f);
        f.below = w;
        f.belowSeq = seq;
        f.winner = e;
        f.rank = e.rank;
        put(e.won, f);
        taken.push(f);
      }
    });
    return taken;
  }

  /** Removes a rule; returns the flows whose winner changed (every flow it won). */
  removeRule(ruleId: number): Set<number> {
    return new Set(this.uninstall(ruleId).map((f) => f.id));
  }

  /**
   * removeRule returning the ids of the flows it gave up as an array (see addRuleIds); when
   * `winners` is given, each flow's new rule (null: unmatched) is written there at its index.
   */
  removeRuleIds(ruleId: number, winners?: (ClassRule | null)[]): number[] {
    const given = this.uninstall(ruleId);
    const ids = new Array<number>(given.length);
    if (winners) winners.length = given.length;
    for (let i = 0; i < given.length; i++) {
      const f = given[i]!;
      ids[i] = f.id;
      if (winners) winners[i] = f.winner === null ? null : f.winner.rule;
    }
    return ids;
  }

  /** removeRuleIds handing over the flows themselves. */
  removeRuleFlows(ruleId: number): Flow[] {
    return this.uninstall(ruleId).map((f) => f.p.flow);
  }

  private uninstall(ruleId: number): FlowRec[] {
    const e = this.entries.get(ruleId);
    if (!e) return [];
    this.entries.delete(ruleId);
    e.dead = true;
    this.eachClass(e, (cls) => {
      const i = cls.rules.indexOf(e);
      if (i >= 0) cls.rules.splice(i, 1);
      if (cls.index !== null) {
        const list = listOf(cls.index, e);
        const j = list.indexOf(e);
        if (j >= 0) list.splice(j, 1);
      }
    });
    // every flow it won moves to the best rule after it in its class
    const given = e.won.slice();
    e.won.length = 0;
    for (const f of given) if (!this.fallBack(f, e.rank)) this.place(f, e.rank);
    return given;
  }

  /**
   * Gives a flow whose winner (ranked `rank`) went the winner it had before that rule took
   * it, or a rule installed since that ranks between the two and admits it; false (nothing
   * done) when the flow's memory cannot tell (see the file's comment).
   */
  private fallBack(f: FlowRec, rank: number): boolean {
    const cls = f.cls;
    const b = f.below;
    const since = f.belowSeq - cls.logBase;
    if (f.belowSeq < 0 || since < 0 || b?.dead) return false;
    let win = b;
    let wr = b === null ? Number.POSITIVE_INFINITY : b.rank;
    const log = cls.log;
    const p = f.p;
    for (let k = since; k < log.length; k++) {
      const c = log[k]!;
      if (c.dead || c.rank <= rank || c.rank >= wr || !admits(c.c, p)) continue;
      win = c;
      wr = c.rank;
    }
    f.winner = win;
    f.rank = wr;
    f.belowSeq = -1;
    f.below = null;
    put(win === null ? this.lost : win.won, f);
    return true;
  }

  /**
   * Replaces every rule at once (a save-point activated); returns the flows whose winner
   * changed. A new rule with the same priority and match as an old one (the same id first,
   * else the only old rule of that priority and match) is that rule again: its flows stay
   * unless a new rule above it, or one of its priority, now takes them. So only those few
   * rules are tried against flows that keep their rule (see `replace`).
   */
  replaceRules(rules: Iterable<ClassRule>): Set<number> {
    const old = [...this.entries.values()];
    const byKey = new Map<string, Entry[]>();
    for (const e of old) {
      const k = ruleKey(e.rule);
      const list = byKey.get(k);
      if (list) list.push(e);
      else byKey.set(k, [e]);
    }
    this.entries.clear();
    for (const rule of rules) {
      const list = byKey.get(ruleKey(rule));
      let o = list?.find((e) => e.twin === null && e.rule.id === rule.id);
      if (!o && list?.length === 1 && list[0]!.twin === null) o = list[0];
      const e = this.entry(rule, o?.c);
      if (o) {
        o.twin = e;
        e.fresh = false;
      }
      this.entries.set(rule.id, e);
    }
    for (const e of old) e.dead = true;
    for (const cls of this.classes.values()) {
      cls.logBase += cls.log.length;
      cls.log = [];
      cls.index = null;
      cls.rules.length = 0;
      for (const e of this.entries.values()) if (fits(e, cls)) cls.rules.push(e);
      cls.rules.sort((a, b) => a.rank - b.rank);
    }
    this.lost.length = 0;
    const changed = new Set<number>();
    const fresh = new Map<FlowClass, number[]>();
    for (const f of this.flowRecs.values()) {
      let list = fresh.get(f.cls);
      if (list === undefined) {
        list = [];
        f.cls.rules.forEach((e, i) => {
          if (e.fresh) list!.push(i);
        });
        fresh.set(f.cls, list);
      }
      if (this.replace(f, list)) changed.add(f.id);
    }
    for (const e of old) e.twin = null;
    for (const e of this.entries.values()) e.fresh = true;
    return changed;
  }

  /**
   * Places a flow among the new rules of replaceRules (its class's `fresh` rule indices
   * given); true when its winner is not its old winner's twin. A kept rule above the old
   * winner's priority did not admit the flow before (same match), so only fresh rules and
   * those of the old winner's priority (their order may change) need trying.
   */
  private replace(f: FlowRec, fresh: readonly number[]): boolean {
    const was = f.winner;
    f.below = null;
    f.belowSeq = -1;
    if (was !== null && was.twin === null) {
      this.place(f, -1);
      return true;
    }
    if (was === null && fresh.length > FRESH_SCAN) {
      // no kept rule admits it (it was unmatched under their matches): any rule that does is
      // fresh, and the index finds it faster than trying each fresh rule
      this.place(f, -1);
      return f.winner !== null;
    }
    const rules = f.cls.rules;
    const twin = was === null ? null : was.twin!;
    const end = twin === null ? rules.length : after(rules, twin.rank) - 1;
    let from = end;
    if (twin !== null) {
      const pr = twin.rule.priority;
      while (from > 0 && rules[from - 1]!.rule.priority === pr) from--;
    }
    const p = f.p;
    let win: Entry | null = null;
    for (let k = 0; k < fresh.length; k++) {
      const i = fresh[k]!;
      if (i >= from) break;
      if (admits(rules[i]!.c, p)) {
        win = rules[i]!;
        break;
      }
    }
    for (let i = from; win === null && i < end; i++) if (admits(rules[i]!.c, p)) win = rules[i]!;
    if (win === null) win = twin;
    f.winner = win;
    if (win === null) {
      f.rank = Number.POSITIVE_INFINITY;
      put(this.lost, f);
    } else {
      f.rank = win.rank;
      put(win.won, f);
    }
    return win !== twin;
  }

  /** Adds a flow (an id already present is replaced) and classifies it. */
  addFlow(flow: Flow): void {
    if (this.flowRecs.has(flow.id)) this.removeFlow(flow.id);
    const p = packFlow(flow);
    const cls = this.classOf(p.inPort, p.dlType);
    const f: FlowRec = {
      id: flow.id,
      p,
      cls,
      winner: null,
      rank: Number.POSITIVE_INFINITY,
      slot: 0,
      at: cls.flows.length,
      below: null,
      belowSeq: -1,
    };
    cls.flows.push(f);
    this.flowRecs.set(flow.id, f);
    this.place(f, -1);
  }

  removeFlow(flowId: number): void {
    const f = this.flowRecs.get(flowId);
    if (!f) return;
    this.flowRecs.delete(flowId);
    take(f.winner === null ? this.lost : f.winner.won, f);
    const flows = f.cls.flows;
    const last = flows.pop()!;
    if (last !== f) {
      flows[f.at] = last;
      last.at = f.at;
    }
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

  /** The flows this rule currently wins (a live view: finish it before changing the classifier). */
  *flowsOf(ruleId: number): Iterable<Flow> {
    const e = this.entries.get(ruleId);
    if (e) for (const f of e.won) yield f.p.flow;
  }

  /** How many flows this rule currently wins. */
  countOf(ruleId: number): number {
    return this.entries.get(ruleId)?.won.length ?? 0;
  }

  /** The flows no rule matches (a live view, like flowsOf). */
  *unmatched(): Iterable<Flow> {
    for (const f of this.lost) yield f.p.flow;
  }

  *flows(): Iterable<Flow> {
    for (const f of this.flowRecs.values()) yield f.p.flow;
  }

  *rules(): Iterable<ClassRule> {
    for (const e of this.entries.values()) yield e.rule;
  }

  private entry(rule: ClassRule, compiled?: CompiledMatch): Entry {
    const c = compiled ?? compileMatch(rule.match);
    const ports = c.ports === null || c.ports.length > WIDE_PORTS ? null : new Set(c.ports);
    return {
      rule,
      c,
      rank: rankOf(rule),
      ports,
      dlType: c.dlType,
      won: [],
      twin: null,
      fresh: true,
      dead: false,
    };
  }

  /** The class of (port, ethertype), made with its rules on first use. */
  private classOf(port: number, dlType: number): FlowClass {
    const k = classKey(port, dlType);
    let cls = this.classes.get(k);
    if (cls === undefined) {
      cls = { port, dlType, rules: [], flows: [], log: [], logBase: 0, index: null };
      for (const e of this.entries.values()) if (fits(e, cls)) cls.rules.push(e);
      cls.rules.sort((a, b) => a.rank - b.rank);
      this.classes.set(k, cls);
      const list = this.byPort.get(port);
      if (list) list.push(cls);
      else this.byPort.set(port, [cls]);
    }
    return cls;
  }

  /** Calls `fn` for each existing class the entry is filed in. */
  private eachClass(e: Entry, fn: (cls: FlowClass) => void): void {
    if (e.ports === null || e.ports.size > this.byPort.size) {
      for (const cls of this.classes.values()) if (fits(e, cls)) fn(cls);
      return;
    }
    for (const port of e.ports) {
      const list = this.byPort.get(port);
      if (list) for (const cls of list) if (e.dlType === null || e.dlType === cls.dlType) fn(cls);
    }
  }

  /**
   * Gives the flow the best rule of its class ranked below `rank` (-1: any) that admits it,
   * or none: its class index's general rules and those of its L4 key, merged best first.
   */
  private place(f: FlowRec, rank: number): void {
    const ix = indexOf(f.cls);
    const p = f.p;
    f.below = null;
    f.belowSeq = -1;
    const g = ix.general;
    const k = l4KeyOf(p);
    const b = k < 0 ? undefined : ix.byKey.get(k);
    const gn = g.length;
    const bn = b === undefined ? 0 : b.length;
    let i = rank < 0 ? 0 : after(g, rank);
    let j = b === undefined || rank < 0 ? 0 : after(b, rank);
    while (i < gn || j < bn) {
      const e = j >= bn || (i < gn && g[i]!.rank < b![j]!.rank) ? g[i++]! : b![j++]!;
      if (admits(e.c, p)) {
        f.winner = e;
        f.rank = e.rank;
        put(e.won, f);
        return;
      }
    }
    f.winner = null;
    f.rank = Number.POSITIVE_INFINITY;
    put(this.lost, f);
  }
}
