/**
 * What happens to a flow once its rule is known: the rule's actions, in order, read by the one
 * action interpreter (actions.ts) that the load and impact models use too.
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
import { walkActions } from '../tcam/actions.js';
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

/** Where a flow goes under these actions (the winning rule's): the one interpreter, actions.ts. */
export function forward(actions: readonly string[], flow: Flow, ctx: ForwardContext): Forwarding {
  const out: Forwarding = { outputs: [], groups: [], dropped: null, lost: [] };
  let dropSeen = false;
  let noGroup = false;
  let noLiveBucket = false;
  walkActions(
    actions,
    {
      groups: ctx.groups,
      portUp: ctx.portUp,
      // one packet takes one live bucket, chosen by the hash of its fields
      select: (live) =>
        live.length === 0 ? [] : [live[selectHash(flow, ctx.hashFields) % live.length]!],
      packet: {
        vlans: flow.vlan === undefined ? 0 : 1,
        mpls: flow.mpls_label === undefined ? 0 : 1,
        gre: flow.nw_proto === 47,
      },
    },
    {
      output(port, _share, sizeDelta) {
        if (ctx.portUp(port)) out.outputs.push({ port, sizeDelta });
        else out.lost.push(port);
      },
      group: (via) => out.groups.push({ id: via.id, type: via.type, bucket: via.bucket }),
      noGroup: () => {
        noGroup = true;
      },
      noLiveBucket: () => {
        noLiveBucket = true;
      },
      drop: () => {
        dropSeen = true;
      },
    },
  );
  if (out.outputs.length === 0)
    out.dropped =
      out.lost.length > 0 || noLiveBucket
        ? 'port-down'
        : dropSeen
          ? 'drop'
          : noGroup
            ? 'no-group'
            : 'no-output';
  return out;
}
