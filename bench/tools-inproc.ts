// In-process figures of the intents compiler (issue 30): 32 tools × 4 wants (VLAN ranges,
// some narrowed to a TCP/UDP service or an IPv4 subnet; neighbouring tools overlap)
// compiled against a device holding 4,096 other rules: compileIntents, then what
// `pbc tools plan/apply` does with it offline — the free TCAM, the desired table (the
// rules outside the band as they are) and the config-as-code plan of 4,096 + N rules.
// `node bench/out/tools-inproc.mjs` prints one JSON line.
import type { Rule } from '../src/model/index.js';
import { planDesired } from '../src/ops/desired/plan.js';
import { planTools, toolsDesired } from '../src/ops/tools/plan.js';
import type { Intents } from '../src/traffic/intents/index.js';
import { prng } from './prng.js';

const rnd = prng(30);
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const SERVICES = [443, 80, 53, 445, 22, 123, 8080, 3389, 25, 1433, 161, 514];

/**
 * Tool i watches VLANs around 12·i (ranges reach into its neighbours'), some of it only TCP or
 * UDP to a service, some only a subnet: neighbours overlap, distant tools do not.
 */
function want(i: number): Record<string, string> {
  const lo = 1 + 12 * i + int(0, 12);
  const vlan = { vlan_id: `${lo}-${lo + int(0, 15)}` };
  switch (int(0, 3)) {
    case 0:
      return vlan;
    case 1:
      return { ...vlan, tcp: '', tcp_dst: String(SERVICES[int(0, SERVICES.length - 1)]) };
    case 2:
      return { ...vlan, udp: '', udp_dst: String(SERVICES[int(0, SERVICES.length - 1)]) };
    default:
      return { ...vlan, ip: '', nw_src: `10.${int(0, 40)}.0.0/16` };
  }
}

const intents: Intents = {
  tools: Array.from({ length: 32 }, (_, i) => ({
    name: `tool${i}`,
    port: 17 + i,
    wants: Array.from({ length: 4 }, () => want(i)),
  })),
  sources: [1, 2, 3, 4, 5, 6, 7, 8],
  band: [10000, 19999],
  unwanted: 'drop',
};

const other: Rule[] = Array.from(
  { length: 4096 },
  (_, i) =>
    ({
      priority: 20000 + i,
      match: { in_port: String(int(1, 8)), tcp: '', tcp_dst: String(1000 + i) },
      actions: [`output:${int(9, 16)}`],
      cookie: BigInt(i + 1),
      name: `r${i}`,
      description: '',
      datarate: '',
      datarate_raw: null,
      real_flow_ct: 1,
      packet_count: 0n,
      byte_count: 0n,
    }) as unknown as Rule,
);

const device = {
  rules: other,
  groups: [],
  ports: [],
  info: [],
  storageMode: 'simple' as const,
  flows: { used: 4096, maximum: 65536 },
};

const times: number[] = [];
let last: ReturnType<typeof planTools> | null = null;
let steps = 0;
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const p = planTools(intents, device);
  const plan = planDesired(toolsDesired(p, device), device, { prune: true });
  times.push(performance.now() - t0);
  last = p;
  steps = plan.steps.length;
}
const compileOnly: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  planTools(intents, device);
  compileOnly.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
compileOnly.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    tools: 32,
    wants: 4,
    other_rules: other.length,
    classes: last!.compiled.classes.length,
    rules: last!.compiled.rules.length,
    flows: last!.compiled.flows,
    refused: last!.compiled.refused ?? null,
    plan_steps: steps,
    compile_median_ms: compileOnly[2],
    compile_max_ms: compileOnly[4],
    with_plan_median_ms: times[2],
    with_plan_max_ms: times[4],
  }),
);
