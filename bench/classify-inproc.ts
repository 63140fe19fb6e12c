// In-process classification measurements, bundled by bench/classify.mjs with esbuild:
// 4,096 rules × 50,000 flows (a full TCAM, a busy chassis) built from scratch, every rule
// replaced at once (a save-point activated: Classifier.replaceRules), and one rule
// added then removed again, for three kinds of rule (one in_port; no in_port but an
// ethertype; no in_port and nothing else at the top priority: it takes every flow).
// `node bench/out/classify-inproc.mjs [rules] [flows]` prints one JSON line.
import { Classifier, type ClassRule, type Flow } from '../src/traffic/index.js';
import { prng } from './prng.js';

const nRules = Number(process.argv[2] ?? 4096);
const nFlows = Number(process.argv[3] ?? 50_000);
const PORTS = 48;

const rnd = prng(16);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const port = () => 1 + Math.floor(rnd() * PORTS);
const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const mac = () => Array.from({ length: 6 }, () => hex2(Math.floor(rnd() * 256))).join(':');
const L4 = [443, 80, 53, 445, 22, 123, 8080, 3389];

function makeFlow(id: number): Flow {
  const r = rnd();
  const base = {
    id,
    in_port: port(),
    dl_src: mac(),
    dl_dst: mac(),
    bps: 1e3 + rnd() * 1e8,
    packet_size: 64 + Math.floor(rnd() * 1400),
    ...(rnd() < 0.3 ? { vlan: 1 + Math.floor(rnd() * 50), vlan_pcp: Math.floor(rnd() * 8) } : {}),
  };
  const l4 = () => ({
    tp_src: rnd() < 0.5 ? pick(L4) : 32768 + Math.floor(rnd() * 28000),
    tp_dst: rnd() < 0.7 ? pick(L4) : 1024 + Math.floor(rnd() * 60000),
  });
  const v4 = () =>
    `10.${Math.floor(rnd() * 8)}.${Math.floor(rnd() * 256)}.${Math.floor(rnd() * 256)}`;
  if (r < 0.8) {
    const p = rnd();
    const proto = p < 0.6 ? 6 : p < 0.9 ? 17 : p < 0.97 ? 1 : 132;
    return {
      ...base,
      dl_type: 0x0800,
      nw_src: v4(),
      nw_dst: v4(),
      nw_proto: proto,
      ...(proto === 1 ? { icmp_type: pick([0, 8, 3]), icmp_code: 0 } : l4()),
    };
  }
  if (r < 0.9)
    return {
      ...base,
      dl_type: 0x86dd,
      nw_src: `2001:db8:${Math.floor(rnd() * 16)}::${Math.floor(rnd() * 65535).toString(16)}`,
      nw_dst: 'fe80::1',
      nw_proto: 6,
      ...l4(),
    };
  if (r < 0.95) return { ...base, dl_type: 0x0806, nw_src: v4(), nw_dst: v4() };
  return { ...base, dl_type: 0x88cc };
}

function makeRule(id: number): ClassRule {
  const r = rnd();
  const match: Record<string, string> = {};
  if (r < 0.85) match.in_port = String(port());
  else if (r < 0.9) match.in_port = `${port()},${port()},${port()}`;
  else if (r < 0.95) {
    const lo = port();
    match.in_port = `${lo}-${Math.min(PORTS, lo + 5)}`;
  } // else: no in_port
  const k = rnd();
  if (k < 0.4) {
    match.tcp = '';
    match.tcp_dst = rnd() < 0.8 ? String(pick(L4)) : '1000-1999';
  } else if (k < 0.55) {
    match.protocol = 'udp';
    match.udp_dst = String(pick(L4));
  } else if (k < 0.7) {
    match.ip = '';
    match.nw_src = `10.${Math.floor(rnd() * 8)}.0.0/16`;
  } else if (k < 0.8) {
    match.vlan = 'match';
    match.vlan_id = String(1 + Math.floor(rnd() * 50));
  } else if (k < 0.85) match.arp = '';
  // else: the port alone
  return { id, priority: 1 + Math.floor(rnd() * 1000), match, actions: [`output:${port()}`] };
}

const rules = Array.from({ length: nRules }, (_, i) => makeRule(i + 1));
const flows = Array.from({ length: nFlows }, (_, i) => makeFlow(i + 1));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
/** Wall and CPU milliseconds of `fn` (CPU time: what the machine's other load does not inflate). */
function time(fn: () => void): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  fn();
  const wall = ms(t0);
  const c = process.cpuUsage(c0);
  return { wall, cpu: (c.user + c.system) / 1000 };
}

const builds: number[] = [];
const buildsCpu: number[] = [];
let c = new Classifier();
for (let i = 0; i < 5; i++) {
  const t = time(() => {
    c = new Classifier(rules, flows);
  });
  builds.push(t.wall);
  buildsCpu.push(t.cpu);
}
// a save-point activated: every rule replaced by another 4,096, the flows kept (packed)
const other = Array.from({ length: nRules }, (_, i) => makeRule(nRules * 10 + i + 1));
const activations: number[] = [];
const activationsCpu: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = time(() => c.replaceRules(i % 2 === 0 ? other : rules));
  activations.push(t.wall);
  activationsCpu.push(t.cpu);
}
c.replaceRules(rules);
let unmatched = 0;
for (const _ of c.unmatched()) unmatched++;

let nextId = nRules + 1;
function change(make: () => ClassRule, runs: number) {
  const add: number[] = [];
  const addCpu: number[] = [];
  const remove: number[] = [];
  const removeCpu: number[] = [];
  let moved = 0;
  for (let i = 0; i < runs; i++) {
    const r = make();
    let t = time(() => {
      moved += c.addRule(r).size;
    });
    add.push(t.wall);
    addCpu.push(t.cpu);
    t = time(() => c.removeRule(r.id));
    remove.push(t.wall);
    removeCpu.push(t.cpu);
  }
  return {
    add_median_ms: median(add),
    add_max_ms: Math.max(...add),
    add_cpu_median_ms: median(addCpu),
    remove_median_ms: median(remove),
    remove_max_ms: Math.max(...remove),
    remove_cpu_median_ms: median(removeCpu),
    flows_moved_avg: Math.round(moved / runs),
  };
}

const result = {
  rules: nRules,
  flows: nFlows,
  unmatched,
  build_median_ms: median(builds),
  build_max_ms: Math.max(...builds),
  build_cpu_median_ms: median(buildsCpu),
  activate_median_ms: median(activations),
  activate_max_ms: Math.max(...activations),
  activate_cpu_median_ms: median(activationsCpu),
  port_rule: change(() => ({ ...makeRule(nextId++), priority: 2000 }), 200),
  ethertype_rule: change(
    () => ({
      id: nextId++,
      priority: 2000,
      match: { tcp: '', tcp_dst: String(pick(L4)) },
      actions: ['drop'],
    }),
    50,
  ),
  catch_all_top: change(
    () => ({ id: nextId++, priority: 65535, match: {}, actions: ['drop'] }),
    20,
  ),
};
process.stdout.write(`${JSON.stringify(result)}\n`);
