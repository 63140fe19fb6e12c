import { describe, expect, it } from 'vitest';
import type { Group } from '../model/index.js';
import type { LoadPort } from '../traffic/index.js';
import { type Sample, type View, viewOf } from './health-sample.js';
import { HEALTH_DEFAULTS, parseFall, parseGuardKinds, parseRatePps } from './health-spec.js';
import { tripOf, tripText, watchedOf } from './health-trip.js';

const G = 1e9;
const spec = HEALTH_DEFAULTS;

interface R {
  priority: number;
  in: string;
  actions: string[];
  bps: number;
  pps: number;
  name?: string;
}

/** A view: ports with tx bit/s and drops, rules with their rates. */
function view(rules: R[], ports: Partial<LoadPort>[], groups: Group[] = []): View {
  return {
    at: 0,
    ports: ports.map((p, i) => ({
      no: p.no ?? i + 1,
      name: `eth-0-${p.no ?? i + 1}`,
      up: true,
      lineBps: 10 * G,
      txBps: p.txBps ?? 0,
      txPps: p.txPps ?? (p.txBps ?? 0) / 8000,
      txDropPps: p.txDropPps ?? 0,
      ...p,
    })),
    rules: rules.map((r) => ({
      key: `priority ${r.priority} in_port=${r.in}`,
      priority: r.priority,
      match: { in_port: r.in },
      name: r.name ?? '',
      actions: r.actions,
      datarate_raw: r.bps,
      pps: r.pps,
    })),
    groups: new Map(groups.map((g) => [g.group_id, g])),
  };
}

const TOOL = { no: 16, txBps: 2 * G };
const BUSY = { no: 18, txBps: 0 };
const baseRules: R[] = [
  { priority: 100, in: '5', actions: ['output:16'], bps: 2 * G, pps: 250_000, name: 'tap' },
];

describe('watchedOf: what a change affects', () => {
  it('an added rule: its outputs; a changed rule: old and new outputs; a deleted one: its outputs', () => {
    const base = view(
      [
        ...baseRules,
        { priority: 50, in: '7', actions: ['output:20'], bps: 0, pps: 0 },
        { priority: 60, in: '8', actions: ['output:21'], bps: 0, pps: 0 },
      ],
      [TOOL],
    );
    const after = view(
      [
        ...baseRules,
        { priority: 50, in: '7', actions: ['output:22'], bps: 0, pps: 0 },
        { priority: 200, in: '18', actions: ['output:16'], bps: 0, pps: 0 },
      ],
      [TOOL],
    );
    const w = watchedOf(base, after);
    expect(w.ports).toEqual([16, 20, 21, 22]);
    expect(w.top).toBe(200);
    expect(w.rules).not.toContain('priority 100 in_port=5');
  });

  it('a changed group makes the rules that use it changed', () => {
    const g = (port: string): Group => ({
      group_id: 1,
      type: 'all',
      description: '',
      buckets: [{ watch_port: '', actions: [`output:${port}`] }],
    });
    const rules: R[] = [{ priority: 10, in: '3', actions: ['group:1'], bps: G, pps: 1000 }];
    const w = watchedOf(view(rules, [TOOL], [g('27')]), view(rules, [TOOL], [g('28')]));
    expect(w.ports).toEqual([27, 28]);
  });

  it('nothing changed: no port watched, no rule', () => {
    const v = view(baseRules, [TOOL]);
    expect(watchedOf(v, v)).toEqual({ ports: [], rules: [], shadowed: [], top: -1 });
  });
});

describe('tripOf', () => {
  const base = view(baseRules, [TOOL, BUSY]);
  const added: R = {
    priority: 200,
    in: '18',
    actions: ['output:16'],
    bps: 10.3 * G,
    pps: 1_300_000,
  };
  const after = view([...baseRules, added], [TOOL, BUSY]);
  const w = watchedOf(base, after);

  it('oversub: a watched port newly past its line rate, with the figures', () => {
    const now = view(
      [...baseRules, added],
      [{ no: 16, txBps: 10 * G, txPps: 1.25e6, txDropPps: 287_500 }, BUSY],
    );
    const t = tripOf(spec, w, base, now);
    expect(t?.kind).toBe('oversub');
    expect(tripText(t!)).toBe(
      "reverted: eth-0-16 oversubscribed 12.3G of 10G, drops 288k/s (guard 'oversub')",
    );
  });

  it('a port oversubscribed before the change does not trip oversub', () => {
    const hot = view(baseRules, [{ no: 16, txBps: 10 * G, txDropPps: 5e5 }, BUSY]);
    hot.rules[0]!.datarate_raw = 14 * G;
    const now = view([...baseRules, added], [{ no: 16, txBps: 10 * G, txDropPps: 5e5 }, BUSY]);
    now.rules[0]!.datarate_raw = 14 * G;
    expect(tripOf({ ...spec, kinds: ['oversub'] }, w, hot, now)).toBeUndefined();
  });

  it('drops: only above the floor and above the rate before', () => {
    const rules = [...baseRules, { ...added, bps: 1 * G }];
    const drops = (d: number) => view(rules, [{ no: 16, txBps: 3 * G, txDropPps: d }, BUSY]);
    const only = { ...spec, kinds: ['drops' as const] };
    expect(tripOf(only, w, base, drops(900))).toBeUndefined();
    expect(tripOf(only, w, base, drops(5000))?.what).toBe(
      'eth-0-16 drops 5.00k/s, 0/s before (floor 1.00k/s)',
    );
    const dropping = view(baseRules, [{ no: 16, txBps: 2 * G, txDropPps: 4500 }, BUSY]);
    expect(tripOf(only, w, dropping, drops(5000))).toBeUndefined();
  });

  it('quiet: a rule that carried traffic and carries none now (shadowed by the new one)', () => {
    const taker: R = { priority: 300, in: '5', actions: ['output:30'], bps: 2 * G, pps: 250_000 };
    const now = view(
      [{ ...baseRules[0]!, bps: 0, pps: 0 }, taker],
      [
        { no: 16, txBps: 0 },
        { no: 30, txBps: 2 * G },
      ],
    );
    const ww = watchedOf(base, view([...baseRules, taker], [TOOL]));
    const t = tripOf(spec, ww, base, now);
    expect(t?.kind).toBe('quiet');
    expect(t?.what).toBe("rule 'tap' priority 100 in_port=5 carried 250k pkt/s before, none now");
  });

  it('quiet: a watched port whose tx fell by more than the share', () => {
    const now = view(
      [...baseRules, added].map((r) => ({ ...r, pps: 1 })),
      [{ no: 16, txBps: 0.5 * G }, BUSY],
    );
    expect(tripOf({ ...spec, kinds: ['quiet'] }, w, base, now)?.what).toBe(
      'eth-0-16 tx fell 75% (2.00G → 500M)',
    );
    const fine = view([...baseRules, added], [{ no: 16, txBps: 1.5 * G }, BUSY]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, w, base, fine)).toBeUndefined();
  });

  it('a rule of higher priority than every changed rule is not judged (the change cannot shadow it)', () => {
    const high: R = { priority: 900, in: '9', actions: ['output:40'], bps: G, pps: 100 };
    const b = view([...baseRules, high], [TOOL]);
    const now = view([...baseRules, added, { ...high, pps: 0 }], [TOOL]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, watchedOf(b, now), b, now)).toBeUndefined();
  });

  it('quiet judges the rules the change may shadow by overlap, not every rule below it', () => {
    const other: R = { priority: 50, in: '9', actions: ['output:40'], bps: G, pps: 100 };
    const b = view([...baseRules, other], [TOOL]);
    const ww = watchedOf(b, view([...baseRules, other, added], [TOOL]));
    expect(ww.shadowed).toEqual([]);
    // in_port=9 went quiet for its own reasons: below the change, but no packet of it is the change's
    const now = view([...baseRules, added, { ...other, pps: 0 }], [TOOL]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, ww, b, now)).toBeUndefined();
    // a rule below the change that overlaps it is judged
    const wide: R = { ...added, priority: 20, name: 'wide', pps: 100 };
    const b2 = view([...baseRules, wide], [TOOL]);
    const w2 = watchedOf(b2, view([...baseRules, wide, added], [TOOL]));
    expect(w2.shadowed).toEqual(['priority 20 in_port=18']);
    const quietNow = view([...baseRules, added, { ...wide, pps: 0 }], [TOOL]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, w2, b2, quietNow)?.rule).toBe(
      'priority 20 in_port=18',
    );
  });

  it('the tool ports of a tools: intents file are watched though no changed rule sends to them', () => {
    const ww = watchedOf(base, after, [9, 16]);
    expect(ww.ports).toEqual([9, 16]);
    const tool9 = { no: 9, txBps: 1 * G };
    const now = view([...baseRules, added], [TOOL, { no: 9, txBps: 0.1 * G }]);
    const was = view(baseRules, [TOOL, tool9]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, ww, was, now)?.port).toBe('eth-0-9');
  });

  it('a guard left out of the list never trips', () => {
    const now = view([...baseRules, added], [{ no: 16, txBps: 10 * G, txDropPps: 3e5 }, BUSY]);
    expect(tripOf({ ...spec, kinds: ['quiet'] }, w, base, now)).toBeUndefined();
  });
});

describe('viewOf: rates need two samples', () => {
  const sample = (at: number, tx: bigint, pkts: bigint): Sample => ({
    at,
    ports: [
      {
        no: 1,
        name: 'eth-0-1',
        up: true,
        lineBps: 1e10,
        txbytes: tx,
        txpkts: tx / 1000n,
        txdrop: 0n,
      },
    ],
    rules: [
      {
        key: 'priority 1 (match all)',
        priority: 1,
        match: {},
        name: '',
        actions: [],
        datarate_raw: 0,
        n_packets: pkts,
      },
    ],
    groups: [],
  });
  it('bit/s and pkt/s from counter deltas; a reset gives no rate', () => {
    const v = viewOf(sample(0, 0n, 0n), sample(2000, 2_500_000_000n, 4000n));
    expect(v.ports[0]!.txBps).toBe(1e10);
    expect(v.rules[0]!.pps).toBe(2000);
    expect(viewOf(sample(0, 100n, 5n), sample(1000, 0n, 0n)).ports[0]!.txBps).toBeNull();
  });
});

describe('viewOf: a device restart between two samples', () => {
  const port = (no: number, tx: bigint, drop: bigint) => ({
    no,
    name: `eth-0-${no}`,
    up: true,
    lineBps: 1e10,
    txbytes: tx,
    txpkts: tx / 1000n,
    txdrop: drop,
  });
  const at = (ms: number, ports: ReturnType<typeof port>[]): Sample => ({
    at: ms,
    ports,
    rules: [],
    groups: [],
  });
  it('gives no port rate at all (the console rule), not an overload of a port counted from zero', () => {
    // port 16 had sent little before the restart; since it, more than its old total
    const before = at(0, [port(1, 5_000_000_000_000n, 0n), port(16, 1000n, 0n)]);
    const after = at(1000, [port(1, 100n, 0n), port(16, 2_000_000_000n, 900_000n)]);
    const v = viewOf(before, after);
    expect(v.ports.map((p) => [p.txBps, p.txDropPps])).toEqual([
      [null, null],
      [null, null],
    ]);
    const w = { ports: [16], rules: [], shadowed: [], top: -1 };
    expect(tripOf(spec, w, viewOf(before, before), v)).toBeUndefined();
  });
});

describe('flags', () => {
  it('parses the guard list and the drop floor', () => {
    expect(parseGuardKinds(true)).toEqual(['drops', 'oversub', 'quiet']);
    expect(parseGuardKinds('oversub, drops')).toEqual(['oversub', 'drops']);
    expect(() => parseGuardKinds('loud')).toThrow(/--guard takes/);
    expect(parseRatePps('1000pps')).toBe(1000);
    expect(parseRatePps('2.5k')).toBe(2500);
    expect(() => parseRatePps('fast')).toThrow(/--guard-drop-floor/);
    expect(parseFall('30%')).toBe(0.3);
    expect(parseFall('75')).toBe(0.75);
    expect(() => parseFall('0%')).toThrow(/--guard-tx-fall takes a percentage/);
    expect(() => parseFall('half')).toThrow(/--guard-tx-fall/);
  });
});
