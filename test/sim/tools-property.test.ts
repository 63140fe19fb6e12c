/**
 * The compiler's promise over HTTP, 100 random cases on one simulator (the 1,200-case
 * property runs in process on the same forwarding engine: src/traffic/intents/
 * compile.property.test.ts): random intents compiled and applied as rules, random flows added;
 * every flow's outputs in GET /_sim/flows (seeded profile flows too) are exactly the tool ports
 * whose intent matches it — the ground truth of tcam's matchesFlow on each want. Rules are
 * reset between cases; the TCAM cost the compiler states is the used_flows the device counts;
 * half the cases send to groups of type all (tool_groups).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Flow } from '../../src/traffic/index.js';
import { compileIntents } from '../../src/traffic/intents/compile.js';
import { arbFlow, arbIntents, wantedBy } from '../../src/traffic/intents/test-arbitraries.js';
import { type Rig, startRig } from '../api/helpers.js';

let rig: Rig;
let portNo: Map<string, number>;

beforeAll(async () => {
  rig = await startRig({ flows: 120 });
  portNo = new Map((await rig.client.ports.info()).map((p) => [p.if_name, Number(p.port_no)]));
});
afterAll(() => rig?.close());

/** An arbitrary flow as POST /_sim/flows takes it. */
function body(f: Flow): Record<string, unknown> {
  const b: Record<string, unknown> = { in_port: f.in_port, bps: 1000 };
  if (f.vlan !== undefined) b.vlan = f.vlan;
  if (f.dl_type === 0x0806) b.protocol = 'arp';
  else if (f.dl_type === 0x86dd) b.protocol = 'ipv6';
  else {
    b.protocol = f.nw_proto === 6 ? 'tcp' : f.nw_proto === 17 ? 'udp' : 'icmp';
    b.nw_src = f.nw_src;
    if (f.tp_dst !== undefined) b.dst_port = f.tp_dst;
  }
  return b;
}

/** A flow of GET /_sim/flows as tcam reads flows. */
function flowOf(w: Record<string, unknown>): Flow {
  const f: Flow = {
    id: Number(w.id),
    in_port: Number(w.in_port),
    dl_src: String(w.dl_src),
    dl_dst: String(w.dl_dst),
    dl_type: Number.parseInt(String(w.dl_type), 16),
    bps: 1,
    packet_size: 100,
  };
  if (w.vlan !== undefined) {
    f.vlan = Number(w.vlan);
    f.vlan_pcp = Number(w.vlan_pcp ?? 0);
  }
  for (const k of ['nw_src', 'nw_dst'] as const) if (w[k] !== undefined) f[k] = String(w[k]);
  if (w.nw_proto !== undefined) f.nw_proto = Number(w.nw_proto);
  if (w.src_port !== undefined) f.tp_src = Number(w.src_port);
  if (w.dst_port !== undefined) f.tp_dst = Number(w.dst_port);
  if (w.icmp_type !== undefined) f.icmp_type = Number(w.icmp_type);
  if (w.icmp_code !== undefined) f.icmp_code = Number(w.icmp_code);
  return f;
}

describe('compiled intents on the simulator', () => {
  it('every flow reaches exactly the tools that want it (100 random cases over HTTP)', async () => {
    await fc.assert(
      fc.asyncProperty(
        arbIntents(),
        fc.array(arbFlow(), { minLength: 1, maxLength: 8 }),
        async (intents, flows) => {
          await rig.client.rules.removeAll();
          await rig.client.groups.removeAll();
          await fetch(`${rig.origin}/_sim/flows`, { method: 'DELETE' });
          const used0 = (await rig.client.device.flowNumbers()).used_flows;
          const compiled = compileIntents(intents);
          // half the cases send to groups of type all (tool_groups): they cost no TCAM flow
          for (const g of compiled.groups) await rig.client.groups.add(g);
          for (const r of compiled.rules) await rig.client.rules.add({ ...r, description: '' });
          expect((await rig.client.device.flowNumbers()).used_flows).toBe(used0 + compiled.flows);
          for (const f of flows) {
            const res = await rig.control('/_sim/flows', body(f));
            expect(res.status).toBe(200);
          }
          const got = await rig.control('/_sim/flows?limit=100000');
          const list = (got.body as { flows: Record<string, unknown>[] }).flows;
          for (const w of list) {
            const outs = (w.outputs as string[]).map((n) => portNo.get(n)!).sort((a, b) => a - b);
            const f = flowOf(w);
            expect({ flow: w, outs }).toEqual({ flow: w, outs: wantedBy(intents, f) });
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 600_000);
});
