/**
 * The one action interpreter (issue 28): what a rule's action list does, read once and walked
 * once, for the simulator's forwarding and the packet trace (forward.ts: one packet, a select
 * group picks one bucket by hash) and for the load and impact models (load.ts: a rule's
 * traffic, a select group split evenly over its live buckets).
 *
 * - `output:N[,M…]` (or the vendor's bare `N,M`): a copy to each port listed;
 * - `group:ID`: `all` runs every bucket; `ff` the first bucket whose watch port is up (unset
 *   counts as up); `select` the live buckets the caller's `select` chooses. A group that does
 *   not exist forwards nothing;
 * - `drop` ends the list it is in: nothing after it happens;
 * - the size changes of push_vlan and the like (forward.ts's module comment).
 *
 * Group nesting: the spec does not say; the device (and the simulator) refuses a bucket that
 * sends to another group (`a bucket cannot send to another group`, docs/simulator.md). So a
 * group is followed only from a rule's own actions (GROUP_NESTING = 1): a `group:` inside a
 * bucket — only a device outside that rule could hold one — forwards nothing, as a group that
 * does not exist.
 */
import type { Group } from '../model/index.js';
import { actionListKey, outputForm, rememberBounded } from '../model/index.js';

/** How deep groups are followed: a rule's group, not a group inside a bucket. */
export const GROUP_NESTING = 1;

export type Op =
  | { k: 'out'; ports: number[] }
  | { k: 'group'; id: number }
  | { k: 'drop' }
  | { k: 'vlan'; push: boolean; ifUntagged?: boolean }
  | { k: 'mpls'; push: boolean }
  | { k: 'size'; delta: number; gre?: boolean }
  | { k: 'none' };

/** A port or group number as written: 1 to 5 digits. */
export function numberOf(text: string): number | null {
  const m = /^(\d{1,5})$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

const GROUP_ACTION = /^group\s*:\s*(\d{1,10})$/i;

/**
 * The group an action sends to (`group:40`, any case and spacing), or null: the one reading
 * of "which group" — the interpreter, "which rules use group N" (groups.ts), the journal,
 * plans, save-point checks and the simulator's group writes all ask this.
 */
export function groupOf(action: string): number | null {
  const m = GROUP_ACTION.exec(outputForm(action).trim());
  return m ? Number(m[1]) : null;
}

export function parseOp(raw: string): Op {
  const action = outputForm(raw).trim();
  const colon = action.indexOf(':');
  const name = (colon < 0 ? action : action.slice(0, colon)).trim().toLowerCase();
  const arg = colon < 0 ? '' : action.slice(colon + 1);
  switch (name) {
    case 'output': {
      const ports = arg.split(',').map(numberOf);
      return { k: 'out', ports: ports.filter((p): p is number => p !== null) };
    }
    case 'group': {
      const id = groupOf(action);
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

/**
 * Parsed action lists by their text, not by array: a rule table repeats a few action lists
 * (`output:5`), and a cache per array kept one parsed copy for every rule as long as the rule
 * lived — on a 65,536-rule device, once the Overview had computed its port loads, ~30 MiB more
 * at the Rules screen's peak (docs/performance.md, "Memory at 65,536 rules"). The parsed lists
 * are shared: read, never changed. Bounded: cleared when it reaches OPS_BY_TEXT_MAX lists.
 */
export const OPS_BY_TEXT_MAX = 4_096;
const parsed = new Map<string, readonly Op[]>();

export function opsOf(actions: readonly string[]): readonly Op[] {
  return rememberBounded(parsed, OPS_BY_TEXT_MAX, actionListKey(actions), () =>
    actions.map(parseOp),
  );
}

/** The group (and bucket) a copy went through. */
export interface Via {
  id: number;
  type: string;
  /** The bucket taken; null for all buckets of an `all` group, or when none was live. */
  bucket: number | null;
  /** Buckets taking a share: all of an `all` group, 1 of `ff`, the live ones of `select`. */
  live: number;
}

/** What the walk reports; the caller keeps what it needs. */
export interface ActionSink {
  /** A copy to `port`, `share` of the traffic, each packet `sizeDelta` bytes bigger. */
  output(port: number, share: number, sizeDelta: number, via: Via | undefined): void;
  /** A group applied (once per group, with the bucket chosen for ff and select). */
  group?(via: Via): void;
  /** A group that does not exist (or nested past GROUP_NESTING). */
  noGroup?(): void;
  /** An ff or select group with no live bucket. */
  noLiveBucket?(): void;
  /** A `drop` ended a list. */
  drop?(): void;
}

export interface WalkContext {
  groups: ReadonlyMap<number, Group>;
  portUp(port: number): boolean;
  /** A select group's live buckets (indexes): those that take the traffic (one, or all). */
  select(live: readonly number[]): readonly number[];
  /** The packet, for its tags and its IP protocol (gre_decap); none for a rule's traffic. */
  packet?: { vlans: number; mpls: number; gre: boolean };
}

/** What the packet looks like at a point of the action list. */
interface PacketState {
  delta: number;
  vlans: number;
  mpls: number;
}

/** A bucket is live when its watch port is unset or up. */
export function bucketLive(watch: string, portUp: (port: number) => boolean): boolean {
  if (watch.trim() === '') return true;
  const port = numberOf(watch);
  return port !== null && portUp(port);
}

function walkGroup(
  id: number,
  ctx: WalkContext,
  sink: ActionSink,
  st: PacketState,
  share: number,
  depth: number,
): void {
  const g = ctx.groups.get(id);
  if (!g || depth >= GROUP_NESTING) {
    sink.noGroup?.();
    return;
  }
  const type = String(g.type).toLowerCase();
  const buckets = g.buckets;
  const take = (i: number, via: Via, part: number) =>
    walk(opsOf(buckets[i]!.actions), ctx, sink, { ...st }, part, depth + 1, via);
  if (type === 'all') {
    const via = { id, type, bucket: null, live: buckets.length };
    sink.group?.(via);
    for (let i = 0; i < buckets.length; i++) take(i, via, share);
    return;
  }
  const alive: number[] = [];
  for (let i = 0; i < buckets.length; i++)
    if (bucketLive(buckets[i]!.watch_port, ctx.portUp)) alive.push(i);
  const chosen = type === 'ff' ? alive.slice(0, 1) : ctx.select(alive);
  if (chosen.length === 0) {
    sink.group?.({ id, type, bucket: null, live: 0 });
    sink.noLiveBucket?.();
    return;
  }
  for (const i of chosen) {
    const via = { id, type, bucket: i, live: chosen.length };
    sink.group?.(via);
    take(i, via, share / chosen.length);
  }
}

function walk(
  ops: readonly Op[],
  ctx: WalkContext,
  sink: ActionSink,
  st: PacketState,
  share: number,
  depth: number,
  via: Via | undefined,
): void {
  for (const op of ops) {
    switch (op.k) {
      case 'out':
        for (const port of op.ports) sink.output(port, share, st.delta, via);
        break;
      case 'group':
        walkGroup(op.id, ctx, sink, st, share, depth);
        break;
      case 'drop':
        sink.drop?.();
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
        if (!op.gre || ctx.packet?.gre) st.delta += op.delta;
        break;
      case 'none':
        break;
    }
  }
}

/** Walks an action list (a rule's), reporting every copy and group to `sink`. */
export function walkActions(actions: readonly string[], ctx: WalkContext, sink: ActionSink): void {
  const st = { delta: 0, vlans: ctx.packet?.vlans ?? 0, mpls: ctx.packet?.mpls ?? 0 };
  walk(opsOf(actions), ctx, sink, st, 1, 0, undefined);
}
