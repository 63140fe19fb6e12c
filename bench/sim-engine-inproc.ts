// The forwarding engine in process (issue 16): one rule change with 4,096 rules × 50,000
// flows (target ≤ 20 ms), activating a 4,096-rule save-point (≤ 500 ms), and the engine's
// build at 200,000 flows. Prints one JSON line. Bundled and run by bench/sim-engine.mjs.
import type { Match } from '../src/model/index.js';
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

// a save-point of RULES other rules, activated as PUT /savepoints/activerulesavepoint does
const sp: StoredRuleSavePoint = {
  name: 'bench',
  description: '',
  readonly: false,
  groups: [],
  rules: Array.from({ length: RULES }, (_, i) => rule(state, i + 7, now)),
};
const activate: number[] = [];
const activateEngine: number[] = [];
for (let k = 0; k < 3; k++) {
  into(activate, () => {
    loadRuleSet(state, k % 2 ? sp : { ...sp, rules: sp.rules.map((r) => ({ ...r, since: now })) });
    into(activateEngine, () => state.changed());
  });
}
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
    activate: stats(activate),
    activateEngine: stats(activateEngine),
    readMs,
  }),
);
