/**
 * `trace` agrees with the simulator's ground truth (issue 17): for random rule sets (both
 * dialects, equal priorities, in_port lists and ranges, prefixes, VLANs), groups of each type,
 * ports shut down and group hash fields, every flow the simulator reports at /_sim/flows is
 * traced from what a client reads (GET /rules/all, /groups/all, /ports/info, /ports/config,
 * /device/grouphash, through src/api) and must meet the flow's rule and reach its outputs.
 * The flow's header goes through the packet parser as `pbc trace` words.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { traceDeviceOf } from '../../src/commands/trace.js';
import { packetWords, parsePacket, portNumbers, trace } from '../../src/tcam/index.js';
import { expectOk, startTestSim, type TestSim, type Wire } from './helpers.js';

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
const HASH = ['macsa', 'macda', 'ethertype', 'ipsa', 'ipda', 'ip_protocol', 'src_port', 'dst_port'];
const config = fc.record({
  rules: fc.array(rule, { minLength: 1, maxLength: 30 }),
  groups: fc.tuple(group, group, group),
  shut: fc.uniqueArray(port, { maxLength: 5 }),
  hash: fc.subarray(HASH, { minLength: 1 }),
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

let traced = 0;
let sim: TestSim | undefined;

afterAll(async () => {
  await sim?.close();
});

describe('trace agrees with the simulator', () => {
  it('every flow of /_sim/flows meets its rule and reaches its outputs, for random configurations', async () => {
    let names: Map<number, string> | undefined;
    let outcomes = new Set<string>();
    let shut: number[] = [];
    await fc.assert(
      fc.asyncProperty(config, async (cfg) => {
        sim ??= await startTestSim({ flows: 1000, seed: 11 });
        const t = sim;
        for (const p of shut)
          expectOk(
            await t.call('POST', '/ports/config', {
              query: { if_name: names!.get(p), shutdown: false },
            }),
          );
        shut = cfg.shut;
        const client = createClient({ url: t.url, timeoutMs: 10_000 });
        names ??= new Map((await client.ports.info()).map((p) => [Number(p.port_no), p.if_name]));
        expectOk(await t.call('DELETE', '/rules/all'));
        const body: Record<string, unknown> = {};
        cfg.groups.forEach((g, i) => {
          const id = GROUPS[i]!;
          const buckets =
            g.type === 'ff'
              ? g.buckets.map((b, k) => ({ ...b, watch_port: b.watch_port || String(k + 1) }))
              : g.buckets;
          body[String(id)] = { group_id: String(id), type: g.type, buckets };
        });
        expectOk(await t.call('POST', '/groups', { json: body }));
        for (const p of cfg.shut)
          expectOk(
            await t.call('POST', '/ports/config', {
              query: { if_name: names.get(p), shutdown: true },
            }),
          );
        const hash = Object.fromEntries(HASH.map((h) => [h, cfg.hash.includes(h)]));
        expectOk(await t.call('POST', '/device/grouphash', { form: hash }));
        let added = 0;
        for (const r of cfg.rules) {
          const res = await t.call('POST', '/rules', {
            query: { priority: r.priority, match: r.match, actions: r.actions },
          });
          if (res.status === 200) added++;
          else expect(res.status, `${JSON.stringify(r)}: ${res.text}`).toBe(409);
        }
        expect(added).toBeGreaterThan(0);

        const dev = await traceDeviceOf(client);
        client.close();
        const byName = portNumbers(dev.ports);
        const flows: Wire[] = (await t.control('/_sim/flows?limit=100000')).body.flows;
        expect(flows.length).toBeGreaterThan(400);
        for (const f of flows) {
          const packet = parsePacket(packetWords(words(f)), byName);
          expect(packet.issues, JSON.stringify(f)).toEqual([]);
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
          // compared as text first: building the failure message for every flow is the cost
          if (JSON.stringify(seen) !== JSON.stringify(truth))
            expect(
              seen,
              `flow ${JSON.stringify(f)}\npassed ${JSON.stringify(got.passed.map((p) => [p.rule.name, p.field]))}`,
            ).toEqual(truth);
          outcomes.add(got.verdict);
          traced++;
        }
      }),
      { numRuns: 6, seed: 17 },
    );
    expect(traced).toBeGreaterThanOrEqual(2000);
    expect([...outcomes].sort()).toEqual(['dropped', 'forwarded', 'unmatched']);
    outcomes = new Set();
  }, 120_000);
});
