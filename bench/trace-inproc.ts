// In-process trace measurements, bundled by bench/trace.mjs with esbuild: one packet traced
// (src/tcam trace) against 65,536 rules — random priorities, in_port lists, protocols, L4
// ports and ranges, prefixes, VLANs — with groups and 48 ports. Cold: the first trace of a
// fresh rule list that passes every rule (each match compiled on the way); warm: traces of
// random packets and of a packet no rule matches (every rule passed over) once the matches
// are compiled (the console keeps them between traces: they are remembered per match object).
// `node bench/out/trace-inproc.mjs [rules] [packets]` prints one JSON line.
import type { Group } from '../src/model/index.js';
import { compileMatch, type Flow, type TraceRule, trace } from '../src/traffic/index.js';
import { prng } from './prng.js';

const nRules = Number(process.argv[2] ?? 65_536);
const nPackets = Number(process.argv[3] ?? 500);
const PORTS = 48;

const rnd = prng(17);
const int = (n: number) => Math.floor(rnd() * n);
const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
const L4 = [443, 80, 53, 445, 22, 123, 8080, 3389];

function makeRules(): TraceRule[] {
  const rules: TraceRule[] = [];
  for (let i = 0; i < nRules; i++) {
    const m: Record<string, string> = {};
    const r = rnd();
    if (r < 0.6) m.in_port = String(1 + int(PORTS));
    else if (r < 0.8) m.in_port = `${1 + int(20)},${21 + int(10)}-${31 + int(10)}`;
    const p = rnd();
    if (p < 0.5) {
      m.tcp = '';
      m.tcp_dst = rnd() < 0.7 ? String(pick(L4)) : `${1000 + int(1000)}-${3000 + int(1000)}`;
    } else if (p < 0.7) {
      m.udp = '';
      m.udp_dst = String(pick(L4));
    } else if (p < 0.8 || m.in_port === undefined) m.ip = '';
    else m.dl_vlan = String(1 + int(50)); // a port's VLAN to a tool
    // every rule constrains something beyond the port and the protocol (no catch-all: a packet
    // can go unmatched on any port, testing every candidate)
    if (m.ip !== undefined || ((m.tcp !== undefined || m.udp !== undefined) && rnd() < 0.5))
      m.nw_src = `10.${int(8)}.${int(256)}.0/24`;
    if (rnd() < 0.1) m.dl_vlan = String(1 + int(50));
    rules.push({
      cookie: BigInt(i + 1),
      priority: int(65536),
      name: `r${i}`,
      match: m,
      actions: [rnd() < 0.1 ? `group:${1 + int(4)}` : `output:${1 + int(PORTS)}`],
    });
  }
  return rules;
}

function packet(): Flow {
  const f: Flow = {
    id: 0,
    in_port: 1 + int(PORTS),
    dl_src: '02:00:00:00:00:01',
    dl_dst: '02:00:00:00:00:02',
    dl_type: 0x0800,
    bps: 0,
    packet_size: 0,
    nw_src: `10.${int(8)}.${int(256)}.${int(256)}`,
    nw_dst: `10.9.${int(256)}.${int(256)}`,
    nw_proto: rnd() < 0.7 ? 6 : 17,
    tp_src: 49152 + int(16000),
    tp_dst: rnd() < 0.7 ? pick(L4) : 1000 + int(4000),
  };
  if (rnd() < 0.2) f.vlan = 1 + int(50);
  return f;
}

const groups: Group[] = [1, 2, 3, 4].map((id) => ({
  group_id: id,
  type: (['all', 'select', 'ff', 'select'] as const)[id - 1]!,
  description: '',
  buckets: [1, 2, 3].map((b) => ({ watch_port: String(b * 5), actions: [`output:${b * 5}`] })),
}));
const ports = Array.from({ length: PORTS }, (_, i) => ({
  no: i + 1,
  name: `eth-0-${i + 1}`,
  up: i % 7 !== 0,
}));
const hash = {
  macsa: false,
  macda: false,
  ethertype: false,
  ipsa: true,
  ipda: true,
  ip_protocol: false,
  src_port: false,
  dst_port: false,
};
// a packet no rule matches: an ethertype no rule names, on a port no rule lists
const nobody: Flow = {
  id: 0,
  in_port: 999,
  dl_src: '',
  dl_dst: '',
  dl_type: 0x88cc,
  bps: 0,
  packet_size: 0,
};

const cpu = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
function time(fn: () => void): { ms: number; cpu: number } {
  const c0 = cpu();
  const t0 = performance.now();
  fn();
  return { ms: performance.now() - t0, cpu: cpu() - c0 };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// the anchor, in the same process: a bare loop over 65,536 references in a shuffled order,
// pushing each into an array (what a trace that passes every rule does at the least)
const anchor: number[] = [];
{
  const objs = Array.from({ length: nRules }, (_, i) => ({ i }));
  const order = Array.from({ length: nRules }, (_, i) => (i * 7919) % nRules);
  for (let rep = 0; rep < 20; rep++) {
    const t = time(() => {
      const a: unknown[] = [];
      const b: string[] = [];
      for (let k = 0; k < nRules; k++) {
        a.push(objs[order[k]!]);
        b.push('in_port');
      }
    });
    anchor.push(t.ms);
  }
}

const rules = makeRules();
const device = { rules, groups, ports, hash };
let passed = 0;
const cold = time(() => {
  passed = trace(nobody, device).passedCount;
});
const unmatched: number[] = [];
const unmatchedCpu: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = time(() => trace(nobody, device));
  unmatched.push(t.ms);
  unmatchedCpu.push(t.cpu);
}

// Realistic worst cases. `pbc trace` and the console show the passed-over rules: the first
// SHOWN explained (passedFirst) and how many (passedCount); -o json lists them all (passed).
const SHOWN = 60;
const shown = (t: ReturnType<typeof trace>) => t.passedFirst(SHOWN).length + t.passedCount;
// the busiest port: the most rules an IPv4 packet arriving there can meet (its candidates)
const ipv4At = (port: number) =>
  rules.filter((r) => {
    const c = compileMatch(r.match);
    return (c.ports === null || c.ports.includes(port)) && (c.dlType ?? 0x0800) === 0x0800;
  }).length;
let busyPort = 1;
let busyCandidates = 0;
for (let port = 1; port <= PORTS; port++) {
  const n = ipv4At(port);
  if (n > busyCandidates) [busyPort, busyCandidates] = [port, n];
}
const tcpPacket = (inPort: number, tpDst: number, nwSrc: string, vlan?: number): Flow => ({
  id: 0,
  in_port: inPort,
  dl_src: '02:00:00:00:00:01',
  dl_dst: '02:00:00:00:00:02',
  dl_type: 0x0800,
  bps: 0,
  packet_size: 0,
  nw_src: nwSrc,
  nw_dst: '10.9.0.1',
  nw_proto: 6,
  tp_src: 50000,
  tp_dst: tpDst,
  ...(vlan === undefined ? {} : { vlan, vlan_pcp: 0 }),
});
// an IPv4 TCP packet on the busiest port that no rule matches: every candidate tested
const busy = tcpPacket(busyPort, 9, '192.0.2.1');
type Runs = { ms: number[]; cpu: number[] };
function runs(n: number, fn: () => void): Runs {
  const r: Runs = { ms: [], cpu: [] };
  for (let i = 0; i < n; i++) {
    const t = time(fn);
    r.ms.push(t.ms);
    r.cpu.push(t.cpu);
  }
  return r;
}
const busyFirst = time(() => shown(trace(busy, device))).ms;
const busyVerdict = trace(busy, device).verdict;
const busyShown = runs(50, () => shown(trace(busy, device)));
const busyJson = runs(10, () => trace(busy, device).passed.length);
// a packet matched by a low-priority rule: the busy packet, with the operator's catch rule at
// the bottom (priority 0, last) for it — every candidate ahead is tested and fails, and all
// the other rules are passed over (a new list: its index is built before the timing)
const catchRule: TraceRule = {
  cookie: BigInt(nRules + 1),
  priority: 0,
  name: 'catch',
  match: { in_port: String(busyPort), tcp: '', nw_src: '192.0.2.0/24', tcp_dst: '9' },
  actions: ['output:1'],
};
const lowDevice = { ...device, rules: [...rules, catchRule] };
const lowFirst = time(() => trace(busy, lowDevice)).ms;
const lowTrace = trace(busy, lowDevice);
if (lowTrace.rule !== catchRule) throw new Error('the catch rule did not win');
const low = { rule: catchRule, passed: lowTrace.passedCount };
const lowShown = runs(50, () => shown(trace(busy, lowDevice)));
const lowJson = runs(10, () => trace(busy, lowDevice).passed.length);

const packets = Array.from({ length: nPackets }, packet);
const warm: number[] = [];
const warmCpu: number[] = [];
let forwarded = 0;
for (const p of packets) {
  let verdict = '';
  const t = time(() => {
    verdict = trace(p, device).verdict;
  });
  if (verdict === 'forwarded') forwarded++;
  warm.push(t.ms);
  warmCpu.push(t.cpu);
}
// the same packets again: every (in_port, ethertype) they have was traced once already, so
// no trace builds a candidate list (the first pass's maximum includes those builds)
const again: number[] = [];
for (const p of packets) again.push(time(() => trace(p, device)).ms);
console.log(
  JSON.stringify({
    rules: nRules,
    packets: nPackets,
    forwarded,
    anchor_median_ms: median(anchor),
    cold_unmatched_ms: cold.ms,
    cold_passed: passed,
    unmatched_median_ms: median(unmatched),
    unmatched_max_ms: Math.max(...unmatched),
    unmatched_cpu_median_ms: median(unmatchedCpu),
    warm_median_ms: median(warm),
    warm_max_ms: Math.max(...warm),
    again_median_ms: median(again),
    again_max_ms: Math.max(...again),
    warm_cpu_median_ms: median(warmCpu),
    busy_port: busyPort,
    busy_candidates: busyCandidates,
    busy_verdict: busyVerdict,
    busy_first_ms: busyFirst,
    busy_median_ms: median(busyShown.ms),
    busy_max_ms: Math.max(...busyShown.ms),
    busy_cpu_median_ms: median(busyShown.cpu),
    busy_json_median_ms: median(busyJson.ms),
    low_first_ms: lowFirst,
    low_priority: low.rule.priority,
    low_passed: low.passed,
    low_median_ms: median(lowShown.ms),
    low_max_ms: Math.max(...lowShown.ms),
    low_cpu_median_ms: median(lowShown.cpu),
    low_json_median_ms: median(lowJson.ms),
  }),
);
