/**
 * The forwarding engine's conservation laws, over random rule sets and random changes
 * (fast-check): every flow goes to exactly one rule (the one the device would pick) or is
 * unmatched; what the rules count adds up to what the ports receive; what a port is sent is
 * what the rules and groups send it, capped at its line rate with the rest dropped; and no
 * counter ever goes down.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalMatch, type Group, type Match, PORT_COUNTERS } from '../model/index.js';
import { mismatch } from '../tcam/index.js';
import { type Engine, engineOf } from './engine.js';
import { buildChassisState, buildTraffic, changePort } from './ports.js';
import { rulesKey, type SimRule, SimState } from './state.js';

const T0 = Date.UTC(2025, 4, 6, 12, 0);

const IN_PORTS = [undefined, '1', '2', '3', '1,2', '19', '18-19', '4-8'];
const EXTRA: Match[] = [
  {},
  { tcp: '', tcp_dst: '443' },
  { udp: '' },
  { ip: '', nw_src: '10.1.2.0/24' },
  { icmp: '' },
  { tcp: '', tcp_dst: '1-1023' },
];
const ACTIONS = [
  ['output:9'],
  ['output:9,14'],
  ['drop'],
  ['output:7'],
  ['group:1'],
  ['group:2'],
  ['group:3'],
  ['output:14', 'output:16'],
];
const GROUPS: Group[] = [
  {
    group_id: 1,
    type: 'select',
    description: '',
    buckets: [
      { watch_port: '', actions: ['output:14'] },
      { watch_port: '', actions: ['output:15'] },
    ],
  },
  {
    group_id: 2,
    type: 'all',
    description: '',
    buckets: [
      { watch_port: '', actions: ['output:16'] },
      { watch_port: '', actions: ['output:21'] },
    ],
  },
  {
    group_id: 3,
    type: 'ff',
    description: '',
    buckets: [
      { watch_port: '14', actions: ['output:14'] },
      { watch_port: '16', actions: ['output:16'] },
    ],
  },
];

const ruleArb = fc.record({
  priority: fc.constantFrom(100, 200, 300),
  inPort: fc.constantFrom(...IN_PORTS),
  extra: fc.constantFrom(...EXTRA),
  actions: fc.constantFrom(...ACTIONS),
});
type RuleSpec = { priority: number; inPort: string | undefined; extra: Match; actions: string[] };

const opArb = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), rule: ruleArb }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('put' as const),
    pick: fc.nat(),
    actions: fc.constantFrom(...ACTIONS),
  }),
  fc.record({
    kind: fc.constant('shut' as const),
    port: fc.constantFrom(9, 14, 19),
    on: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('hash' as const), ipsa: fc.boolean(), dst: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteAll' as const) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
);

function device(seed: number) {
  let clock = T0;
  const state = new SimState({ seed, now: () => clock, flows: 800 });
  state.chassis = buildChassisState();
  state.traffic = buildTraffic(state);
  for (const g of GROUPS) state.groups.set(g.group_id, structuredClone(g));
  const engine = engineOf(state);
  return { state, engine, advance: (ms: number) => (clock += ms) };
}

function addRule(state: SimState, spec: RuleSpec): void {
  const match: Match = { ...spec.extra };
  if (spec.inPort) match.in_port = spec.inPort;
  const key = rulesKey(spec.priority, match);
  if (state.rules.has(key)) return;
  state.rules.set(key, {
    cookie: state.newCookie(),
    name: `r${state.rules.size}`,
    description: '',
    priority: spec.priority,
    match,
    actions: [...spec.actions],
    since: state.now(),
  });
  state.changed();
}

/** The rule the device picks: highest priority, then the earliest installed. */
function expectedWinner(rules: SimRule[], flow: Parameters<typeof mismatch>[1]): SimRule | null {
  let best: SimRule | null = null;
  for (const r of rules)
    if (
      (!best || r.priority > best.priority) &&
      mismatch(canonicalMatch(r.match).match, flow) === null
    )
      best = r;
  return best;
}

function check(state: SimState, engine: Engine): void {
  const t = state.counterNow();
  const rules = [...state.rules.values()];
  const ruleSet = new Set(rules);
  const demand = new Map<number, number>();
  let flows = 0;
  for (const x of engine.listFlows({})) {
    flows++;
    // exactly one rule, the one the device picks, or unmatched
    if (x.rule) expect(ruleSet.has(x.rule)).toBe(true);
    expect(x.rule).toBe(expectedWinner(rules, x.sim.flow));
    const bps = engine.flowBps(x.sim, t);
    for (const o of x.outputs) demand.set(o, (demand.get(o) ?? 0) + bps);
  }
  expect(flows).toBeGreaterThan(700);
  // Σ winning rules' rates = Σ input rates − unmatched
  let input = 0;
  for (const p of state.traffic.portNumbers()) input += engine.portRates(p, t).rx;
  let matched = 0;
  for (const r of rules) matched += engine.ruleCounters(r, t).datarate_raw;
  const unmatched = engine.unmatchedBps(t);
  expect(Math.abs(matched + unmatched - input)).toBeLessThanOrEqual(
    input * 1e-9 + rules.length + 1,
  );
  // a port's demand is what the rules and groups send it; tx ≤ line rate, the rest dropped
  for (const p of state.traffic.portNumbers()) {
    const r = engine.portRates(p, t);
    const want = demand.get(p) ?? 0;
    expect(Math.abs(r.tx + r.over - want)).toBeLessThanOrEqual(want * 1e-9 + 1);
    const line = state.traffic.link(p).maxBps;
    expect(r.tx).toBeLessThanOrEqual(line * (1 + 1e-12));
    if (want <= line) expect(r.over).toBeLessThanOrEqual(want * 1e-9 + 1);
  }
}

describe('forwarding engine (property)', () => {
  it('conserves traffic and never decreases a counter across random changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(ruleArb, { maxLength: 8 }),
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        (seed, initial, ops) => {
          const { state, engine, advance } = device(seed);
          for (const spec of initial) addRule(state, spec);
          advance(1000);
          check(state, engine);
          let t = state.counterNow();
          let stats = engine.portStats(t);
          let counters = new Map(
            [...state.rules.values()].map((r) => [r, engine.ruleCounters(r, t)] as const),
          );
          for (const op of ops) {
            const list = [...state.rules.values()];
            if (op.kind === 'add') addRule(state, op.rule);
            else if (op.kind === 'delete' && list.length > 0) {
              const r = list[op.pick % list.length]!;
              state.rules.delete(rulesKey(r.priority, r.match));
              state.changed();
            } else if (op.kind === 'put' && list.length > 0) {
              list[op.pick % list.length]!.actions = [...op.actions];
              state.changed();
            } else if (op.kind === 'shut') {
              changePort(state, { if_name: `eth-0-${op.port}`, shutdown: op.on });
              state.changed();
            } else if (op.kind === 'hash') {
              state.settings.groupHash = {
                ...state.settings.groupHash,
                ipsa: op.ipsa,
                dst_port: op.dst,
              };
              state.changed();
            } else if (op.kind === 'deleteAll') {
              state.rules.clear();
              state.changed();
            } else if (op.kind === 'wait') advance(op.ms);
            advance(100);
            check(state, engine);
            const t2 = state.counterNow();
            const next = engine.portStats(t2);
            for (const [i, s] of next.entries()) {
              const prev = stats[i]!;
              for (const k of PORT_COUNTERS)
                expect(s[k], `${k} of port ${s.portnum} after ${op.kind}`).toBeGreaterThanOrEqual(
                  prev[k],
                );
              const line = state.traffic.link(Number(s.portnum)).maxBps;
              const sent = Number(s.txbytes - prev.txbytes) * 8;
              expect(sent).toBeLessThanOrEqual(((line * (t2 - t)) / 1000) * 1.001 + 8 * 9216);
            }
            const nextCounters = new Map(
              [...state.rules.values()].map((r) => [r, engine.ruleCounters(r, t2)] as const),
            );
            for (const [r, c] of nextCounters) {
              const prev = counters.get(r);
              if (!prev) continue;
              expect(c.n_bytes).toBeGreaterThanOrEqual(prev.n_bytes);
              expect(c.n_packets).toBeGreaterThanOrEqual(prev.n_packets);
            }
            t = t2;
            stats = next;
            counters = nextCounters;
          }
        },
      ),
      {
        numRuns: 25,
        examples: [
          // found by this property: a port's link went down between a counter step's start and
          // the change, and the capped port's tx exceeded its line rate for those milliseconds
          [
            8,
            [
              {
                priority: 100,
                inPort: undefined,
                extra: { ip: '', nw_src: '10.1.2.0/24' },
                actions: ['output:9'],
              },
            ],
            [
              { kind: 'put', pick: 0, actions: ['group:3'] },
              { kind: 'wait', ms: 7 },
              { kind: 'shut', port: 19, on: true },
              { kind: 'deleteAll' },
            ],
          ],
        ],
      },
    );
  }, 300_000);
});
