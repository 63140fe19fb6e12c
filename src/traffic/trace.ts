/**
 * Where does this packet go? `trace` answers from what any device gives — its rule table, its
 * groups, its ports' link state and its group hash — with the simulator's own semantics: the
 * matcher of flow.ts (`compileMatch`/`firstMismatch`), the ranking of classify.ts (highest
 * priority; among equal priorities the rule listed earlier, which is the rule installed
 * earlier, wins) and the actions of forward.ts. Unlike the classifier it explains: every rule
 * ranked ahead of the winner is passed over with the first field (MATCH_ORDER) the packet
 * failed, each group says how it resolved, and a packet that goes nowhere says why.
 *
 * A select group's bucket is the one the simulator's hash (`selectHash`) picks; a real device
 * hashes in its own way, so the text also says which buckets were candidates.
 */
import type { Group, GroupHash, Match, PortConfig, PortInfo } from '../model/index.js';
import { portStates, setBounded } from '../model/index.js';
import { groupsUsed } from '../tcam/groups.js';
import { type CompiledMatch, compileMatch, firstMismatch } from './flow.js';
import { type Flow, type PackedFlow, packFlow } from './flow-pack.js';
import { type ForwardContext, forward } from './forward.js';
import { ruleRank } from './rank.js';

export interface TraceRule {
  cookie: bigint;
  priority: number;
  name: string;
  match: Match;
  actions: readonly string[];
  malformed?: string;
}

export interface TracePort {
  no: number;
  name: string;
  /** Link up and not shut down: what gets a copy. */
  up: boolean;
}

export interface TraceGroup {
  id: number;
  type: string;
  /** The bucket used, from 1; null for `all` (every bucket) or when no bucket was live. */
  bucket: number | null;
  /** How it resolved, in words ("one of buckets 1–3 by hash of ipsa, ipda → bucket 2"). */
  text: string;
}

export interface TraceOutput {
  port: number;
  name: string;
  up: boolean;
}

export type TraceVerdict = 'forwarded' | 'dropped' | 'unmatched';

export interface Trace<R extends TraceRule = TraceRule> {
  verdict: TraceVerdict;
  rule: R | null;
  /**
   * Rules ranked ahead of the winner (all rules when none matched), best first, each with the
   * first field the packet fails; made when first read (65,536 of them are many objects: 50 ms).
   * What shows a few uses passedFirst; only `pbc trace -o json` reads the whole list.
   */
  readonly passed: ReadonlyArray<{ rule: R; field: string }>;
  /** How many rules were passed over (passed.length without making the list). */
  passedCount: number;
  /**
   * The first `n` entries of `passed`, explained without making the whole list: what a table
   * or a screen shows (the first few dozen and passedCount), at the cost of `n` rules.
   */
  passedFirst(n: number): ReadonlyArray<{ rule: R; field: string }>;
  actions: readonly string[];
  groups: TraceGroup[];
  /** Copies delivered (ports up). */
  outputs: TraceOutput[];
  /** Copies sent to ports that are down (lost there). */
  lost: TraceOutput[];
  /** Why nothing is delivered, or (forwarded) which copies are lost; null otherwise. */
  reason: string | null;
  /** Malformed rules left out (their priority is unknown). */
  skipped: number;
}

export interface TraceDevice<R extends TraceRule = TraceRule> {
  /** In the device's order (GET /rules/all): among equal priorities the earlier wins. */
  rules: readonly R[];
  groups: readonly Group[];
  ports: readonly TracePort[];
  /** GET /device/grouphash (null: unknown, hashed on nothing). */
  hash: GroupHash | null;
}

/**
 * The ports as a trace sees them, from GET /ports/info (and /ports/config when known): up
 * when not shut down and the link is up (the one rule of src/model port-state.ts).
 */
export function tracePorts(
  info: readonly PortInfo[] | undefined,
  config?: readonly PortConfig[],
): TracePort[] {
  return portStates(info, config).map(({ no, name, up }) => ({ no, name, up }));
}

/** Interface name → port number, for a packet's `in_port=eth-0-3`. */
export function portNumbers(ports: readonly TracePort[]): Map<string, number> {
  return new Map(ports.map((p) => [p.name, p.no]));
}

/**
 * A rule list ranked as the device ranks it (highest priority first; among equal priorities
 * the rule listed earlier), every match compiled once, and — per (in_port, ethertype) a packet
 * can have — the ranks of the rules that can meet such a packet at all (their in_port admits
 * the port and their ethertype is the packet's, the classifier's classes): a trace tests only
 * those, so a packet no rule matches costs its candidates, not 65,536 tests. The rules passed
 * over are explained (first failing field) only when read. Treat a list as immutable (the
 * console's polls bring new lists).
 */
interface Ranked {
  n: number;
  order: Uint32Array;
  /** By rank; undefined for a malformed rule (left out: its priority is unknown). */
  compiled: (CompiledMatch | undefined)[];
  /** Malformed rules ranked before each rank (n + 1 entries). */
  malformedBefore: Int32Array;
  /** By rank: the one ethertype the rule requires, -1 for any (read in a tight loop). */
  dl: Int32Array;
  /** Port → the ranks of the rules whose in_port names it, best first. */
  byPort: Map<number, number[]>;
  /** The ranks of the rules without an in_port, best first. */
  anyPort: number[];
  /** (in_port, ethertype) → the ranks of the rules that can match, best first. */
  candidates: Map<number, Int32Array>;
  /**
   * By rank, the match's `needs` (flow.ts) as typed arrays: the scan rejects a candidate on
   * its protocol, L4 ports, IPv4 prefixes or VLAN ID with a few array reads, and runs its tests (a
   * closure per field) only when these pass. -1: no such condition.
   */
  proto: Int32Array;
  dstLo: Int32Array;
  dstHi: Int32Array;
  srcLo: Int32Array;
  srcHi: Int32Array;
  /** IPv4 prefixes: mask and masked address (int32); the mask -1 … 0, on = 1 when required. */
  v4sOn: Uint8Array;
  v4sMask: Int32Array;
  v4sWant: Int32Array;
  v4dOn: Uint8Array;
  v4dMask: Int32Array;
  v4dWant: Int32Array;
  /** The VLAN ID required of a tagged packet. */
  vid: Int32Array;
}
const ranked = new WeakMap<readonly TraceRule[], Ranked>();
/** Candidate lists kept per rule list (one per port and ethertype traced). */
const MAX_CANDIDATE_LISTS = 256;

function rankedOf(rules: readonly TraceRule[]): Ranked {
  const hit = ranked.get(rules);
  if (hit && hit.n === rules.length) return hit;
  const n = rules.length;
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  // the classifier's ranking (rank.ts), the list order standing for its install order; a
  // priority that is not a number (a malformed rule) keeps its place in the list
  const rank = new Float64Array(n);
  for (let i = 0; i < n; i++) rank[i] = ruleRank(rules[i]!.priority, i);
  order.sort((a, b) => rank[a]! - rank[b]! || a - b);
  const compiled: (CompiledMatch | undefined)[] = new Array(n);
  const malformedBefore = new Int32Array(n + 1);
  const byPort = new Map<number, number[]>();
  const anyPort: number[] = [];
  const dl = new Int32Array(n);
  const proto = new Int32Array(n).fill(-1);
  const dstLo = new Int32Array(n).fill(-1);
  const dstHi = new Int32Array(n);
  const srcLo = new Int32Array(n).fill(-1);
  const srcHi = new Int32Array(n);
  const v4sOn = new Uint8Array(n);
  const v4sMask = new Int32Array(n);
  const v4sWant = new Int32Array(n);
  const v4dOn = new Uint8Array(n);
  const v4dMask = new Int32Array(n);
  const v4dWant = new Int32Array(n);
  const vid = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const rule = rules[order[k]!]!;
    const bad = rule.malformed !== undefined;
    malformedBefore[k + 1] = malformedBefore[k]! + (bad ? 1 : 0);
    if (bad) continue;
    const c = compileMatch(rule.match);
    compiled[k] = c;
    dl[k] = c.dlType ?? -1;
    const need = c.needs;
    proto[k] = need.proto;
    dstLo[k] = need.tpDstLo;
    dstHi[k] = need.tpDstHi;
    srcLo[k] = need.tpSrcLo;
    srcHi[k] = need.tpSrcHi;
    vid[k] = need.vid;
    if (need.v4src) {
      v4sOn[k] = 1;
      v4sMask[k] = need.v4src.mask | 0;
      v4sWant[k] = need.v4src.want | 0;
    }
    if (need.v4dst) {
      v4dOn[k] = 1;
      v4dMask[k] = need.v4dst.mask | 0;
      v4dWant[k] = need.v4dst.want | 0;
    }
    if (c.ports === null) anyPort.push(k);
    else
      for (const port of new Set(c.ports)) {
        const list = byPort.get(port);
        if (list) list.push(k);
        else byPort.set(port, [k]);
      }
  }
  const r: Ranked = {
    n,
    order,
    compiled,
    malformedBefore,
    dl,
    byPort,
    anyPort,
    candidates: new Map(),
    proto,
    dstLo,
    dstHi,
    srcLo,
    srcHi,
    v4sOn,
    v4sMask,
    v4sWant,
    v4dOn,
    v4dMask,
    v4dWant,
    vid,
  };
  ranked.set(rules, r);
  return r;
}

function candidatesOf(r: Ranked, inPort: number, dlType: number): Int32Array {
  const key = (inPort + 1) * 0x20000 + (dlType + 1);
  const list = r.candidates.get(key);
  if (list) return list;
  // the rules naming the port and the rules naming none, merged in rank order
  const named = r.byPort.get(inPort) ?? [];
  const any = r.anyPort;
  const { dl } = r;
  const out = new Int32Array(named.length + any.length);
  let m = 0;
  let i = 0;
  let j = 0;
  while (i < named.length || j < any.length) {
    const k =
      j >= any.length || (i < named.length && named[i]! < any[j]!) ? named[i++]! : any[j++]!;
    const t = dl[k]!;
    if (t === -1 || t === dlType) out[m++] = k;
  }
  return setBounded(r.candidates, MAX_CANDIDATE_LISTS, key, out.slice(0, m));
}

export function hashFieldsOf(hash: GroupHash | null): string[] {
  return hash
    ? Object.entries(hash)
        .filter(([, on]) => on === true)
        .map(([k]) => k)
    : [];
}

/** 1, 2, 3 → "1–3"; 1, 3 → "1, 3". */
function numbers(ns: readonly number[]): string {
  if (ns.length === 0) return 'none';
  const contiguous = ns.every((n, i) => i === 0 || n === ns[i - 1]! + 1);
  return contiguous && ns.length > 2 ? `${ns[0]}–${ns[ns.length - 1]}` : ns.join(', ');
}

function describeGroup(
  g: Group | undefined,
  id: number,
  bucket: number | null,
  portName: (n: number) => string,
  portUp: (n: number) => boolean,
  hashFields: readonly string[],
): string {
  if (!g) return `group ${id} does not exist`;
  const watch = (w: string) => {
    const t = w.trim();
    if (t === '') return null;
    const n = /^\d+$/.test(t) ? Number(t) : Number.NaN;
    return { name: Number.isNaN(n) ? t : portName(n), up: !Number.isNaN(n) && portUp(n) };
  };
  const buckets = g.buckets.map((b, i) => ({ n: i + 1, w: watch(b.watch_port) }));
  const type = String(g.type).toLowerCase();
  if (type === 'all') return `all buckets (${numbers(buckets.map((b) => b.n))})`;
  if (type === 'ff') {
    if (bucket === null)
      return `no bucket's watch port is up (${buckets.map((b) => `${b.n}: ${b.w?.name ?? '-'}`).join(', ')})`;
    const b = buckets[bucket]!;
    const before = buckets
      .slice(0, bucket)
      .map((x) => `bucket ${x.n}: ${x.w?.name ?? '?'} down`)
      .join(', ');
    return `bucket ${b.n}, ${b.w ? `watch port ${b.w.name} up` : 'no watch port'}${before ? ` (${before})` : ''}`;
  }
  const live = buckets.filter((b) => b.w === null || b.w.up).map((b) => b.n);
  if (bucket === null) return `no live bucket (every watch port is down)`;
  const by =
    hashFields.length === 0
      ? 'no hash field enabled: the first'
      : `by hash of ${hashFields.join(', ')}`;
  return `one of buckets ${numbers(live)} ${by} → bucket ${bucket + 1}`;
}

/** The rank of the best candidate the packet meets, or -1. */
function firstMatch(rk: Ranked, p: PackedFlow): number {
  const cands = candidatesOf(rk, p.inPort, p.dlType);
  const { compiled, proto, dstLo, dstHi, srcLo, srcHi } = rk;
  const { v4sOn, v4sMask, v4sWant, v4dOn, v4dMask, v4dWant, vid } = rk;
  const { proto: pProto, tpDst, tpSrc, v4src, v4dst } = p;
  const pVid = p.tagged ? p.vid : -2;
  for (let i = 0; i < cands.length; i++) {
    const k = cands[i]!;
    // the needs first (array reads); a candidate passing them all runs its tests
    const pr = proto[k]!;
    if (pr !== -1 && pr !== pProto) continue;
    const dl = dstLo[k]!;
    if (dl !== -1 && (tpDst < dl || tpDst > dstHi[k]!)) continue;
    const sl = srcLo[k]!;
    if (sl !== -1 && (tpSrc < sl || tpSrc > srcHi[k]!)) continue;
    if (v4sOn[k] === 1 && (v4src < 0 || (v4src & v4sMask[k]!) !== v4sWant[k])) continue;
    if (v4dOn[k] === 1 && (v4dst < 0 || (v4dst & v4dMask[k]!) !== v4dWant[k])) continue;
    const v = vid[k]!;
    if (v !== -1 && v !== pVid) continue;
    if (firstMismatch(compiled[k]!, p) === null) return k;
  }
  return -1;
}

/** Traces one packet through the device's rules, groups and ports. */
export function trace<R extends TraceRule>(packet: Flow, device: TraceDevice<R>): Trace<R> {
  const { rules } = device;
  const p = packFlow(packet);
  const rk = rankedOf(rules);
  const { order, compiled, malformedBefore } = rk;
  // the best-ranked candidate the packet meets wins; every rule ranked ahead of it fails
  const at = firstMatch(rk, p);
  const winner: R | null = at < 0 ? null : rules[order[at]!]!;
  const end = at < 0 ? rk.n : at;
  const byNo = new Map(device.ports.map((x) => [x.no, x]));
  const portName = (n: number) => byNo.get(n)?.name ?? String(n);
  const portUp = (n: number) => byNo.get(n)?.up === true;
  const explainPassed = (most: number) => {
    const list: { rule: R; field: string }[] = [];
    for (let k = 0; k < end && list.length < most; k++) {
      const c = compiled[k];
      if (!c) continue;
      list.push({ rule: rules[order[k]!]!, field: firstMismatch(c, p) ?? '?' });
    }
    return list;
  };
  const result: Trace<R> = {
    verdict: 'unmatched',
    rule: winner,
    passedCount: end - malformedBefore[end]!,
    get passed() {
      const list = explainPassed(Number.POSITIVE_INFINITY);
      Object.defineProperty(this, 'passed', { value: list, enumerable: true });
      return list;
    },
    passedFirst: (n) => explainPassed(n),
    actions: winner?.actions ?? [],
    groups: [],
    outputs: [],
    lost: [],
    reason: null,
    skipped: malformedBefore[rk.n]!,
  };
  if (!winner) {
    result.reason = 'no rule matches: the device drops it';
    return result;
  }
  const groups = new Map(device.groups.map((g) => [g.group_id, g]));
  const hashFields = hashFieldsOf(device.hash);
  const ctx: ForwardContext = { groups, portUp, hashFields };
  const fw = forward(winner.actions, packet, ctx);
  result.groups = fw.groups.map((g) => ({
    id: g.id,
    type: g.type,
    bucket: g.bucket === null ? null : g.bucket + 1,
    text: describeGroup(groups.get(g.id), g.id, g.bucket, portName, portUp, hashFields),
  }));
  for (const id of groupsUsed(winner.actions))
    if (!groups.has(id))
      result.groups.push({ id, type: 'missing', bucket: null, text: `group ${id} does not exist` });
  result.outputs = fw.outputs.map((o) => ({ port: o.port, name: portName(o.port), up: true }));
  result.lost = fw.lost.map((n) => ({ port: n, name: portName(n), up: false }));
  const lostNames = [...new Set(result.lost.map((o) => o.name))].join(', ');
  const label = winner.name ? `'${winner.name}'` : `the rule of priority ${winner.priority}`;
  if (fw.dropped === null) {
    result.verdict = 'forwarded';
    if (result.lost.length > 0) result.reason = `output port down: ${lostNames} (its copy is lost)`;
    return result;
  }
  result.verdict = 'dropped';
  result.reason =
    fw.dropped === 'drop'
      ? `drop action of ${label}`
      : fw.dropped === 'port-down'
        ? result.lost.length > 0
          ? `output port down: ${lostNames}`
          : 'output port down: no live bucket in its group'
        : fw.dropped === 'no-group'
          ? `${label} sends it to a group that does not exist`
          : `${label} has no output action`;
  return result;
}
