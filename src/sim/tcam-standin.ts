/** TEMPORARY stand-in for src/tcam/{flow,classify,forward} (sim-classify); deleted at merge. */
import type { Group, Match } from '../model/index.js';
import { canonicalMatch, parseInPorts } from '../model/index.js';

export interface Flow {
  id: number;
  in_port: number;
  dl_src: string;
  dl_dst: string;
  vlan?: number;
  vlan_pcp?: number;
  dl_type: number;
  nw_src?: string;
  nw_dst?: string;
  nw_proto?: number;
  tp_src?: number;
  tp_dst?: number;
  icmp_type?: number;
  icmp_code?: number;
  bps: number;
  packet_size: number;
}

const ip = (s: string) => s.split('.').reduce((n, p) => n * 256 + Number(p), 0);
function prefix(v: string, a: string | undefined): boolean {
  if (a === undefined) return false;
  const [net, bits] = v.split('/');
  const b = bits === undefined ? 32 : Number(bits);
  const m = b === 0 ? 0 : 2 ** 32 - 2 ** (32 - b);
  return (ip(a) & m) >>> 0 === (ip(net!) & m) >>> 0;
}
function range(v: string, x: number | undefined): boolean {
  if (x === undefined) return false;
  const [lo, hi] = v.split('-').map(Number);
  return x >= lo! && x <= (hi ?? lo!);
}

export function mismatch(match: Match, f: Flow): string | null {
  const m = canonicalMatch(match).match;
  for (const [k, v] of Object.entries(m)) {
    const ok =
      k === 'in_port'
        ? (parseInPorts(v) ?? []).includes(f.in_port)
        : k === 'ip'
          ? f.dl_type === 0x800
          : k === 'ipv6'
            ? f.dl_type === 0x86dd
            : k === 'arp'
              ? f.dl_type === 0x806
              : k === 'tcp'
                ? f.dl_type === 0x800 && f.nw_proto === 6
                : k === 'udp'
                  ? f.dl_type === 0x800 && f.nw_proto === 17
                  : k === 'sctp'
                    ? f.dl_type === 0x800 && f.nw_proto === 132
                    : k === 'icmp'
                      ? f.dl_type === 0x800 && f.nw_proto === 1
                      : k === 'dl_type'
                        ? f.dl_type === Number(v)
                        : k === 'nw_proto'
                          ? f.nw_proto === Number(v)
                          : k === 'nw_src'
                            ? prefix(v, f.nw_src)
                            : k === 'nw_dst'
                              ? prefix(v, f.nw_dst)
                              : /_src$/.test(k)
                                ? range(v, f.tp_src)
                                : /_dst$/.test(k)
                                  ? range(v, f.tp_dst)
                                  : true;
    if (!ok) return k;
  }
  return null;
}

export interface ClassRule {
  id: number;
  priority: number;
  match: Match;
  actions: readonly string[];
}

export class Classifier {
  private rules = new Map<number, ClassRule>();
  private byPort = new Map<number | '*', Set<ClassRule>>();
  private flows = new Map<number, Flow>();
  private flowsByPort = new Map<number, Set<Flow>>();
  private win = new Map<number, ClassRule | null>();
  constructor(rules: Iterable<ClassRule> = [], flows: Iterable<Flow> = []) {
    for (const r of rules) this.index(r, true);
    for (const f of flows) this.addFlow(f);
  }
  private portsOf(r: ClassRule): (number | '*')[] {
    const m = canonicalMatch(r.match).match;
    return m.in_port ? (parseInPorts(m.in_port) ?? []) : ['*'];
  }
  private index(r: ClassRule, add: boolean): void {
    if (add) this.rules.set(r.id, r);
    else this.rules.delete(r.id);
    for (const p of this.portsOf(r)) {
      let set = this.byPort.get(p);
      if (!set) this.byPort.set(p, (set = new Set()));
      if (add) set.add(r);
      else set.delete(r);
    }
  }
  private better(r: ClassRule, b: ClassRule | null): boolean {
    return !b || r.priority > b.priority || (r.priority === b.priority && r.id < b.id);
  }
  private best(f: Flow): ClassRule | null {
    let b: ClassRule | null = null;
    for (const key of [f.in_port, '*'] as const)
      for (const r of this.byPort.get(key) ?? [])
        if (this.better(r, b) && mismatch(r.match, f) === null) b = r;
    return b;
  }
  addRule(r: ClassRule): Set<number> {
    this.index(r, true);
    const ch = new Set<number>();
    const ports = this.portsOf(r);
    const cands = ports[0] === '*' ? this.flows.values() : ports.flatMap((p) => [...(this.flowsByPort.get(p as number) ?? [])]);
    for (const f of cands) {
      if (this.better(r, this.win.get(f.id) ?? null) && mismatch(r.match, f) === null) {
        this.win.set(f.id, r);
        ch.add(f.id);
      }
    }
    return ch;
  }
  removeRule(id: number): Set<number> {
    const r = this.rules.get(id);
    const ch = new Set<number>();
    if (!r) return ch;
    this.index(r, false);
    for (const f of this.flows.values())
      if (this.win.get(f.id) === r) {
        this.win.set(f.id, this.best(f));
        ch.add(f.id);
      }
    return ch;
  }
  addFlow(f: Flow): void {
    this.flows.set(f.id, f);
    let set = this.flowsByPort.get(f.in_port);
    if (!set) this.flowsByPort.set(f.in_port, (set = new Set()));
    set.add(f);
    this.win.set(f.id, this.best(f));
  }
  removeFlow(id: number): void {
    const f = this.flows.get(id);
    if (f) this.flowsByPort.get(f.in_port)?.delete(f);
    this.flows.delete(id);
    this.win.delete(id);
  }
  winner(id: number): ClassRule | null {
    return this.win.get(id) ?? null;
  }
  *flowsOf(ruleId: number): Iterable<Flow> {
    for (const f of this.flows.values()) if (this.win.get(f.id)?.id === ruleId) yield f;
  }
  *unmatched(): Iterable<Flow> {
    for (const f of this.flows.values()) if (!this.win.get(f.id)) yield f;
  }
}

export interface ForwardContext {
  groups: ReadonlyMap<number, Group>;
  portUp(port: number): boolean;
  hashFields: readonly string[];
}
export interface Forwarding {
  outputs: Array<{ port: number; sizeDelta: number }>;
  groups: Array<{ id: number; type: string; bucket: number }>;
  dropped: 'drop' | 'no-output' | 'port-down' | 'no-group' | null;
  lost: number[];
}

export function forward(actions: readonly string[], f: Flow, ctx: ForwardContext): Forwarding {
  const out: Forwarding = { outputs: [], groups: [], dropped: null, lost: [] };
  let delta = 0;
  const send = (acts: readonly string[]) => {
    for (const a of acts) {
      if (a === 'drop') out.dropped = 'drop';
      else if (a.startsWith('push_vlan')) delta += 4;
      else if (a === 'pop_vlan' || a === 'strip_vlan') delta -= 4;
      else if (a.startsWith('output:') || /^\d/.test(a)) {
        for (const p of a.replace('output:', '').split(',').map(Number)) {
          if (ctx.portUp(p)) out.outputs.push({ port: p, sizeDelta: delta });
          else out.lost.push(p);
        }
      } else if (a.startsWith('group:')) {
        const g = ctx.groups.get(Number(a.slice(6)));
        if (!g) {
          out.dropped = 'no-group';
          continue;
        }
        const idx =
          g.type === 'all'
            ? g.buckets.map((_, i) => i)
            : g.type === 'ff'
              ? [g.buckets.findIndex((b) => ctx.portUp(Number(b.watch_port)))].filter((i) => i >= 0)
              : [f.id % g.buckets.length];
        for (const i of idx) {
          out.groups.push({ id: g.group_id, type: g.type, bucket: i });
          send(g.buckets[i]!.actions);
        }
      }
    }
  };
  send(actions);
  if (!out.dropped && out.outputs.length === 0)
    out.dropped = out.lost.length ? 'port-down' : 'no-output';
  return out;
}
