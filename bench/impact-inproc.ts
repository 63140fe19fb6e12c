// In-process traffic-impact measurements (issue 17), bundled by bench/impact.mjs with esbuild:
// the rule editor's work per keystroke with 4,096 rules (a full TCAM), 28 ports and three
// groups — `analyze` (validation, TCAM preview, shadowing) plus `editorImpact` (what the rule
// takes over, the traffic no rule matches on its input ports — every port's rx is measured —
// and per-port ranges), as the Rules screen runs them for each key. Three typed rules:
// narrow (one port, one TCP port: takes a few rules), one in_port (about 1/28 of the rules)
// and `tcp` at the top priority (overlaps every rule). Warm keystrokes (rule objects seen
// before), and the first keystroke after a poll (new rule objects: matches and deliveries
// found again). `node bench/out/impact-inproc.mjs [rules] [keys]` prints one JSON line.
import type { Group, Rule } from '../src/model/index.js';
import { deviceView } from '../src/screens/device-view.js';
import { analyze } from '../src/screens/rules/analysis.js';
import { newRuleForm, type RuleForm } from '../src/screens/rules/editor-state.js';
import { editorImpact } from '../src/screens/rules/impact.js';
import type { TrafficView } from '../src/screens/traffic-view.js';
import { shareMatches } from '../src/store/share-matches.js';

const nRules = Number(process.argv[2] ?? 4096);
const nKeys = Number(process.argv[3] ?? 200);
const PORTS = 28;

const groups: Group[] = [
  {
    group_id: 1,
    type: 'all',
    description: '',
    buckets: [
      { watch_port: '', actions: ['output:27'] },
      { watch_port: '', actions: ['output:28'] },
    ],
  },
  {
    group_id: 2,
    type: 'select',
    description: '',
    buckets: [9, 10, 11].map((p) => ({ watch_port: String(p), actions: [`output:${p}`] })),
  },
  {
    group_id: 3,
    type: 'ff',
    description: '',
    buckets: [12, 13].map((p) => ({ watch_port: String(p), actions: [`output:${p}`] })),
  },
];

function rules(n: number, salt: number): Rule[] {
  return Array.from(
    { length: n },
    (_, i): Rule => ({
      cookie: BigInt(i + 1),
      name: `rule-${i}`,
      description: '',
      priority: 100 + (i % 500),
      match:
        i % 7 === 0
          ? { in_port: String((i % PORTS) + 1), udp: '', udp_dst: String(i % 65536) }
          : { in_port: String((i % PORTS) + 1), tcp: '', tcp_dst: String(i % 65536) },
      actions: i % 11 === 0 ? [`group:${(i % 3) + 1}`] : [`output:${(i % 4) + 9}`],
      n_packets: 0n,
      n_bytes: 0n,
      datarate: '',
      datarate_raw: 1000 * (i + salt),
      real_flow_ct: 1,
    }),
  );
}

const info = Array.from({ length: PORTS }, (_, i) => ({
  port_no: String(i + 1),
  if_name: `eth-0-${i + 1}`,
  admin_status: 'PORT_UP',
  link_status: 'LINK_UP',
  duplex: 'full',
  mac_addr: '',
  speed: i < 16 ? '10G (10G)' : '40G (40G)',
}));

function traffic(list: Rule[]): TrafficView {
  return {
    rules: list,
    groups: new Map(groups.map((g) => [g.group_id, g])),
    ports: info.map((p) => ({
      no: Number(p.port_no),
      name: p.if_name,
      up: true,
      lineBps: p.speed.startsWith('10G') ? 10e9 : 40e9,
      txBps: 1e9,
      txDropPps: 0,
      txPps: 1e5,
      // rx measured: the typed rule may also take the traffic no rule matches (unmatched.ts)
      rxBps: 5e9,
    })),
    known: true,
  };
}

function form(priority: string, match: Array<[string, string]>, action: string): RuleForm {
  const f = newRuleForm('add', null);
  let id = 100;
  return {
    ...f,
    priority: { ...f.priority, text: priority },
    match: match.map(([k, v]) => ({
      id: id++,
      field: { text: k, cursor: k.length },
      value: { text: v, cursor: v.length },
    })),
    actions: [{ id: id++, text: { text: action, cursor: action.length } }],
  } as RuleForm;
}

const CASES: Array<[string, RuleForm]> = [
  [
    'narrow: in_port=5 tcp tcp_dst=100-200',
    form(
      '2000',
      [
        ['in_port', '5'],
        ['tcp', ''],
        ['tcp_dst', '100-200'],
      ],
      'output:14',
    ),
  ],
  ['one in_port: in_port=5', form('2000', [['in_port', '5']], 'output:14')],
  ['tcp at priority 65535 (overlaps every rule)', form('65535', [['tcp', '']], 'group:2')],
];

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)]!,
    p95: s[Math.floor(s.length * 0.95)]!,
    max: s[s.length - 1]!,
  };
};

const out: Record<string, unknown> = { rules: nRules, keys: nKeys };
for (const [name, f] of CASES) {
  let list = rules(nRules, 0);
  let view = deviceView({ rules: { rules: list, used_flows: nRules }, groups, info });
  let t = traffic(list);
  // keystrokes: each one a new form object, as the editor makes one per key
  const warm: number[] = [];
  const cpu: number[] = [];
  const impactOnly: number[] = [];
  let moved = 0;
  for (let k = 0; k < nKeys; k++) {
    const typed = { ...f, name: { text: `x${k}`, cursor: 2 } } as RuleForm;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const a = analyze(typed, view);
    const t1 = performance.now();
    const e = editorImpact(a, t);
    const t2 = performance.now();
    const c = process.cpuUsage(c0);
    warm.push(t2 - t0);
    cpu.push((c.user + c.system) / 1000);
    impactOnly.push(t2 - t1);
    moved = (e?.impact.full.length ?? 0) + (e?.impact.partial.length ?? 0);
  }
  // the first keystroke after a poll: new rule objects with new rates, their unchanged match
  // objects shared with the previous poll's as the store's rules fetcher does (once per poll)
  const afterPoll: number[] = [];
  const share: number[] = [];
  for (let p = 1; p <= 10; p++) {
    const prev = list;
    list = rules(nRules, p);
    const s0 = performance.now();
    shareMatches(prev, list);
    share.push(performance.now() - s0);
    view = deviceView({ rules: { rules: list, used_flows: nRules }, groups, info });
    t = traffic(list);
    const t0 = performance.now();
    editorImpact(analyze(f, view), t);
    afterPoll.push(performance.now() - t0);
  }
  out[name] = {
    rulesTaken: moved,
    keystroke: stats(warm),
    keystrokeCpu: stats(cpu),
    impactOnly: stats(impactOnly),
    afterPoll: stats(afterPoll),
    sharePerPoll: stats(share),
  };
}
console.log(JSON.stringify(out));
