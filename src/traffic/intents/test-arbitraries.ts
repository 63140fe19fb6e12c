/** Random intents and flows for the compiler's property tests (small sizes, many overlaps). */
import fc from 'fast-check';
import type { Match } from '../../model/index.js';
import { type Flow, matchesFlow } from '../index.js';
import type { Intents, ToolIntent } from './types.js';

export const SOURCES = [1, 2, 3, 4];
export const TOOL_PORTS = [9, 10, 11, 12];

const vlanRange = fc
  .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 4 }))
  .map(([lo, n]) => (n === 0 ? String(lo) : `${lo}-${lo + n}`));

const want: fc.Arbitrary<Match> = fc.oneof(
  vlanRange.map((v) => ({ vlan_id: v })),
  fc.constant({ tcp: '' }),
  fc.constant({ udp: '' }),
  fc.integer({ min: 1, max: 4 }).map((p) => ({ in_port: String(p) })),
  fc.integer({ min: 78, max: 82 }).map((p) => ({ tcp: '', tcp_dst: String(p) })),
  fc
    .tuple(fc.integer({ min: 78, max: 82 }), fc.integer({ min: 0, max: 3 }))
    .map(([p, n]) => ({ tcp: '', tcp_dst: `${p}-${p + n}` })),
  fc.integer({ min: 50, max: 54 }).map((p) => ({ udp: '', udp_dst: String(p) })),
  fc.constantFrom('10.0.0.0/8', '10.1.0.0/16', '10.1.2.0/24', '192.168.0.0/16').map((n) => ({
    ip: '',
    nw_src: n,
  })),
  fc.tuple(vlanRange, fc.constantFrom('tcp', 'udp')).map(([v, p]) => ({ vlan_id: v, [p]: '' })),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), vlanRange)
    .map(([p, v]) => ({ in_port: String(p), vlan_id: v })),
);

export const arbIntents = (): fc.Arbitrary<Intents> =>
  fc
    .array(
      fc.record({
        port: fc.constantFrom(...TOOL_PORTS),
        wants: fc.array(want, { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    )
    .chain((tools) =>
      fc.record({
        tools: fc.constant(tools.map((t, i) => ({ name: `t${i}`, ...t }))),
        sources: fc.constant(SOURCES),
        band: fc.constant<[number, number]>([10000, 19999]),
        unwanted: fc.constantFrom<'drop' | 'pass'>('drop', 'pass'),
        // half the cases send to groups of type all (tool_groups), half to output lists
        groups: fc.boolean(),
      }),
    )
    .map(({ groups, ...i }): Intents => (groups ? { ...i, groups: [100, 199] } : i));

export const arbFlow = (): fc.Arbitrary<Flow> =>
  fc
    .record({
      in_port: fc.integer({ min: 1, max: 6 }),
      vlan: fc.option(fc.integer({ min: 0, max: 14 }), { nil: undefined }),
      kind: fc.constantFrom('tcp', 'udp', 'icmp', 'arp', 'ipv6'),
      port: fc.integer({ min: 48, max: 84 }),
      src: fc.constantFrom('10.1.2.3', '10.1.9.9', '10.7.0.1', '192.168.1.1', '172.16.0.1'),
    })
    .map((r) => {
      const dl_type = r.kind === 'arp' ? 0x0806 : r.kind === 'ipv6' ? 0x86dd : 0x0800;
      const f: Flow = {
        id: 0,
        in_port: r.in_port,
        dl_src: '02:00:00:00:00:01',
        dl_dst: '02:00:00:00:00:02',
        dl_type,
        bps: 1000,
        packet_size: 500,
      };
      if (r.vlan !== undefined) {
        f.vlan = r.vlan;
        f.vlan_pcp = 0;
      }
      if (dl_type === 0x0800) {
        f.nw_src = r.src;
        f.nw_dst = '10.9.9.9';
        f.nw_proto = r.kind === 'tcp' ? 6 : r.kind === 'udp' ? 17 : 1;
        if (r.kind !== 'icmp') {
          f.tp_src = 40000;
          f.tp_dst = r.port;
        }
      }
      return f;
    });

/** A want as plain rule matches (a VLAN range as one match per VID). */
export function asRuleMatches(want: Match): Match[] {
  const v = want.vlan_id ?? want.dl_vlan;
  if (v === undefined) return [want];
  const { vlan_id: _a, dl_vlan: _b, ...rest } = want;
  const [lo, hi] = String(v).split('-').map(Number) as [number, number];
  const out: Match[] = [];
  for (let x = lo; x <= (hi ?? lo); x++) out.push({ ...rest, dl_vlan: String(x) });
  return out;
}

export function wantedBy(intents: Intents, flow: Flow): number[] {
  if (!intents.sources.includes(flow.in_port)) return [];
  const ports = intents.tools
    .filter((t: ToolIntent) =>
      t.wants.some((w) => asRuleMatches(w).some((m) => matchesFlow(m, flow))),
    )
    .map((t) => t.port);
  return [...new Set(ports)].sort((a, b) => a - b);
}
