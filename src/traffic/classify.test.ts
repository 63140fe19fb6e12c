import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import { Classifier, type ClassRule, type Flow, LOG_KEEP, matchesFlow } from './index.js';

const rule = (id: number, priority: number, match: Match): ClassRule => ({
  id,
  priority,
  match,
  actions: [`output:${id}`],
});

function flow(id: number, over: Partial<Flow> = {}): Flow {
  return {
    id,
    in_port: 1,
    dl_src: '00:00:00:00:00:01',
    dl_dst: '00:00:00:00:00:02',
    dl_type: 0x0800,
    nw_src: '10.1.2.3',
    nw_dst: '10.0.0.9',
    nw_proto: 6,
    tp_src: 40000,
    tp_dst: 443,
    bps: 1e6,
    packet_size: 500,
    ...over,
  };
}

/** The winner by definition: every rule tried, highest priority, then lowest id. */
function bruteWinner(rules: Iterable<ClassRule>, f: Flow): ClassRule | null {
  let best: ClassRule | null = null;
  for (const r of rules) {
    if (!matchesFlow(r.match, f)) continue;
    if (!best || r.priority > best.priority || (r.priority === best.priority && r.id < best.id))
      best = r;
  }
  return best;
}

const ids = (flows: Iterable<Flow>) => [...flows].map((f) => f.id).sort((a, b) => a - b);

describe('Classifier', () => {
  it('the highest-priority matching rule wins; a flow no rule matches is unmatched', () => {
    const c = new Classifier(
      [rule(1, 10, { in_port: '1' }), rule(2, 20, { in_port: '1', tcp: '', tcp_dst: '443' })],
      [flow(1), flow(2, { tp_dst: 80 }), flow(3, { in_port: 2 })],
    );
    expect(c.winner(1)?.id).toBe(2);
    expect(c.winner(2)?.id).toBe(1);
    expect(c.winner(3)).toBe(null);
    expect(ids(c.unmatched())).toEqual([3]);
    expect(ids(c.flowsOf(1))).toEqual([2]);
    expect(ids(c.flowsOf(2))).toEqual([1]);
  });

  it('equal priority: the rule installed earlier (lower id) wins, whatever the add order', () => {
    const late = rule(7, 100, { ip: '' });
    const early = rule(3, 100, { in_port: '1' });
    const a = new Classifier([late, early], [flow(1)]);
    expect(a.winner(1)?.id).toBe(3);
    const b = new Classifier([], [flow(1)]);
    expect([...b.addRule(late)]).toEqual([1]);
    expect([...b.addRule(early)]).toEqual([1]);
    expect(b.winner(1)?.id).toBe(3);
    expect([...b.addRule(rule(9, 100, { tcp: '' }))]).toEqual([]);
  });

  it('addRule reports only the flows it takes; a lower-priority rule takes none it overlaps', () => {
    const c = new Classifier(
      [rule(1, 50, { in_port: '1-2' })],
      [flow(1), flow(2, { in_port: 2 }), flow(3, { in_port: 3 }), flow(4, { in_port: 1 })],
    );
    expect([...c.addRule(rule(2, 10, { in_port: '1' }))]).toEqual([]);
    expect(ids(c.unmatched())).toEqual([3]);
    expect([...c.addRule(rule(3, 90, { tcp: '', tcp_dst: '443' }))].sort()).toEqual([1, 2, 3, 4]);
    expect(ids(c.unmatched())).toEqual([]);
  });

  it('removeRule hands each of its flows to the next rule that matches, or to unmatched', () => {
    const c = new Classifier(
      [rule(1, 90, { tcp: '' }), rule(2, 50, { in_port: '1' })],
      [flow(1), flow(2, { in_port: 2 }), flow(3, { nw_proto: 17 })],
    );
    expect([...c.removeRule(1)].sort()).toEqual([1, 2]);
    expect(c.winner(1)?.id).toBe(2);
    expect(c.winner(2)).toBe(null);
    expect(c.winner(3)?.id).toBe(2);
    expect([...c.removeRule(42)]).toEqual([]);
  });

  it('a rule listing many ports (a wide range) still matches only those ports', () => {
    const c = new Classifier(
      [rule(1, 10, { in_port: '100-400' })],
      [flow(1, { in_port: 1 }), flow(2, { in_port: 150 }), flow(3, { in_port: 401 })],
    );
    expect(ids(c.flowsOf(1))).toEqual([2]);
  });

  it('flows come and go; a replaced flow is classified afresh', () => {
    const c = new Classifier([rule(1, 10, { tcp: '' }), rule(2, 5, {})]);
    c.addFlow(flow(1));
    expect(c.winner(1)?.id).toBe(1);
    c.addFlow(flow(1, { nw_proto: 17 }));
    expect(c.winner(1)?.id).toBe(2);
    expect(ids(c.flowsOf(1))).toEqual([]);
    c.removeFlow(1);
    expect(c.winner(1)).toBe(null);
    expect(ids(c.flowsOf(2))).toEqual([]);
    expect(ids(c.unmatched())).toEqual([]);
  });
});

// --- properties: the incremental classifier against the definition --------------------------

const matchArb: fc.Arbitrary<Match> = fc
  .record(
    {
      in_port: fc.constantFrom('1', '2', '1,3', '2-3', '1-100'),
      proto: fc.constantFrom<Match>(
        { tcp: '' },
        { udp: '' },
        { ip: '' },
        { arp: '' },
        { protocol: 'tcp' },
        { dl_type: '0x0800' },
      ),
      tcp_dst: fc.constantFrom('443', '80-443', '80'),
      udp_dst: fc.constantFrom('443', '8080'),
      vlan: fc.constantFrom<Match>(
        { dl_vlan: '10' },
        { vlan: 'match' },
        { vlan: 'neg_match' },
        { vlan: 'match', vlan_id: '20' },
      ),
      nw_src: fc.constantFrom('10.0.0.0/8', '10.1.0.0/255.255.0.0', '192.0.2.1'),
    },
    { requiredKeys: [] },
  )
  .map(({ in_port, proto, tcp_dst, udp_dst, vlan, nw_src }) => {
    const m: Match = { ...(proto ?? {}), ...(vlan ?? {}) };
    if (in_port !== undefined) m.in_port = in_port;
    if (tcp_dst !== undefined) m.tcp_dst = tcp_dst;
    if (udp_dst !== undefined) m.udp_dst = udp_dst;
    if (nw_src !== undefined) m.nw_src = nw_src;
    return m;
  });

const flowArb = (id: number): fc.Arbitrary<Flow> =>
  fc
    .record({
      in_port: fc.constantFrom(1, 2, 3, 50),
      kind: fc.constantFrom('tcp', 'udp', 'arp'),
      vlan: fc.constantFrom(undefined, 10, 20),
      nw_src: fc.constantFrom('10.1.2.3', '10.2.0.1', '192.0.2.1'),
      tp_dst: fc.constantFrom(80, 443, 8080),
    })
    .map(({ in_port, kind, vlan, nw_src, tp_dst }) =>
      flow(id, {
        in_port,
        nw_src,
        ...(vlan === undefined ? {} : { vlan }),
        ...(kind === 'arp'
          ? { dl_type: 0x0806, nw_proto: undefined, tp_src: undefined, tp_dst: undefined }
          : { nw_proto: kind === 'tcp' ? 6 : 17, tp_dst }),
      }),
    );

type Op =
  | { t: 'addRule'; id: number; priority: number; match: Match }
  | { t: 'removeRule'; id: number }
  | { t: 'addFlow'; flow: Flow }
  | { t: 'removeFlow'; id: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    t: fc.constant('addRule' as const),
    id: fc.integer({ min: 1, max: 12 }),
    priority: fc.integer({ min: 0, max: 3 }),
    match: matchArb,
  }),
  fc.record({ t: fc.constant('removeRule' as const), id: fc.integer({ min: 1, max: 12 }) }),
  fc
    .integer({ min: 1, max: 15 })
    .chain((id) => flowArb(id).map((f) => ({ t: 'addFlow' as const, flow: f }))),
  fc.record({ t: fc.constant('removeFlow' as const), id: fc.integer({ min: 1, max: 15 }) }),
);

describe('Classifier properties', () => {
  it('after any sequence of changes: the winners of a from-scratch brute force, each flow attributed once, the reported changes exact', () => {
    fc.assert(
      fc.property(
        fc.array(opArb, { maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 10 }),
        (ops, initial) => {
          const rules = new Map<number, ClassRule>();
          const flows = new Map<number, Flow>();
          const c = new Classifier();
          for (const id of initial) {
            const f = flow(id, { in_port: (id % 3) + 1 });
            flows.set(id, f);
            c.addFlow(f);
          }
          for (const op of ops) {
            const before = new Map([...flows.keys()].map((id) => [id, c.winner(id)]));
            let reported: Set<number> | null = null;
            if (op.t === 'addRule') {
              const r = rule(op.id, op.priority, op.match);
              rules.set(op.id, r);
              reported = c.addRule(r);
            } else if (op.t === 'removeRule') {
              rules.delete(op.id);
              reported = c.removeRule(op.id);
            } else if (op.t === 'addFlow') {
              flows.set(op.flow.id, op.flow);
              c.addFlow(op.flow);
            } else {
              flows.delete(op.id);
              c.removeFlow(op.id);
            }
            // the winners are the definition's
            for (const f of flows.values())
              expect(c.winner(f.id)).toBe(bruteWinner(rules.values(), f));
            // each flow is attributed exactly once: to its winner or to unmatched
            const seen: number[] = [...ids(c.unmatched())];
            for (const r of rules.values()) {
              const won = ids(c.flowsOf(r.id));
              for (const id of won) expect(c.winner(id)).toBe(r);
              seen.push(...won);
            }
            expect(seen.sort((a, b) => a - b)).toEqual([...flows.keys()].sort((a, b) => a - b));
            // a rule change reports exactly the flows whose winner changed
            if (reported !== null) {
              const changed = [...flows.keys()].filter((id) => before.get(id) !== c.winner(id));
              expect([...reported].sort((a, b) => a - b)).toEqual(changed.sort((a, b) => a - b));
            }
          }
          // and a classifier built from scratch agrees
          const fresh = new Classifier(rules.values(), flows.values());
          for (const id of flows.keys()) expect(fresh.winner(id)).toBe(c.winner(id));
          // replacing every rule at once gives the definition's winners and reports the changes
          const before = new Map([...flows.keys()].map((id) => [id, c.winner(id)]));
          const next = [...rules.values()].filter((r) => r.priority !== 2);
          const reported = c.replaceRules(next);
          for (const f of flows.values()) expect(c.winner(f.id)).toBe(bruteWinner(next, f));
          const changed = [...flows.keys()].filter((id) => before.get(id) !== c.winner(id));
          expect([...reported].sort((a, b) => a - b)).toEqual(changed.sort((a, b) => a - b));
          expect(ids(c.unmatched()).length + next.reduce((n, r) => n + c.countOf(r.id), 0)).toBe(
            flows.size,
          );
          // a save-point: copies under new ids (installed in another order) and the rest back;
          // a copy of a rule whose priority and match no other rule shares is that rule again
          const prior = new Map([...flows.keys()].map((id) => [id, c.winner(id)]));
          const copyOf = new Map<ClassRule, ClassRule>();
          const again = [...next].reverse().map((r, i) => {
            const copy = rule(1000 + i, r.priority, { ...r.match });
            copyOf.set(r, copy);
            return copy;
          });
          const all = [...again, ...[...rules.values()].filter((r) => r.priority === 2)];
          const key = (r: ClassRule) =>
            `${r.priority} ${JSON.stringify(Object.entries(r.match).sort())}`;
          const unique = (r: ClassRule) => next.filter((o) => key(o) === key(r)).length === 1;
          const moved = c.replaceRules(all);
          for (const f of flows.values()) expect(c.winner(f.id)).toBe(bruteWinner(all, f));
          const expected = [...flows.keys()].filter((id) => {
            const was = prior.get(id) ?? null;
            const now = c.winner(id);
            if (was === null) return now !== null;
            return !unique(was) || copyOf.get(was) !== now;
          });
          expect([...moved].sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
        },
      ),
      { numRuns: 300 },
    );
  });
});

// --- the flows' memory of the winner beneath (`below`, the class install log) ----------------

/** Broad matches, so that rules overlap and stack: most flows are admitted by several. */
const stackArb: fc.Arbitrary<Match> = fc.constantFrom<Match>(
  {},
  { tcp: '' },
  { ip: '' },
  { udp: '' },
  { in_port: '1' },
  { in_port: '2-3' },
  { tcp: '', tcp_dst: '443' },
  { tcp: '', tcp_dst: '1-1023' },
  { in_port: '1', tcp: '' },
  { arp: '' },
);

type StackOp =
  | { t: 'add'; id: number; priority: number; match: Match }
  | { t: 'remove'; id: number }
  | { t: 'replace'; keep: number };

const stackOpArb: fc.Arbitrary<StackOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      t: fc.constant('add' as const),
      id: fc.integer({ min: 1, max: 16 }),
      priority: fc.integer({ min: 0, max: 6 }),
      match: stackArb,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      t: fc.constant('remove' as const),
      id: fc.integer({ min: 1, max: 16 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('replace' as const), keep: fc.nat() }) },
);

const stackFlows: Flow[] = [
  flow(1),
  flow(2, { in_port: 2, tp_dst: 80 }),
  flow(3, { in_port: 3, tp_dst: 8080 }),
  flow(4, { nw_proto: 17, tp_dst: 53 }),
  flow(5, {
    in_port: 2,
    dl_type: 0x0806,
    nw_proto: undefined,
    tp_src: undefined,
    tp_dst: undefined,
  }),
  flow(6, { in_port: 3, tp_dst: 443 }),
];

describe('Classifier: re-placing the flows of a removed rule', () => {
  it('random stacks of overlapping rules added and removed: every winner is the one a classifier built from scratch finds', () => {
    fc.assert(
      fc.property(fc.array(stackOpArb, { minLength: 1, maxLength: 80 }), (ops) => {
        const rules = new Map<number, ClassRule>();
        const c = new Classifier([], stackFlows);
        for (const op of ops) {
          if (op.t === 'add') {
            const r = rule(op.id, op.priority, op.match);
            const was = new Map(stackFlows.map((f) => [f.id, c.winner(f.id)]));
            rules.set(op.id, r);
            const taken = c.addRuleIds(r);
            // the flows it reports are those whose rule changed (to it, unless it replaced one)
            const moved = stackFlows
              .filter((f) => was.get(f.id) !== c.winner(f.id))
              .map((f) => f.id);
            expect([...taken].sort((a, b) => a - b)).toEqual(moved);
          } else if (op.t === 'remove') {
            rules.delete(op.id);
            const winners: (ClassRule | null)[] = [];
            const given = c.removeRuleIds(op.id, winners);
            // the new rule of each flow given back is handed over beside it
            expect(winners.length).toBe(given.length);
            given.forEach((id, i) => {
              expect(winners[i]).toBe(c.winner(id));
            });
          } else {
            // a save-point: some of the rules again (the flows' memory starts over)
            for (const id of [...rules.keys()]) if ((id + op.keep) % 3 === 0) rules.delete(id);
            c.replaceRules(rules.values());
          }
          const fresh = new Classifier(rules.values(), stackFlows);
          for (const f of stackFlows) {
            expect(c.winner(f.id)).toBe(bruteWinner(rules.values(), f));
            expect(c.winner(f.id)?.id).toBe(fresh.winner(f.id)?.id);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("a rule installed between a flow's winner and the one beneath it takes the flow when the winner goes", () => {
    const c = new Classifier([rule(1, 1, {})], [flow(1)]);
    expect(c.addRuleFlows(rule(2, 10, { tcp: '' })).map((f) => f.id)).toEqual([1]);
    c.addRule(rule(3, 5, { tcp: '', tcp_dst: '443' }));
    c.addRule(rule(4, 7, { udp: '' }));
    expect(c.removeRuleFlows(2).map((f) => f.id)).toEqual([1]);
    expect(c.winner(1)?.id).toBe(3);
  });

  it('the rule beneath went first: the flow goes to the next rule that admits it', () => {
    const c = new Classifier([rule(1, 1, {}), rule(2, 3, { tcp: '' })], [flow(1)]);
    c.addRule(rule(3, 10, { tcp: '' }));
    c.removeRule(2);
    c.removeRule(3);
    expect(c.winner(1)?.id).toBe(1);
  });

  it('after more installs than the class log keeps, the flow is still re-placed right', () => {
    const c = new Classifier([rule(1, 1, {})], [flow(1)]);
    c.addRule(rule(2, 100, { tcp: '' }));
    c.addRule(rule(3, 50, { tcp: '', tcp_dst: '443' }));
    for (let i = 0; i < 2 * LOG_KEEP + 1; i++)
      c.addRule(rule(10 + i, 60, { udp: '', udp_dst: String(i + 1) }));
    c.removeRule(2);
    expect(c.winner(1)?.id).toBe(3);
  });
});
