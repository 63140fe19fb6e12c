import { describe, expect, it } from 'vitest';
import type { Group } from '../model/index.js';
import { groupImpact, portImpactText, ruleImpact } from './impact.js';
import type { LoadPort, RatedRule } from './load.js';
import { ratedRule } from './test-rules.js';

const G = 1e9;
const rule = ratedRule;

const port = (no: number, txBps: number | null, lineBps = 10 * G): LoadPort => ({
  no,
  name: `eth-0-${no}`,
  up: true,
  lineBps,
  txBps,
  txDropPps: 0,
});
const PORTS = [port(9, 6.1 * G), port(10, 2 * G), port(11, 0), port(12, 0)];
const ctx = (rules: RatedRule[], groups: Group[] = []) => ({
  rules,
  groups: new Map(groups.map((g) => [g.group_id, g])),
  ports: PORTS,
});
const byName = (impact: ReturnType<typeof ruleImpact>) =>
  Object.fromEntries(
    impact.ports.map((p) => [
      p.port.name,
      [+(p.deltaLo / G).toFixed(2), +(p.deltaHi / G).toFixed(2)],
    ]),
  );

const web = rule('web', 1000, { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:10'], 5.7 * G);
const dns = rule('dns', 1000, { in_port: '1', udp: '', udp_dst: '53' }, ['output:10'], 0.6 * G);
const tap = rule('tap', 500, { in_port: '2' }, ['output:11'], 1 * G);

describe('ruleImpact: a new rule', () => {
  it('takes the whole rate of a rule it covers (a lower bound) and up to the rate of one it overlaps', () => {
    // in_port=1 tcp: covers web (443 only), overlaps nothing else of port 1 (dns is udp)
    const a = ruleImpact(
      {
        kind: 'add',
        rule: { priority: 2000, match: { in_port: '1', tcp: '' }, actions: ['output:9'] },
      },
      ctx([web, dns, tap]),
    );
    expect(a.full.map((r) => r.name)).toEqual(['web']);
    expect(a.partial).toEqual([]);
    expect([a.takenLo, a.takenHi]).toEqual([5.7 * G, 5.7 * G]);
    expect(byName(a)).toEqual({ 'eth-0-9': [5.7, 5.7], 'eth-0-10': [-5.7, -5.7] });
    const p9 = a.ports.find((p) => p.port.no === 9)!;
    expect(p9.over).toBe(true);
    expect(portImpactText(p9)).toBe('eth-0-9: 6.1 → 11.8 Gbit/s of 10G: oversubscribed');

    // tcp_dst=400-500 only overlaps web (443 inside, but the new rule admits more): 0..5.7
    const b = ruleImpact(
      {
        kind: 'add',
        rule: {
          priority: 2000,
          match: { in_port: '1,2', tcp: '', tcp_dst: '443' },
          actions: ['output:9'],
        },
      },
      ctx([web, dns, tap]),
    );
    expect(b.full.map((r) => r.name)).toEqual(['web']);
    expect(b.partial.map((r) => r.name)).toEqual(['tap']);
    expect([b.takenLo / G, b.takenHi / G]).toEqual([5.7, 6.7]);
    expect(byName(b)).toEqual({
      'eth-0-9': [5.7, 6.7],
      'eth-0-10': [-5.7, -5.7],
      'eth-0-11': [-1, 0],
    });
    expect(portImpactText(b.ports[0]!)).toBe(
      'eth-0-9: 6.1 → 11.8–12.8 Gbit/s of 10G: oversubscribed',
    );
  });

  it('takes nothing from higher-priority rules; an equal priority is only a maybe', () => {
    const a = ruleImpact(
      { kind: 'add', rule: { priority: 500, match: { in_port: '1' }, actions: ['output:9'] } },
      ctx([web, dns]),
    );
    expect(a.full).toEqual([]);
    expect(a.partial).toEqual([]);
    expect(a.ports).toEqual([]);
    const b = ruleImpact(
      { kind: 'add', rule: { priority: 1000, match: { in_port: '1' }, actions: ['output:9'] } },
      ctx([web]),
    );
    expect(b.full).toEqual([]);
    expect(b.partial.map((r) => r.name)).toEqual(['web']);
    expect(byName(b)).toEqual({ 'eth-0-9': [0, 5.7], 'eth-0-10': [-5.7, 0] });
  });

  it('sends through groups: all to every bucket, select a share, ff the live bucket', () => {
    const groups: Group[] = [
      {
        group_id: 1,
        type: 'all',
        description: '',
        buckets: [
          { watch_port: '', actions: ['output:11'] },
          { watch_port: '', actions: ['output:12'] },
        ],
      },
      {
        group_id: 2,
        type: 'select',
        description: '',
        buckets: [
          { watch_port: '', actions: ['output:11'] },
          { watch_port: '', actions: ['output:12'] },
        ],
      },
      {
        group_id: 3,
        type: 'ff',
        description: '',
        buckets: [
          { watch_port: '13', actions: ['output:11'] },
          { watch_port: '', actions: ['output:12'] },
        ],
      },
    ];
    const add = (group: number) =>
      byName(
        ruleImpact(
          {
            kind: 'add',
            rule: { priority: 2000, match: { in_port: '2' }, actions: [`group:${group}`] },
          },
          ctx([tap], groups),
        ),
      );
    // eth-0-11 keeps its tap traffic (now a copy of it): no change there
    expect(add(1)).toEqual({ 'eth-0-12': [1, 1] });
    expect(add(2)).toEqual({ 'eth-0-11': [-0.5, -0.5], 'eth-0-12': [0.5, 0.5] });
    // port 13 is not listed (down): bucket 1 is the live one
    expect(add(3)).toEqual({ 'eth-0-11': [-1, -1], 'eth-0-12': [1, 1] });
  });
});

describe('ruleImpact: changes and deletes', () => {
  it('a modify moves the rule’s own traffic to its new outputs', () => {
    const a = ruleImpact(
      { kind: 'modify', target: web, rule: { ...web, actions: ['output:9', 'output:12'] } },
      ctx([web, dns]),
    );
    expect(byName(a)).toEqual({
      'eth-0-9': [5.7, 5.7],
      'eth-0-10': [-5.7, -5.7],
      'eth-0-12': [5.7, 5.7],
    });
  });

  it('a deleted rule’s traffic falls to the next rule that covers it', () => {
    const all1 = rule('all-1', 100, { in_port: '1' }, ['output:12'], 0.2 * G);
    const a = ruleImpact({ kind: 'delete', target: web }, ctx([web, dns, all1]));
    expect(a.falls.map((f) => [f.rule?.name, f.lo / G, f.hi / G])).toEqual([['all-1', 5.7, 5.7]]);
    expect(byName(a)).toEqual({ 'eth-0-10': [-5.7, -5.7], 'eth-0-12': [5.7, 5.7] });
  });

  it('a partial overlap below takes 0..all of it, and what no rule matches is dropped', () => {
    const https = rule(
      'https-any',
      900,
      { tcp: '', tcp_dst: '443', nw_dst: '10.0.0.0/8' },
      ['output:12'],
      0,
    );
    const a = ruleImpact({ kind: 'delete', target: web }, ctx([web, https]));
    expect(a.falls.map((f) => [f.rule?.name ?? 'dropped', f.lo / G, f.hi / G])).toEqual([
      ['https-any', 0, 5.7],
      ['dropped', 0, 5.7],
    ]);
    expect(byName(a)).toEqual({ 'eth-0-10': [-5.7, -5.7], 'eth-0-12': [0, 5.7] });
    const alone = ruleImpact({ kind: 'delete', target: web }, ctx([web]));
    expect(alone.falls.map((f) => [f.rule, f.lo / G])).toEqual([[undefined, 5.7]]);
  });

  it('a replace sends the old rule’s traffic to the new rule when it covers it', () => {
    const a = ruleImpact(
      {
        kind: 'replace',
        target: web,
        rule: { priority: 1200, match: { in_port: '1', tcp: '' }, actions: ['output:9'] },
      },
      ctx([web, dns]),
    );
    expect(a.falls.map((f) => [f.rule === null ? 'new' : f.rule?.name, f.lo / G])).toEqual([
      ['new', 5.7],
    ]);
    expect(byName(a)).toEqual({ 'eth-0-9': [5.7, 5.7], 'eth-0-10': [-5.7, -5.7] });
  });
});

describe('portImpactText', () => {
  it('writes a 1G port in Mbit/s, and the change alone while tx is not measured yet', () => {
    const base = { deltaLo: -285e6, deltaHi: -285e6, over: false };
    const p = { ...port(9, 596e6, 1e9) };
    expect(portImpactText({ ...base, port: p, today: 596e6, lo: 311e6, hi: 311e6 })).toBe(
      'eth-0-9: 596 → 311 Mbit/s of 1G',
    );
    expect(
      portImpactText({ ...base, port: { ...p, txBps: null }, today: null, lo: null, hi: null }),
    ).toBe('eth-0-9: −285 Mbit/s of 1G');
  });

  it('a change range alone keeps its sign and its unit: a gain, a loss, or either', () => {
    const p = { ...port(9, null, 1e9) };
    const text = (deltaLo: number, deltaHi: number) =>
      portImpactText({ port: p, today: null, lo: null, hi: null, over: false, deltaLo, deltaHi });
    // a rule that may take all or none of a rule's 4.06 Gbit/s away from this port
    expect(text(-4.06e9, 0)).toBe('eth-0-9: −0.0–4.1 Gbit/s of 1G');
    expect(text(-300e6, -100e6)).toBe('eth-0-9: −100–300 Mbit/s of 1G');
    expect(text(0, 4.06e9)).toBe('eth-0-9: +0.0–4.1 Gbit/s of 1G');
    expect(text(-200e6, 300e6)).toBe('eth-0-9: −200…+300 Mbit/s of 1G');
  });
});

describe('groupImpact', () => {
  it('moves the traffic of the rules using a group from its old buckets to its new ones', () => {
    const old: Group = {
      group_id: 2,
      type: 'select',
      description: '',
      buckets: [
        { watch_port: '', actions: ['output:11'] },
        { watch_port: '', actions: ['output:12'] },
      ],
    };
    const lb = rule('lb', 1000, { in_port: '3' }, ['group:2'], 3 * G);
    const other = rule('other', 900, { in_port: '4' }, ['output:11'], 1 * G);
    // a third bucket: each now gets a third instead of a half
    const three = { ...old, buckets: [...old.buckets, { watch_port: '', actions: ['output:9'] }] };
    const a = groupImpact(three, ctx([lb, other], [old]));
    expect(a.rules.map((r) => r.name)).toEqual(['lb']);
    expect(a.ownBps).toBe(3 * G);
    expect(
      Object.fromEntries(a.ports.map((p) => [p.port.name, +(p.deltaLo / G).toFixed(2)])),
    ).toEqual({
      'eth-0-9': 1,
      'eth-0-11': -0.5,
      'eth-0-12': -0.5,
    });
    // fast-failover onto a port: all of it, and eth-0-9 (6.1G today) passes 10G
    const ff: Group = { ...old, type: 'ff', buckets: [{ watch_port: '9', actions: ['output:9'] }] };
    const b = groupImpact(ff, ctx([lb], [old]));
    expect(b.ports.map(portImpactText)[0]).toBe('eth-0-9: 6.1 → 9.1 Gbit/s of 10G');
  });
});
