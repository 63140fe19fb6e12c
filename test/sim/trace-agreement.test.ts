/**
 * `trace` agrees with the simulator's ground truth (issue 17): for random rule sets (both
 * dialects, equal priorities, in_port lists and ranges, prefixes, VLANs), groups of each type,
 * ports shut down, group hash fields and flows added at random (aimed at the rules' addresses,
 * L4 ports and VLANs), every flow the simulator reports at /_sim/flows is traced from what a
 * client reads (GET /rules/all, /groups/all, /ports/info, /ports/config, /device/grouphash,
 * through src/api) and must meet the flow's rule and reach its outputs. The flow's header goes
 * through the packet parser as `pbc trace` words.
 *
 * 1,000 cases (2,000 with PBC_FUZZ_FULL=1; see RUNS), no fixed seed (fast-check prints the
 * seed and the shrunk case on failure), on one simulator reset between cases through the REST API and /_sim: its rules deleted, its groups
 * replaced, the ports shut by the last case opened again and the flows it added removed. Each
 * case is small (up to 5 rules, up to 4 added flows beside the 16 the simulator carries) so the
 * run stays within tens of seconds on a loaded machine.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient, type PbcError } from '../../src/api/index.js';
import { traceDeviceOf } from '../../src/commands/trace.js';
import { GROUP_HASH_FIELDS, type GroupHash } from '../../src/model/index.js';
import { packetWords, parsePacket, portNumbers, trace } from '../../src/traffic/index.js';
import { startTestSim, type TestSim, type Wire } from './helpers.js';

const PORTS = 28;
const port = fc.integer({ min: 1, max: PORTS });

const inPort = fc.oneof(
  port.map(String),
  fc.uniqueArray(port, { minLength: 2, maxLength: 5 }).map((ps) => ps.join(',')),
  fc.tuple(port, fc.integer({ min: 0, max: 6 })).map(([a, n]) => `${a}-${Math.min(PORTS, a + n)}`),
  fc.tuple(port, port).map(([a, b]) => `${a},${Math.min(a, b)}-${Math.max(a, b)}`),
);
const l4 = fc.oneof(
  fc.constantFrom('443', '80', '22', '53', '445', '123', '2905'),
  fc.constantFrom('1-1023', '49152-65535', '400-500', '0-65535'),
);
const v4 = fc.constantFrom(
  '10.1.2.0/24',
  '10.0.0.0/8',
  '198.51.100.0/255.255.255.0',
  '10.1.2.0/25',
  '192.168.10.0/24',
  '172.16.0.0/12',
);

/** A match the device accepts: a protocol family, then fields that need it. */
const match: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      in_port: inPort,
      family: fc.constantFrom(
        'tcp',
        'udp',
        'icmp',
        'arp',
        'ip',
        'sctp',
        'vendor-tcp',
        'vendor-udp',
        'none',
      ),
      l4dst: l4,
      l4src: l4,
      nw_src: v4,
      nw_dst: v4,
      vlan: fc.constantFrom(
        'dl_vlan=10',
        'dl_vlan=100',
        'vlan=match',
        'vlan=neg_match',
        'vlan_id=200',
        'dl_vlan_pcp=0',
      ),
    },
    { requiredKeys: ['family'] },
  )
  .map((r) => {
    const m: Record<string, string> = {};
    if (r.in_port !== undefined) m.in_port = r.in_port;
    const fam = r.family;
    if (fam.startsWith('vendor-')) m.protocol = fam.slice(7);
    else if (fam !== 'none') m[fam] = '';
    const proto = fam.replace('vendor-', '');
    if (['tcp', 'udp', 'sctp'].includes(proto)) {
      if (r.l4dst !== undefined) m[`${proto}_dst`] = r.l4dst;
      if (r.l4src !== undefined && r.l4dst === undefined) m[`${proto}_src`] = r.l4src;
    }
    if (['tcp', 'udp', 'icmp', 'ip', 'arp', 'sctp'].includes(proto)) {
      if (r.nw_src !== undefined) m.nw_src = r.nw_src;
      if (r.nw_dst !== undefined && r.nw_src === undefined) m.nw_dst = r.nw_dst;
    }
    if (r.vlan !== undefined) {
      const [k, v] = r.vlan.split('=') as [string, string];
      if (k === 'vlan_id') {
        m.vlan = 'match';
        m.vlan_id = v;
      } else m[k] = v;
    }
    return m;
  });

const GROUPS = [1, 2, 3];
const action = fc.oneof(
  { weight: 4, arbitrary: port.map((p) => `output:${p}`) },
  { weight: 2, arbitrary: fc.tuple(port, port).map(([a, b]) => `output:${a},output:${b}`) },
  { weight: 1, arbitrary: port.map((p) => String(p)) },
  { weight: 1, arbitrary: port.map((p) => `push_vlan:0x8100,output:${p}`) },
  { weight: 3, arbitrary: fc.constantFrom(...GROUPS).map((g) => `group:${g}`) },
  { weight: 1, arbitrary: fc.constant('drop') },
);
const rule = fc.record({
  priority: fc.constantFrom(100, 200, 200, 300, 1000, 1000),
  match,
  actions: action,
});
const bucket = fc.record({
  watch_port: fc.oneof(fc.constant(''), port.map(String)),
  actions: port.map((p) => `output:${p}`),
});
const group = fc.record({
  type: fc.constantFrom('all', 'select', 'ff'),
  buckets: fc.array(bucket, { minLength: 1, maxLength: 3 }),
});
/** Addresses inside and outside the rules' prefixes (v4 above). */
const ADDRS = [
  '10.1.2.3',
  '10.1.2.200',
  '10.200.0.1',
  '198.51.100.7',
  '192.168.10.5',
  '172.20.1.1',
  '8.8.8.8',
];
/** L4 ports at and beside the rules' values and range bounds (l4 above). */
const L4_PORTS = [0, 22, 53, 80, 123, 443, 445, 450, 501, 1023, 1024, 2905, 49151, 49152, 65535];
/**
 * A flow POST /_sim/flows adds, fields only where its protocol has them; `at` picks its in_port
 * among the case's traffic ports.
 */
const added: fc.Arbitrary<Record<string, unknown>> = fc
  .record({
    at: fc.nat(),
    protocol: fc.constantFrom('tcp', 'tcp', 'udp', 'sctp', 'icmp', 'arp', 'ip', 'ipv6'),
    nw_src: fc.constantFrom(...ADDRS),
    nw_dst: fc.constantFrom(...ADDRS),
    src_port: fc.constantFrom(...L4_PORTS),
    dst_port: fc.constantFrom(...L4_PORTS),
    vlan: fc.option(fc.constantFrom(10, 100, 200, 7), { nil: undefined }),
    vlan_pcp: fc.constantFrom(0, 0, 3),
  })
  .map((f) => {
    const b: Record<string, unknown> = {
      at: f.at,
      protocol: f.protocol,
      bps: 1e6,
    };
    if (f.protocol !== 'ipv6') Object.assign(b, { nw_src: f.nw_src, nw_dst: f.nw_dst });
    if (['tcp', 'udp', 'sctp'].includes(f.protocol))
      Object.assign(b, { src_port: f.src_port, dst_port: f.dst_port });
    if (f.vlan !== undefined) Object.assign(b, { vlan: f.vlan, vlan_pcp: f.vlan_pcp });
    return b;
  });
const HASH = GROUP_HASH_FIELDS;
const config = fc.record({
  rules: fc.array(rule, { minLength: 1, maxLength: 5 }),
  /** The ports whose flows are traced (16 the simulator carries on each, and the added ones). */
  traffic: fc.uniqueArray(port, { minLength: 1, maxLength: 2 }),
  flows: fc.array(added, { minLength: 1, maxLength: 4 }),
  groups: fc.tuple(group, group, group),
  shut: fc.uniqueArray(port, { maxLength: 3 }),
  hash: fc.subarray([...HASH], { minLength: 1 }),
});

/** A /_sim/flows flow as `pbc trace` words. */
function words(f: Wire): string[] {
  const w = [
    `in_port=${f.in_port}`,
    `dl_src=${f.dl_src}`,
    `dl_dst=${f.dl_dst}`,
    `dl_type=${f.dl_type}`,
  ];
  if (f.vlan !== undefined) w.push(`dl_vlan=${f.vlan}`, `dl_vlan_pcp=${f.vlan_pcp}`);
  const v6 = String(f.nw_src ?? '').includes(':');
  if (f.nw_src !== undefined) w.push(`${v6 ? 'ipv6_src' : 'nw_src'}=${f.nw_src}`);
  if (f.nw_dst !== undefined) w.push(`${v6 ? 'ipv6_dst' : 'nw_dst'}=${f.nw_dst}`);
  if (f.nw_proto !== undefined) w.push(`nw_proto=${f.nw_proto}`);
  const l4 = { 6: 'tcp', 17: 'udp', 132: 'sctp' }[f.nw_proto as number];
  if (f.src_port !== undefined) w.push(`${l4}_src=${f.src_port}`);
  if (f.dst_port !== undefined) w.push(`${l4}_dst=${f.dst_port}`);
  if (f.icmp_type !== undefined) w.push(`icmp_type=${f.icmp_type}`);
  if (f.icmp_code !== undefined) w.push(`icmp_code=${f.icmp_code}`);
  return w;
}

/**
 * 1,000 cases a run (2,000 with PBC_FUZZ_FULL=1): the count is no subject of the test (the
 * agreement of every traced flow is), the seed is new each run so runs add up to more cases,
 * and each run still must see every verdict, an added flow per case and ten flows a case.
 */
const RUNS = process.env.PBC_FUZZ_FULL === '1' ? 2000 : 1000;
let traced = 0;
let sim: TestSim | undefined;

afterAll(async () => {
  await sim?.close();
});

describe('trace agrees with the simulator', () => {
  it(`every flow of /_sim/flows meets its rule and reaches its outputs, for ${RUNS} random configurations`, async () => {
    sim = await startTestSim({ flows: 16, seed: 11 });
    // every request through src/api's keep-alive node:http transport (a third of fetch's
    // CPU per request, and requests are most of a case's cost); /_sim through a second one
    const client = createClient({ url: sim.url, timeoutMs: 10_000 });
    const control = createClient({ url: sim.url.replace(/\/rest$/, '/_sim'), timeoutMs: 10_000 });
    const simFlows = (json?: unknown, method: 'GET' | 'POST' | 'DELETE' = 'GET', query = {}) =>
      control.transport.request(method, '/flows', { json, query }) as Promise<Wire>;
    const names = new Map((await client.ports.info()).map((p) => [Number(p.port_no), p.if_name]));
    const outcomes = new Set<string>();
    let shut: number[] = [];
    let cases = 0;
    let addedFlows = 0;
    await fc.assert(
      fc.asyncProperty(config, async (cfg) => {
        // reset what the last case (perhaps a failing one) left — rules, added flows, shut
        // ports — and set this case's groups, port states and hash fields: independent, so at once
        const portState = (p: number, shutdown: boolean) =>
          client.ports.setConfig(names.get(p)!, { shutdown });
        await Promise.all([
          client.rules.removeAll(),
          simFlows(undefined, 'DELETE'),
          client.groups.add(
            cfg.groups.map((g, i) => ({
              group_id: GROUPS[i]!,
              type: g.type,
              buckets: g.buckets.map((b, k) => ({
                // a fast-failover bucket needs a watch port
                watch_port: g.type === 'ff' && b.watch_port === '' ? String(k + 1) : b.watch_port,
                actions: [b.actions],
              })),
            })),
          ),
          client.device.setGroupHash(
            Object.fromEntries(HASH.map((h) => [h, cfg.hash.includes(h)])) as Record<
              keyof GroupHash,
              boolean
            >,
          ),
          ...shut.filter((p) => !cfg.shut.includes(p)).map((p) => portState(p, false)),
          ...cfg.shut.filter((p) => !shut.includes(p)).map((p) => portState(p, true)),
        ]);
        shut = cfg.shut;
        // in order: among equal priorities the rule installed earlier wins
        let added = 0;
        for (const r of cfg.rules) {
          try {
            await client.rules.add({
              priority: r.priority,
              match: r.match,
              actions: r.actions.split(','),
            });
            added++;
          } catch (e) {
            // the same priority and match as a rule before it
            expect((e as PbcError).status, `${JSON.stringify(r)}: ${String(e)}`).toBe(409);
          }
        }
        expect(added).toBeGreaterThan(0);
        await Promise.all(
          cfg.flows.map(({ at, ...f }) =>
            simFlows(
              { ...f, in_port: String(cfg.traffic[(at as number) % cfg.traffic.length]) },
              'POST',
            ),
          ),
        );

        const dev = await traceDeviceOf(client);
        const byName = portNumbers(dev.ports);
        const flows: Wire[] = (
          await Promise.all(
            cfg.traffic.map((p) => simFlows(undefined, 'GET', { in_port: p, limit: 100000 })),
          )
        ).flatMap((res) => res.flows);
        expect(flows.filter((f) => f.added).length).toBe(cfg.flows.length);
        for (const f of flows) {
          const packet = parsePacket(packetWords(words(f)), byName);
          // expect() only on a failure: a chai assertion per flow is most of a case's cost
          if (packet.issues.length > 0) expect(packet.issues, JSON.stringify(f)).toEqual([]);
          const got = trace(packet.flow!, dev);
          const seen = {
            rule: got.rule === null ? null : got.rule.cookie.toString(),
            outputs: got.outputs.map((o) => o.name).sort(),
            unmatched: got.verdict === 'unmatched',
            forwarded: got.verdict === 'forwarded',
          };
          const truth = {
            rule: f.rule,
            outputs: [...f.outputs].sort(),
            unmatched: f.rule === null,
            forwarded: f.outputs.length > 0,
          };
          if (JSON.stringify(seen) !== JSON.stringify(truth))
            expect(
              seen,
              `flow ${JSON.stringify(f)}\npassed ${JSON.stringify(got.passed.map((p) => [p.rule.name, p.field]))}`,
            ).toEqual(truth);
          outcomes.add(got.verdict);
          if (f.added) addedFlows++;
          traced++;
        }
        cases++;
      }),
      { numRuns: RUNS },
    );
    await Promise.all([client.close(), control.close()]);
    expect(cases).toBe(RUNS);
    expect(addedFlows).toBeGreaterThanOrEqual(RUNS);
    expect(traced).toBeGreaterThan(RUNS * 10);
    expect([...outcomes].sort()).toEqual(['dropped', 'forwarded', 'unmatched']);
  }, 300_000);
});
