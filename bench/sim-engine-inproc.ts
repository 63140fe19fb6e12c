// The forwarding engine in process (issue 16): one rule change with 4,096 rules × 50,000
// flows (target ≤ 20 ms), activating a 4,096-rule save-point (≤ 500 ms), and the engine's
// build at 200,000 flows. Prints one JSON line. Bundled and run by bench/sim-engine.mjs.
import type { Group, Match } from '../src/model/index.js';
import { factoryReset } from '../src/sim/boot.js';
import { engineOf } from '../src/sim/engine.js';
import { loadRuleSet } from '../src/sim/rulesets.js';
import { rulesKey, type SimRule, SimState, type StoredRuleSavePoint } from '../src/sim/state.js';

const FLOWS = Number(process.argv[2] ?? 50_000);
const RULES = Number(process.argv[3] ?? 4096);
const CHANGES = Number(process.argv[4] ?? 30);

const SERVICES = ['443', '80', '53', '445', '22', '123', '1900', '3389'];
const NETS = ['10.1.2.0/24', '198.51.100.0/24', '10.0.0.0/16', '172.16.5.0/24'];

/**
 * A varied rule of one TCAM flow (4,096 of them fit): one in_port (1 in 20 on every
 * port); protocols, ports, prefixes.
 */
function matchOf(i: number): Match {
  const m: Match = {};
  if (i % 20 !== 0) m.in_port = String((i % 28) + 1);
  const proto = i % 3 === 0 ? 'udp' : 'tcp';
  if (i % 5 !== 4) {
    m[proto] = '';
    m[`${proto}_dst`] = i % 7 === 0 ? SERVICES[i % SERVICES.length]! : String(1 + (i % 65_000));
  } else {
    m.ip = '';
    m.nw_src = NETS[i % NETS.length]!;
  }
  return m;
}

function rule(state: SimState, i: number, now: number): SimRule {
  return {
    cookie: state.newCookie(),
    name: `b-${i}`,
    description: '',
    priority: 100 + (i % 4000),
    match: matchOf(i),
    actions: [`output:${9 + (i % 8)}`],
    since: now,
  };
}

const OTHER_SERVICES = ['443', '80', '53', '445', '22', '123', '8080', '25'];
const OTHER_NETS = ['10.1.0.0/16', '198.51.100.128/25', '10.0.0.0/8', '172.16.0.0/12'];

/** 8 groups: all (clone to two tool ports), select (over three), ff (watch ports). */
const GROUPS: Group[] = Array.from({ length: 8 }, (_, g) => {
  const type = (['all', 'select', 'ff'] as const)[g % 3]!;
  const n = type === 'select' ? 3 : 2;
  return {
    group_id: g + 1,
    type,
    description: `bench ${type}`,
    buckets: Array.from({ length: n }, (_, b) => {
      const port = String(9 + ((g + b) % 8));
      return { watch_port: type === 'ff' ? port : '', actions: [`output:${port}`] };
    }),
  };
});

/**
 * A rule of another rule set: a different in_port spread, services, prefixes and priorities
 * than `rule` (none has a twin among them); with `groups`, every other rule sends to a group.
 */
function otherRule(state: SimState, i: number, now: number, groups: boolean): SimRule {
  const m: Match = {};
  if (i % 16 !== 0) m.in_port = String(((i * 5) % 28) + 1);
  const proto = i % 4 === 0 ? 'udp' : 'tcp';
  if (i % 6 !== 5) {
    m[proto] = '';
    m[`${proto}_dst`] =
      i % 5 === 0 ? OTHER_SERVICES[i % OTHER_SERVICES.length]! : String(1 + ((i * 13) % 65_000));
  } else {
    m.ip = '';
    m.nw_dst = OTHER_NETS[i % OTHER_NETS.length]!;
  }
  return {
    cookie: state.newCookie(),
    name: `o-${i}`,
    description: '',
    priority: (groups ? 20_000 : 10_000) + ((i * 7) % 4000),
    match: m,
    actions: groups && i % 2 ? [`group:${1 + (i % 8)}`] : [`output:${9 + ((i * 3) % 8)}`],
    since: now,
  };
}

/** CPU time (user + system, ms) of each measurement, by the array its wall time went to. */
const cpuOf = new Map<number[], number[]>();
let lastCpu = 0;
const ms = (f: () => void): number => {
  const c = process.cpuUsage();
  const t = performance.now();
  f();
  const wall = performance.now() - t;
  const d = process.cpuUsage(c);
  lastCpu = (d.user + d.system) / 1000;
  return wall;
};
/** Pushes a measurement's wall time to `xs` and its CPU time beside it. */
const into = (xs: number[], f: () => void): void => {
  const wall = ms(f);
  xs.push(wall);
  const cpu = cpuOf.get(xs) ?? [];
  cpu.push(lastCpu);
  cpuOf.set(xs, cpu);
};
/** Copies the last measurement of `from` (wall and CPU) into `xs` too. */
const also = (xs: number[], from: number[]): void => {
  xs.push(from[from.length - 1]!);
  const cpu = cpuOf.get(xs) ?? [];
  cpu.push(cpuOf.get(from)!.at(-1)!);
  cpuOf.set(xs, cpu);
};
const pick = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return {
    median: s[Math.floor(s.length / 2)]!,
    p90: s[Math.floor(s.length * 0.9)]!,
    /** Nearest rank: of 100 changes, the second slowest. */
    p99: s[Math.max(0, Math.ceil(s.length * 0.99) - 1)]!,
    max: s[s.length - 1]!,
  };
};
const stats = (xs: number[]) => ({ ...pick(xs), cpu: pick(cpuOf.get(xs) ?? [0]) });

const state = new SimState({ seed: 7, flows: FLOWS });
factoryReset(state);
const buildMs = ms(() => engineOf(state));
const now = state.now();
const rules = Array.from({ length: RULES }, (_, i) => rule(state, i, now));
// the rules arrive together: one bulk reclassification
const loadMs = ms(() => {
  for (const r of rules) state.rules.set(rulesKey(r.priority, r.match), r);
  state.changed();
});
const engine = engineOf(state);

// one rule added, then deleted, CHANGES times: narrow ones and broad ones (no in_port)
/** How many flows the first two broad rules take (counted outside the timing). */
const broadFlows: number[] = [];
const add: number[] = [];
const del: number[] = [];
/** The broad ones (every port, above every rule: ~20,000 flows each) on their own. */
const addBroad: number[] = [];
const delBroad: number[] = [];
for (let c = 0; c < CHANGES; c++) {
  const broad = c % 3 === 0;
  const match: Match = broad
    ? { tcp: '', tcp_dst: c % 2 ? '443' : '1-1023' }
    : { in_port: String((c % 28) + 1), udp: '' };
  const r: SimRule = {
    cookie: state.newCookie(),
    name: `x-${c}`,
    description: '',
    priority: 60_000 - c,
    match,
    actions: ['output:14'],
    since: state.now(),
  };
  const key = rulesKey(r.priority, r.match);
  const added = () => {
    state.rules.set(key, r);
    state.changed();
  };
  const deleted = () => {
    state.rules.delete(key);
    state.changed();
  };
  into(add, added);
  if (broad) {
    if (broadFlows.length < 2) broadFlows.push([...engine.listFlows({ cookie: r.cookie })].length);
    also(addBroad, add);
  }
  into(del, deleted);
  if (broad) {
    also(delBroad, del);
  }
}

// Save-points activated as PUT /savepoints/activerulesavepoint does (loadRuleSet, then the
// engine's sync), in a cycle where each activation starts from the one before:
//   installed → near (rule(i + 7): 7 of 4,096 rules differ; the classifier's twin shortcut)
//   near → near again (identical: the shortcut's best case)
//   near → other (every rule a different match and priority, the same groups: none)
//   other → grouped (every rule different again, and 8 groups in place of none)
//   grouped → installed (every rule and every group different)
// three times. Only "near" and "identical" are the twin shortcut's cases.
const spOf = (name: string, rs: SimRule[], groups: Group[] = []): StoredRuleSavePoint => ({
  name,
  description: '',
  readonly: false,
  groups,
  rules: rs,
});
const installed = spOf('installed', [...state.rules.values()]);
const near = spOf(
  'near',
  Array.from({ length: RULES }, (_, i) => rule(state, i + 7, now)),
);
const other = spOf(
  'other',
  Array.from({ length: RULES }, (_, i) => otherRule(state, i, now, false)),
);
const grouped = spOf(
  'grouped',
  Array.from({ length: RULES }, (_, i) => otherRule(state, i, now, true)),
  GROUPS,
);
/** How many rules of `b` have a rule of `a` with the same priority and match (a twin). */
const twins = (a: StoredRuleSavePoint, b: StoredRuleSavePoint) => {
  const keys = new Set(a.rules.map((r) => rulesKey(r.priority, r.match)));
  return b.rules.filter((r) => keys.has(rulesKey(r.priority, r.match))).length;
};
const activations = {
  near: { from: installed, to: near, wall: [] as number[], engine: [] as number[] },
  identical: { from: near, to: near, wall: [] as number[], engine: [] as number[] },
  other: { from: near, to: other, wall: [] as number[], engine: [] as number[] },
  grouped: { from: other, to: grouped, wall: [] as number[], engine: [] as number[] },
  back: { from: grouped, to: installed, wall: [] as number[], engine: [] as number[] },
};
for (let k = 0; k < 3; k++) {
  for (const a of Object.values(activations)) {
    into(a.wall, () => {
      loadRuleSet(state, a.to);
      into(a.engine, () => state.changed());
    });
  }
}
const activationStats = Object.fromEntries(
  Object.entries(activations).map(([k, a]) => [
    k,
    {
      twins: twins(a.from, a.to),
      rules: a.to.rules.length,
      runs: a.wall,
      cpu: cpuOf.get(a.wall),
      engine: a.engine,
    },
  ]),
);
const t = state.counterNow();
const readMs = ms(() => {
  for (const r of state.rules.values()) engine.ruleCounters(r, t + 1000);
  engine.portStats(t + 1000);
});

console.log(
  JSON.stringify({
    flows: engine.flowCount(),
    rules: state.rules.size,
    buildMs,
    loadMs,
    add: stats(add),
    del: stats(del),
    addBroad: stats(addBroad),
    delBroad: stats(delBroad),
    broadFlows,
    activate: activationStats,
    readMs,
  }),
);
