/**
 * The flows the simulated device's input ports carry: a seeded population per port whose
 * rates add up to the port's rx rate (profile.ts), plus flows a test or a trainer adds
 * through POST /_sim/flows at a constant rate on top.
 *
 * A profile flow owns a fixed `share` of its port's rx bytes, so its rate follows the port's
 * rate. Shares are heavy-tailed (Pareto, α 1.1: a few elephants, many mice). Packet sizes
 * are spread around the port's mean and then scaled (within 64..1518 bytes) so that the
 * flows' packets add up to the port's rx packets too.
 */

import type { Flow } from '../traffic/index.js';
import { hash32, unit } from './prng.js';

export interface SimFlow {
  flow: Flow;
  /** Share of the in-port's profile rx bytes (0 for an added flow). */
  share: number;
  /** Constant rate of an added flow, bit/s (0 for a profile flow). */
  addedBps: number;
}

export interface PortTraffic {
  portNo: number;
  /** Mean profile rx rate, bit/s (for spreading the flow count over the ports). */
  meanBps: number;
  /** Mean rx packet size of the port's profile, bytes. */
  size: number;
}

export const DEFAULT_FLOWS = 20_000;
export const MAX_FLOWS = 1_000_000;

export const ETH_IPV4 = 0x0800;
export const ETH_IPV6 = 0x86dd;
export const ETH_ARP = 0x0806;

/** Subnets the population draws addresses from (weights), 10.1.2.0/24 and 198.51.100.0/24 included. */
const SUBNETS: [string, number][] = [
  ['10.1.2', 4],
  ['10.0.0', 3],
  ['10.20.30', 2],
  ['172.16.5', 2],
  ['192.168.10', 2],
  ['198.51.100', 2],
  ['192.0.2', 1],
];
const OTHER_ETHERTYPES = [0x8847, 0x88cc, 0x88e5, 0x0842, 0x8906];
const TCP_SERVICES: [number, number][] = [
  [443, 40],
  [80, 15],
  [445, 8],
  [22, 5],
  [3389, 3],
  [8080, 3],
  [25, 2],
  [1433, 2],
];
const UDP_SERVICES: [number, number][] = [
  [53, 35],
  [443, 20],
  [123, 10],
  [1900, 8],
  [1812, 5],
  [161, 4],
  [514, 4],
  [4789, 3],
];
const SCTP_SERVICES: [number, number][] = [
  [2905, 2],
  [3868, 2],
  [36412, 1],
];
const ICMP_KINDS: [[number, number], number][] = [
  [[8, 0], 4],
  [[0, 0], 4],
  [[3, 3], 1],
  [[3, 1], 1],
  [[11, 0], 1],
];
const OTHER_PROTOCOLS = [47, 50, 89, 103];
const VLANS = [10, 20, 100, 200, 300, 1000];

function pick<T>(items: readonly [T, number][], u: number): T {
  const total = items.reduce((n, [, w]) => n + w, 0);
  let x = u * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[items.length - 1]![0];
}

const hex2 = (n: number) => (n & 0xff).toString(16).padStart(2, '0');

/** How many of `total` flows each port gets: by the square root of its rate, at least 16. */
export function flowCounts(ports: readonly PortTraffic[], total: number): number[] {
  const w = ports.map((p) => Math.sqrt(Math.max(p.meanBps, 1e7)));
  const sum = w.reduce((a, b) => a + b, 0);
  return w.map((x) => Math.max(16, Math.round((total * x) / sum)));
}

/** Populations recently generated (a reboot or a test's new simulator asks again). */
const recent = new Map<string, readonly SimFlow[]>();

/**
 * The seeded population of every port; ids count from 1. The same inputs give the same
 * (shared, never modified) flows.
 */
export function populationOf(
  seed: number,
  ports: readonly PortTraffic[],
  total = DEFAULT_FLOWS,
): readonly SimFlow[] {
  const key = `${seed}|${total}|${ports.map((p) => `${p.portNo}:${p.meanBps}:${p.size}`).join(',')}`;
  let flows = recent.get(key);
  if (!flows) {
    flows = generateFlows(seed, ports, total);
    if (recent.size >= 4) recent.delete(recent.keys().next().value!);
    recent.set(key, flows);
  }
  return flows;
}

/** A fresh population of every port; ids count from 1. */
export function generateFlows(
  seed: number,
  ports: readonly PortTraffic[],
  total = DEFAULT_FLOWS,
): SimFlow[] {
  const out: SimFlow[] = [];
  const counts = flowCounts(ports, total);
  let id = 1;
  ports.forEach((p, pi) => {
    const n = counts[pi]!;
    const first = out.length;
    let weights = 0;
    for (let i = 0; i < n; i++) {
      const f = makeFlow(seed, p.portNo, i, id++, p.size);
      const pareto = Math.min(1e4, (1 - unit(seed, p.portNo, i, 0xe1e)) ** (-1 / 1.1));
      // small-packet flows (ARP, ICMP) are mice, a small part of the bytes: with their
      // fixed sizes they must leave room in the port's packet count for the others
      const w = fixedSize(f) ? Math.min(pareto, 1.5) * 0.02 : pareto;
      weights += w;
      out.push({ flow: f, share: w, addedBps: 0 });
    }
    for (let j = first; j < out.length; j++) {
      const s = out[j]!;
      s.share /= weights;
      s.flow.bps = s.share * p.meanBps;
    }
    fitSizes(out.slice(first), p.size);
  });
  return out;
}

const fixedSize = (f: Flow) =>
  f.dl_type === ETH_ARP || (f.dl_type === ETH_IPV4 && f.nw_proto === 1);

/**
 * Scales the free packet sizes (within 64..1518 bytes) so that Σ share/size = 1/mean: the
 * flows' packets add up to the port's rx packets. A size that reaches a bound stays there
 * and the others take up the rest (a few rounds).
 */
function fitSizes(flows: SimFlow[], mean: number): void {
  const free = new Set(flows.filter((s) => !fixedSize(s.flow)));
  for (let round = 0; round < 8 && free.size > 0; round++) {
    let fixedInv = 0;
    let freeInv = 0;
    for (const s of flows) {
      const inv = s.share / s.flow.packet_size;
      if (free.has(s)) freeInv += inv;
      else fixedInv += inv;
    }
    const target = 1 / mean - fixedInv;
    if (target <= 0 || freeInv <= 0) return;
    const k = freeInv / target;
    let bounded = false;
    for (const s of free) {
      const z = s.flow.packet_size * k;
      s.flow.packet_size = Math.min(1518, Math.max(64, z));
      if (z > 1518 || z < 64) {
        free.delete(s);
        bounded = true;
      }
    }
    if (!bounded) return;
  }
}

function address(seed: number, port: number, i: number, k: number): string {
  const net = pick(SUBNETS, unit(seed, port, i, k));
  return `${net}.${1 + (hash32(seed, port, i, k + 1) % 254)}`;
}

function makeFlow(seed: number, port: number, i: number, id: number, size: number): Flow {
  const u = (k: number) => unit(seed ^ 0x5f10, port, i, k);
  const host = hash32(seed, port, i, 7);
  const f: Flow = {
    id,
    in_port: port,
    dl_src: `00:1b:21:${hex2(host >>> 16)}:${hex2(host >>> 8)}:${hex2(host)}`,
    dl_dst: `00:00:0c:07:ac:${hex2(hash32(seed, port, i, 8) % 8)}`,
    dl_type: ETH_IPV4,
    bps: 0,
    packet_size: Math.min(1518, Math.max(64, size * (0.55 + 0.9 * u(1)))),
  };
  if (u(2) < 0.35) {
    f.vlan = VLANS[hash32(seed, port, i, 9) % VLANS.length]!;
    f.vlan_pcp = u(3) < 0.7 ? 0 : hash32(seed, port, i, 10) % 8;
  }
  const kind = u(4);
  if (kind < 0.82) ipFlow(f, seed, port, i, u);
  else if (kind < 0.9) {
    f.dl_type = ETH_IPV6;
    f.nw_proto = u(5) < 0.7 ? 6 : 17;
    l4(f, u, f.nw_proto === 6 ? TCP_SERVICES : UDP_SERVICES);
  } else if (kind < 0.94) {
    f.dl_type = ETH_ARP;
    f.nw_src = address(seed, port, i, 20);
    f.nw_dst = address(seed, port, i, 22);
    f.nw_proto = u(5) < 0.6 ? 1 : 2;
    f.packet_size = 64;
  } else f.dl_type = OTHER_ETHERTYPES[hash32(seed, port, i, 11) % OTHER_ETHERTYPES.length]!;
  return f;
}

function ipFlow(f: Flow, seed: number, port: number, i: number, u: (k: number) => number): void {
  f.nw_src = address(seed, port, i, 20);
  f.nw_dst = address(seed, port, i, 22);
  if (f.nw_dst === f.nw_src) f.nw_dst = address(seed, port, i, 24);
  const p = u(6);
  if (p < 0.62) {
    f.nw_proto = 6;
    l4(f, u, TCP_SERVICES);
  } else if (p < 0.9) {
    f.nw_proto = 17;
    l4(f, u, UDP_SERVICES);
  } else if (p < 0.95) {
    f.nw_proto = 1;
    const [type, code] = pick(ICMP_KINDS, u(7));
    f.icmp_type = type;
    f.icmp_code = code;
    f.packet_size = Math.min(f.packet_size, 98);
  } else if (p < 0.97) {
    f.nw_proto = 132;
    l4(f, u, SCTP_SERVICES);
  } else f.nw_proto = OTHER_PROTOCOLS[Math.floor(u(7) * OTHER_PROTOCOLS.length)]!;
}

/** A service port on one side, an ephemeral one (49152..65535) on the other. */
function l4(f: Flow, u: (k: number) => number, services: [number, number][]): void {
  const service = pick(services, u(8));
  const ephemeral = 49152 + Math.floor(u(9) * 16384);
  const toServer = u(10) < 0.5;
  f.tp_src = toServer ? ephemeral : service;
  f.tp_dst = toServer ? service : ephemeral;
}
