/**
 * Property test over real HTTP: random sequences of rule, group, save-point and port
 * operations (valid and invalid ones) against a fresh simulator. After every operation:
 *  - the answer is 2xx or 4xx (never 5xx); a 4xx carries {error: non-empty string};
 *  - used_flows of /rules/all == Σ real_flow_ct == /flownumbers used_flows ≤ 4177, and
 *    every real_flow_ct equals the TCAM cost of its match;
 *  - no two rules share match + priority; cookies are unique;
 *  - every group:N action names an existing group;
 *  - per-rule counters (by cookie) never decrease unless a counter reset or a save-point
 *    activation happened in between;
 *  - a 4xx leaves the rules' identities and the groups exactly as they were;
 *  - a few success postconditions (added rule present, delete-all empties, …).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flowCount } from '../../src/tcam/index.js';
import {
  type Res,
  ruleIdentity,
  sameMatch,
  startTestSim,
  type TestSim,
  type Wire,
} from './helpers.js';

type Match = Record<string, string>;
type Enc = 'query' | 'form' | 'json';
interface Bucket {
  actions: string;
  watch_port: string;
}
type Op =
  | { kind: 'addRule'; priority: number | ''; match: Match; actions: string; enc: Enc }
  | {
      kind: 'modRule';
      priority: number | '';
      match: Match;
      actions: string;
      enc: Enc;
      pick: number | null;
    }
  | { kind: 'delRule'; priority: number | ''; match: Match; wildcard: boolean; pick: number | null }
  | { kind: 'delAll' }
  | { kind: 'resetCounters' }
  | { kind: 'postGroup' | 'putGroup'; id: number; type: string; buckets: Bucket[] }
  | { kind: 'delGroup'; id: number }
  | { kind: 'delAllGroups' }
  | { kind: 'createSp'; name: string }
  | { kind: 'activateSp'; name: string }
  | { kind: 'quicksave' }
  | { kind: 'port'; ifName: string; shutdown: boolean };

const HARD_LIMIT = 4177;

// ---- vocabulary ------------------------------------------------------------------------

/** Picks from `[value, weight]` pairs. */
function weighted<T>(...items: [T, number][]): fc.Arbitrary<T> {
  return fc.oneof(...items.map(([v, weight]) => ({ weight, arbitrary: fc.constant(v) })));
}

const priorityArb = weighted<number | ''>(
  [1, 3],
  [100, 3],
  [32768, 1],
  [0, 1],
  [65535, 1],
  ['', 1],
  [65536, 1],
);
const inPortArb = weighted<string | undefined>(
  [undefined, 2],
  ['1', 3],
  ['2', 2],
  ['3', 2],
  ['1,2', 2],
  ['2,3,4', 2],
  ['1,2,3,4', 2], // × 900 below = 3600 flows: the next big rule does not fit
  ['7', 1], // no cable: still a valid in_port
  ['99', 1], // invalid
);
const l4Arb = weighted<Match>(
  [{}, 3],
  [{ tcp: '', tcp_dst: '80' }, 2],
  [{ tcp: '', tcp_dst: '1000-1999' }, 2], // 7 flows
  [{ tcp: '', tcp_dst: '1-65534' }, 2], // 30 flows
  [{ tcp: '', tcp_src: '1-65534', tcp_dst: '1-65534' }, 3], // 900 flows: fills the TCAM fast
  [{ udp: '', udp_dst: '53' }, 2],
  [{ udp: '', udp_src: '1024-65535' }, 1], // 6 flows
  [{ ip: '', nw_src: '10.0.0.0/8' }, 1],
  [{ tcp_dst: '80' }, 1], // invalid: prerequisite missing
  [{ colour: 'red' }, 1], // invalid: unknown field
  [{ ipv6: '', ipv6_src: '2001:db8::1' }, 1], // invalid in simple mode
);
const matchArb = fc
  .tuple(inPortArb, l4Arb)
  .map(([inPort, l4]): Match => (inPort === undefined ? { ...l4 } : { in_port: inPort, ...l4 }));
const actionsArb = weighted(
  ['output:2', 4],
  ['output:2,3', 2],
  ['output:7', 1],
  ['drop', 2],
  ['push_vlan:0x8100,output:9', 1],
  ['group:1', 3],
  ['group:2', 2],
  ['group:3', 1],
  ['drop,output:2', 1], // invalid
  ['teleport:1', 1], // invalid
  ['output:99', 1], // invalid
);
const encArb = fc.constantFrom<Enc>('query', 'form', 'json');
const bucketArb = fc.record({
  actions: weighted(
    ['output:2', 4],
    ['output:3', 4],
    ['push_vlan:0x8100,output:4', 2],
    ['output:99', 1], // invalid
    ['group:1', 1], // invalid: no nesting
  ),
  watch_port: weighted(['', 4], ['2', 2], ['3', 2], ['99', 1]),
});
const bucketsArb = fc.oneof(
  { weight: 10, arbitrary: fc.array(bucketArb, { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constant<Bucket[]>([]) },
  {
    weight: 1,
    arbitrary: fc.constant<Bucket[]>(
      Array.from({ length: 17 }, () => ({ actions: 'output:2', watch_port: '' })),
    ),
  },
);
const groupIdArb = fc.constantFrom(1, 2, 3);
const spNameArb = fc.constantFrom('a', 'b');
/** null: use the generated priority/match; a number: address an existing rule by index. */
const pickArb = fc.option(fc.nat(), { freq: 3, nil: null });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('addRule' as const),
      priority: priorityArb,
      match: matchArb,
      actions: actionsArb,
      enc: encArb,
    }),
  },
  {
    // 3600 TCAM flows: a second one (or much else) no longer fits
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('addRule' as const),
      priority: priorityArb,
      match: fc.constant<Match>({
        in_port: '1,2,3,4',
        tcp: '',
        tcp_src: '1-65534',
        tcp_dst: '1-65534',
      }),
      actions: fc.constant('output:9'),
      enc: encArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('modRule' as const),
      priority: priorityArb,
      match: matchArb,
      actions: actionsArb,
      enc: encArb,
      pick: pickArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('delRule' as const),
      priority: priorityArb,
      match: matchArb,
      wildcard: fc.boolean(),
      pick: pickArb,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'delAll' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'resetCounters' as const }) },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: weighted<'postGroup' | 'putGroup'>(['postGroup', 3], ['putGroup', 1]),
      id: groupIdArb,
      type: weighted(['select', 3], ['ff', 2], ['all', 3], ['bogus', 1]),
      buckets: bucketsArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delGroup' as const), id: groupIdArb }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delAllGroups' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('createSp' as const), name: spNameArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('activateSp' as const),
      name: weighted(['a', 3], ['b', 3], ['factory-default', 1], ['Quicksave', 2], ['missing', 1]),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'quicksave' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('port' as const),
      ifName: fc.constantFrom('eth-0-1', 'eth-0-2', 'eth-0-3', 'eth-0-9'),
      shutdown: fc.boolean(),
    }),
  },
);

/** Replaces a pick of an existing rule by that rule's priority and match. */
function resolve(op: Op, state: Observed): Op {
  if (
    (op.kind !== 'modRule' && op.kind !== 'delRule') ||
    op.pick === null ||
    state.rules.length === 0
  )
    return op;
  const r = state.rules[op.pick % state.rules.length]!;
  return { ...op, priority: Number(r.priority), match: { ...r.match } };
}

// ---- running operations ----------------------------------------------------------------

function send(t: TestSim, method: string, path: string, params: Record<string, unknown>, enc: Enc) {
  if (enc === 'json') return t.call(method, path, { json: params });
  if (enc === 'form') return t.call(method, path, { form: params });
  return t.call(method, path, { query: params });
}

function groupBody(op: { id: number; type: string; buckets: Bucket[] }) {
  return { [String(op.id)]: { group_id: String(op.id), type: op.type, buckets: op.buckets } };
}

function run(t: TestSim, op: Op): Promise<Res> {
  switch (op.kind) {
    case 'addRule':
      return send(
        t,
        'POST',
        '/rules',
        { priority: op.priority, match: op.match, actions: op.actions },
        op.enc,
      );
    case 'modRule':
      return send(
        t,
        'PUT',
        '/rules',
        { priority: op.priority, match: op.match, actions: op.actions },
        op.enc,
      );
    case 'delRule': {
      const match = op.wildcard
        ? Object.fromEntries(Object.keys(op.match).map((k) => [k, '']))
        : op.match;
      return t.call('DELETE', '/rules', { json: { priority: op.priority, match } });
    }
    case 'delAll':
      return t.call('DELETE', '/rules/all');
    case 'resetCounters':
      return t.call('DELETE', '/rules/counters');
    case 'postGroup':
      return t.call('POST', '/groups', { json: groupBody(op) });
    case 'putGroup':
      return t.call('PUT', '/groups', { json: groupBody(op) });
    case 'delGroup':
      return t.call('DELETE', '/groups', { query: { group_id: op.id } });
    case 'delAllGroups':
      return t.call('DELETE', '/groups/all');
    case 'createSp':
      return t.call('POST', '/savepoints/rulesavepoint', { query: { name: op.name } });
    case 'activateSp':
      return t.call('PUT', '/savepoints/activerulesavepoint', { query: { name: op.name } });
    case 'quicksave':
      return t.call('PUT', '/savepoints/quicksaverules');
    case 'port':
      return t.call('POST', '/ports/config', {
        query: { if_name: op.ifName, shutdown: op.shutdown },
      });
  }
}

// ---- observing the device --------------------------------------------------------------

interface Observed {
  rules: Record<string, Wire>[];
  groups: Record<string, Wire>[];
}

async function observe(t: TestSim): Promise<Observed> {
  const [r, f, g] = await Promise.all([
    t.get('/rules/all'),
    t.get('/flownumbers'),
    t.get('/groups/all'),
  ]);
  expect(r.status, r.text).toBe(200);
  expect(f.status, f.text).toBe(200);
  expect(g.status, g.text).toBe(200);
  const rules = r.body.rules as Record<string, Wire>[];
  let sum = 0;
  for (const rule of rules) {
    expect(rule.real_flow_ct).toBe(flowCount(rule.match as Match));
    sum += rule.real_flow_ct;
  }
  expect(r.body.used_flows).toBe(sum);
  expect(f.body.used_flows).toBe(sum);
  expect(sum).toBeLessThanOrEqual(HARD_LIMIT);

  const keys = rules.map((x) => `${x.priority}|${JSON.stringify(Object.entries(x.match).sort())}`);
  expect(new Set(keys).size, 'two rules share match + priority').toBe(keys.length);
  const cookies = rules.map((x) => x.cookie);
  expect(new Set(cookies).size, 'cookies are unique').toBe(cookies.length);

  const groups = g.body.rules as Record<string, Wire>[];
  const groupIds = new Set(groups.map((x) => x.group_id));
  for (const rule of rules) {
    for (const m of String(rule.actions).matchAll(/group:(\d+)/g))
      expect(groupIds.has(Number(m[1])), `rule uses missing group ${m[1]}`).toBe(true);
    for (const n of String(rule.actions)
      .match(/output:([\d,]+)/)?.[1]
      ?.split(',') ?? [])
      expect(Number(n)).toBeLessThanOrEqual(28);
  }
  return { rules, groups };
}

interface Saved {
  rules: string[];
  groups: unknown[];
}
/** Rules (without cookies and counters) and groups, order-independent. */
function summary(o: Observed): Saved {
  return {
    rules: o.rules
      .map(
        (r) =>
          `${r.priority}|${JSON.stringify(Object.entries(r.match).sort())}|${r.actions}|${r.name}`,
      )
      .sort(),
    groups: o.groups,
  };
}

const isSuccess = (r: Res) => r.status >= 200 && r.status < 300;

/** Checks one step: the answer, the invariants and the step's own postconditions. */
function checkStep(op: Op, res: Res, before: Observed, after: Observed): void {
  expect(res.status, `${JSON.stringify(op)} → ${res.text}`).toBeLessThan(500);
  expect([2, 4]).toContain(Math.floor(res.status / 100));
  if (!isSuccess(res)) {
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(typeof res.body.error).toBe('string');
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(after.rules.map(ruleIdentity), `4xx changed the rules: ${res.text}`).toEqual(
      before.rules.map(ruleIdentity),
    );
    expect(after.groups).toEqual(before.groups);
    return;
  }
  const priority = (p: number | '') => (p === '' ? 32768 : p);
  const find = (list: Record<string, Wire>[], p: number, m: Match) =>
    list.find((r) => Number(r.priority) === p && sameMatch(r.match, m));
  switch (op.kind) {
    case 'addRule': {
      const added = find(after.rules, priority(op.priority), op.match);
      expect(added, 'added rule is listed').toBeDefined();
      expect(added!.actions).toBe(op.actions);
      expect(before.rules.some((r) => r.cookie === added!.cookie)).toBe(false);
      expect(after.rules).toHaveLength(before.rules.length + 1);
      break;
    }
    case 'modRule': {
      const old = find(before.rules, priority(op.priority), op.match)!;
      const now = find(after.rules, priority(op.priority), op.match)!;
      expect(now.cookie).toBe(old.cookie);
      expect(now.actions).toBe(op.actions);
      expect(after.rules).toHaveLength(before.rules.length);
      break;
    }
    case 'delRule': {
      const keys = Object.keys(op.match).sort().join(',');
      const hit = (r: Record<string, Wire>) =>
        Number(r.priority) === priority(op.priority) &&
        Object.keys(r.match).sort().join(',') === keys &&
        (op.wildcard || sameMatch(r.match, op.match));
      expect(after.rules.length).toBeLessThan(before.rules.length);
      expect(after.rules.map((r) => r.cookie)).toEqual(
        before.rules.filter((r) => !hit(r)).map((r) => r.cookie),
      );
      break;
    }
    case 'delAll':
      expect(after.rules).toEqual([]);
      break;
    case 'delAllGroups':
      expect(after.groups).toEqual([]);
      break;
    case 'postGroup': {
      const replaced = before.groups.some((g) => g.group_id === op.id);
      const uses = (r: Record<string, Wire>) =>
        String(r.actions).split(',').includes(`group:${op.id}`);
      const expected = before.rules.filter((r) => !(replaced && uses(r)));
      expect(after.rules.map((r) => r.cookie)).toEqual(expected.map((r) => r.cookie));
      expect(after.groups.find((g) => g.group_id === op.id)?.type).toBe(op.type.toUpperCase());
      break;
    }
    case 'putGroup':
      expect(after.rules.map((r) => r.cookie)).toEqual(before.rules.map((r) => r.cookie));
      break;
    case 'delGroup':
      expect(after.groups.some((g) => g.group_id === op.id)).toBe(false);
      expect(after.rules.map((r) => r.cookie)).toEqual(before.rules.map((r) => r.cookie));
      break;
    default:
      break;
  }
}

/** Ops after which counters may legitimately start over. */
const resetsCounters = (op: Op, res: Res) =>
  isSuccess(res) && (op.kind === 'resetCounters' || op.kind === 'activateSp');

describe('simulator invariants under random operation sequences (HTTP)', () => {
  it('hold after every step', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 5, maxLength: 30, size: 'max' }),
        fc.integer({ min: 1, max: 1000 }),
        async (ops, seed) => {
          const t = await startTestSim({ seed });
          try {
            let state = await observe(t);
            let counters = new Map<bigint, [bigint, bigint]>();
            const remember = (o: Observed) => {
              for (const r of o.rules)
                counters.set(r.cookie, [BigInt(r.n_bytes), BigInt(r.n_packets)]);
            };
            remember(state);
            // What each rule save-point holds, to check create / activate against.
            const saved = new Map<string, Saved>([['factory-default', summary(state)]]);
            for (const generated of ops) {
              const op = resolve(generated, state);
              const res = await run(t, op);
              const next = await observe(t);
              checkStep(op, res, state, next);
              if (op.kind === 'createSp') {
                expect(res.status, res.text).toBe(saved.has(op.name) ? 409 : 200);
                if (res.status === 200) saved.set(op.name, summary(state));
              } else if (op.kind === 'quicksave') {
                expect(res.status, res.text).toBe(200);
                saved.set('Quicksave', summary(state));
              } else if (op.kind === 'activateSp') {
                const sp = saved.get(op.name);
                // a save-point taken from a valid state always fits again (ports never vanish)
                expect(res.status, res.text).toBe(sp ? 200 : 404);
                if (sp) expect(summary(next)).toEqual(sp);
              }
              if (resetsCounters(op, res)) counters = new Map();
              for (const r of next.rules) {
                const prev = counters.get(r.cookie);
                if (!prev) continue;
                expect(
                  BigInt(r.n_bytes),
                  `n_bytes of ${r.cookie} fell after ${JSON.stringify(op)}`,
                ).toBeGreaterThanOrEqual(prev[0]);
                expect(BigInt(r.n_packets), `n_packets of ${r.cookie} fell`).toBeGreaterThanOrEqual(
                  prev[1],
                );
              }
              remember(next);
              state = next;
            }
          } finally {
            await t.close();
          }
        },
      ),
      // 30 sequences a run (60 with PBC_FUZZ_FULL=1), each on a simulator of its own: fast-check
      // draws a new seed every run, so runs add up to more sequences
      { numRuns: process.env.PBC_FUZZ_FULL === '1' ? 60 : 30 },
    );
    // a failure bound, no speed target: 20–24 s near idle, over 120 s at load 25
  }, 300_000);
});
