/**
 * What happens to a flow once its rule is known: the rule's actions, in order.
 *
 * - `output:N` (or `output:N,M`, or the vendor's bare `N`/`N,M`) sends a copy to each port;
 *   a port that is down (shut or no link) gets nothing: the copy is `lost` (a tx drop there).
 * - `group:ID` applies the group to a copy of the packet as modified so far: `all` runs
 *   every bucket; `select` one bucket chosen by a hash of the flow fields the device's
 *   group hash enables (`selectHash`), among the buckets whose watch port is up or unset;
 *   `ff` the first bucket whose watch port is up (unset counts as up). Buckets' actions are
 *   applied like a rule's. A group that does not exist forwards nothing.
 * - `drop` discards the packet: nothing after it happens.
 * - Each packet's size changes on the way out: `push_vlan` +4, `pop_vlan`/`strip_vlan` −4
 *   (only when there is a tag), `mod_vlan_vid` on an untagged packet +4 (it adds a tag),
 *   `push_mpls` +4, `pop_mpls` −4 (when labelled), `push_l2` +14, `pop_l2` −14, `gre_decap`
 *   −24 on a GRE flow (IP protocol 47). `set_field` and the rest change no size.
 */
import type { Group } from '../model/index.js';
import { outputForm } from '../model/index.js';
import type { Flow } from './flow.js';

export interface ForwardContext {
  groups: ReadonlyMap<number, Group>;
  /** Link up and not shut down. */
  portUp(port: number): boolean;
  /** The enabled /device/grouphash fields: macsa, macda, ethertype (or ether_type), ipsa, ipda, ip_protocol, src_port, dst_port. */
  hashFields: readonly string[];
}

export interface Forwarding {
  /** Copies delivered to ports that are up; sizeDelta is the change of each packet's size. */
  outputs: Array<{ port: number; sizeDelta: number }>;
  /** Groups applied; bucket = the bucket chosen (select, ff), null for all or when none was live. */
  groups: Array<{ id: number; type: string; bucket: number | null }>;
  /** Why nothing is delivered (null when some copy is). */
  dropped: 'drop' | 'no-output' | 'port-down' | 'no-group' | null;
  /** Ports a copy was sent to that are down (a tx drop there). */
  lost: number[];
}

type Op =
  | { k: 'out'; ports: number[] }
  | { k: 'group'; id: number }
  | { k: 'drop' }
  | { k: 'vlan'; push: boolean; ifUntagged?: boolean }
  | { k: 'mpls'; push: boolean }
  | { k: 'size'; delta: number; gre?: boolean }
  | { k: 'none' };

function portOf(text: string): number | null {
  const t = text.trim();
  const m = /^(\d{1,5})$/.exec(t);
  return m ? Number(m[1]) : null;
}

function parseOp(raw: string): Op {
  const action = outputForm(raw).trim();
  const colon = action.indexOf(':');
  const name = (colon < 0 ? action : action.slice(0, colon)).trim().toLowerCase();
  const arg = colon < 0 ? '' : action.slice(colon + 1);
  switch (name) {
    case 'output': {
      const ports = arg.split(',').map(portOf);
      return { k: 'out', ports: ports.filter((p): p is number => p !== null) };
    }
    case 'group': {
      const id = portOf(arg);
      return id === null ? { k: 'none' } : { k: 'group', id };
    }
    case 'drop':
      return { k: 'drop' };
    case 'push_vlan':
      return { k: 'vlan', push: true };
    case 'pop_vlan':
    case 'strip_vlan':
      return { k: 'vlan', push: false };
    case 'mod_vlan_vid':
      return { k: 'vlan', push: true, ifUntagged: true };
    case 'push_mpls':
      return { k: 'mpls', push: true };
    case 'pop_mpls':
      return { k: 'mpls', push: false };
    case 'push_l2':
      return { k: 'size', delta: 14 };
    case 'pop_l2':
      return { k: 'size', delta: -14 };
    case 'gre_decap':
      return { k: 'size', delta: -24, gre: true };
    default:
      return { k: 'none' };
  }
}

/** Parsed actions per array, with the texts they were parsed from (an array may change in place). */
const parsed = new WeakMap<readonly string[], { texts: string[]; ops: Op[] }>();

function opsOf(actions: readonly string[]): Op[] {
  const hit = parsed.get(actions);
  if (hit !== undefined && hit.texts.length === actions.length) {
    let same = true;
    for (let i = 0; i < actions.length && same; i++) same = hit.texts[i] === actions[i];
    if (same) return hit.ops;
  }
  const ops = actions.map(parseOp);
  parsed.set(actions, { texts: [...actions], ops });
  return ops;
}

/** What the packet looks like at a point of the action list. */
interface PacketState {
  delta: number;
  vlans: number;
  mpls: number;
}

interface Run {
  out: Forwarding;
  dropSeen: boolean;
  noGroup: boolean;
  noLiveBucket: boolean;
}

/** The /device/grouphash fields in hashing order, with the names each goes by. */
const HASH_FIELDS: readonly (readonly string[])[] = [
  ['macsa'],
  ['macda'],
  ['ethertype', 'ether_type'],
  ['ipsa'],
  ['ipda'],
  ['ip_protocol'],
  ['src_port'],
  ['dst_port'],
];

/** Which of HASH_FIELDS are enabled, one bit each (remembered per hashFields array). */
const enabledBits = new WeakMap<readonly string[], number>();

function bitsOf(fields: readonly string[]): number {
  let bits = enabledBits.get(fields);
  if (bits === undefined) {
    bits = 0;
    for (let i = 0; i < HASH_FIELDS.length; i++)
      if (HASH_FIELDS[i]!.some((n) => fields.includes(n))) bits |= 1 << i;
    enabledBits.set(fields, bits);
  }
  return bits;
}

const FNV_PRIME = 0x01000193;

/** FNV-1a over a string's characters, case-folded (MACs and IPv6 read the same in any case). */
function hashText(h: number, text: string | undefined): number {
  if (text === undefined) return Math.imul(h ^ 0xff, FNV_PRIME);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ (text.charCodeAt(i) | 0x20), FNV_PRIME);
  return h;
}

function hashNumber(h: number, n: number | undefined): number {
  return Math.imul(h ^ (n === undefined ? 0x7fffffff : n), FNV_PRIME);
}

/**
 * The select-group hash of a flow: FNV-1a over the enabled fields, each after its own tag
 * and in a fixed order (so the order of `fields` does not matter), then a 32-bit finalizer.
 * With no field enabled every flow hashes to 0 (all go to the same bucket; the device itself
 * refuses an empty set).
 */
export function selectHash(flow: Flow, fields: readonly string[]): number {
  const bits = bitsOf(fields);
  if (bits === 0) return 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < HASH_FIELDS.length; i++) {
    if ((bits & (1 << i)) === 0) continue;
    h = Math.imul(h ^ (i + 1), FNV_PRIME);
    switch (i) {
      case 0:
        h = hashText(h, flow.dl_src);
        break;
      case 1:
        h = hashText(h, flow.dl_dst);
        break;
      case 2:
        h = hashNumber(h, flow.dl_type);
        break;
      case 3:
        h = hashText(h, flow.nw_src);
        break;
      case 4:
        h = hashText(h, flow.nw_dst);
        break;
      case 5:
        h = hashNumber(h, flow.nw_proto);
        break;
      case 6:
        h = hashNumber(h, flow.tp_src);
        break;
      case 7:
        h = hashNumber(h, flow.tp_dst);
        break;
    }
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function live(watch: string, ctx: ForwardContext): boolean {
  const port = portOf(watch);
  return watch.trim() === '' || (port !== null && ctx.portUp(port));
}

function applyGroup(
  id: number,
  flow: Flow,
  ctx: ForwardContext,
  st: PacketState,
  run: Run,
  depth: number,
): void {
  const g = ctx.groups.get(id);
  if (!g || depth > 4) {
    run.noGroup = true;
    return;
  }
  const type = String(g.type).toLowerCase();
  const buckets = g.buckets;
  if (type === 'all') {
    run.out.groups.push({ id, type, bucket: null });
    for (const b of buckets) apply(opsOf(b.actions), flow, ctx, { ...st }, run, depth + 1);
    return;
  }
  let chosen: number | null = null;
  if (type === 'ff') {
    const i = buckets.findIndex((b) => live(b.watch_port, ctx));
    chosen = i < 0 ? null : i;
  } else {
    let alive = 0;
    for (const b of buckets) if (live(b.watch_port, ctx)) alive++;
    if (alive > 0) {
      let k = selectHash(flow, ctx.hashFields) % alive;
      for (let i = 0; i < buckets.length && chosen === null; i++)
        if (live(buckets[i]!.watch_port, ctx) && k-- === 0) chosen = i;
    }
  }
  run.out.groups.push({ id, type, bucket: chosen });
  if (chosen === null) {
    run.noLiveBucket = true;
    return;
  }
  apply(opsOf(buckets[chosen]!.actions), flow, ctx, { ...st }, run, depth + 1);
}

function apply(
  ops: readonly Op[],
  flow: Flow,
  ctx: ForwardContext,
  st: PacketState,
  run: Run,
  depth: number,
): void {
  for (const op of ops) {
    switch (op.k) {
      case 'out':
        for (const port of op.ports) {
          if (ctx.portUp(port)) run.out.outputs.push({ port, sizeDelta: st.delta });
          else run.out.lost.push(port);
        }
        break;
      case 'group':
        applyGroup(op.id, flow, ctx, st, run, depth);
        break;
      case 'drop':
        run.dropSeen = true;
        return;
      case 'vlan':
        if (op.push) {
          if (op.ifUntagged && st.vlans > 0) break; // mod_vlan_vid rewrites a tag
          st.vlans++;
          st.delta += 4;
        } else if (st.vlans > 0) {
          st.vlans--;
          st.delta -= 4;
        }
        break;
      case 'mpls':
        if (op.push) {
          st.mpls++;
          st.delta += 4;
        } else if (st.mpls > 0) {
          st.mpls--;
          st.delta -= 4;
        }
        break;
      case 'size':
        if (!op.gre || flow.nw_proto === 47) st.delta += op.delta;
        break;
      case 'none':
        break;
    }
  }
}

/** Where a flow goes under these actions (the winning rule's). */
export function forward(actions: readonly string[], flow: Flow, ctx: ForwardContext): Forwarding {
  const out: Forwarding = { outputs: [], groups: [], dropped: null, lost: [] };
  const run: Run = { out, dropSeen: false, noGroup: false, noLiveBucket: false };
  const st: PacketState = {
    delta: 0,
    vlans: flow.vlan === undefined ? 0 : 1,
    mpls: flow.mpls_label === undefined ? 0 : 1,
  };
  apply(opsOf(actions), flow, ctx, st, run, 0);
  if (out.outputs.length === 0)
    out.dropped =
      out.lost.length > 0 || run.noLiveBucket
        ? 'port-down'
        : run.dropSeen
          ? 'drop'
          : run.noGroup
            ? 'no-group'
            : 'no-output';
  return out;
}
