import { describe, expect, it } from 'vitest';
import type { Group } from '../model/index.js';
import { deliveries, type LoadPort, lineRateBps, portLoads } from './load.js';
import { ratedRule } from './test-rules.js';

const rule = ratedRule;

const port = (no: number, lineBps: number | null, extra: Partial<LoadPort> = {}): LoadPort => ({
  no,
  name: `eth-0-${no}`,
  up: true,
  lineBps,
  txBps: null,
  txDropPps: 0,
  ...extra,
});

const groups = (...gs: Group[]) => new Map(gs.map((g) => [g.group_id, g]));
const g = (id: number, type: Group['type'], buckets: Array<[string, string]>): Group => ({
  group_id: id,
  type,
  description: '',
  buckets: buckets.map(([watch_port, a]) => ({ watch_port, actions: [a] })),
});
const allUp = () => true;

describe('deliveries', () => {
  it('output lists, the vendor bare ports, and nothing after drop', () => {
    expect(deliveries(['output:9,10'], groups(), allUp).map((d) => [d.port, d.share])).toEqual([
      [9, 1],
      [10, 1],
    ]);
    expect(deliveries(['3,4'], groups(), allUp).map((d) => d.port)).toEqual([3, 4]);
    expect(deliveries(['drop', 'output:9'], groups(), allUp)).toEqual([]);
  });

  it('all = every bucket, select = an equal share of the live buckets, ff = the first live one', () => {
    const gs = groups(
      g(1, 'all', [
        ['', 'output:27'],
        ['', 'output:28'],
      ]),
      g(2, 'select', [
        ['9', 'output:9'],
        ['10', 'output:10'],
        ['11', 'output:11'],
      ]),
      g(3, 'ff', [
        ['7', 'output:7'],
        ['8', 'output:8'],
      ]),
    );
    const down7and11 = (p: number) => p !== 7 && p !== 11;
    const of = (a: string) =>
      deliveries([a], gs, down7and11).map((d) => [d.port, d.share, d.group?.bucket]);
    expect(of('group:1')).toEqual([
      [27, 1, null],
      [28, 1, null],
    ]);
    expect(of('group:2')).toEqual([
      [9, 0.5, 0],
      [10, 0.5, 1],
    ]);
    expect(of('group:3')).toEqual([[8, 1, 1]]);
    expect(of('group:99')).toEqual([]);
  });
});

describe('lineRateBps', () => {
  it('reads the speeds /ports/info writes', () => {
    expect(lineRateBps('10G (10G)')).toBe(10e9);
    expect(lineRateBps('1000 (auto)')).toBe(1e9);
    expect(lineRateBps('100')).toBe(100e6);
    expect(lineRateBps('100G')).toBe(100e9);
    expect(lineRateBps('- (auto)')).toBeNull();
    expect(lineRateBps(undefined)).toBeNull();
  });
});

describe('portLoads', () => {
  it('lists the feeders of a port with their rates and flags demand over the line rate', () => {
    const gs = groups(
      g(1, 'all', [
        ['', 'output:15'],
        ['', 'output:16'],
      ]),
    );
    const rules = [
      rule('core', 1500, { in_port: '18' }, ['output:15'], 18e9),
      rule('copy', 1500, { in_port: '21' }, ['group:1'], 2e9),
      rule('small', 1000, { in_port: '3' }, ['output:16'], 1e9),
      rule('quiet', 900, { in_port: '4' }, ['output:15'], null),
    ];
    const loads = portLoads(rules, gs, [port(15, 10e9), port(16, 10e9), port(17, 10e9)]);
    const p15 = loads.get(15)!;
    expect(p15.feeders.map((f) => [f.rule.name, f.bps, f.group?.id])).toEqual([
      ['core', 18e9, undefined],
      ['copy', 2e9, 1],
      ['quiet', null, undefined],
    ]);
    expect(p15.demandBps).toBe(20e9);
    expect(p15.oversub).toBe(true);
    expect(p15.why).toEqual(['demand 20.0G > 10G']);
    const p16 = loads.get(16)!;
    expect(p16.demandBps).toBe(3e9);
    expect(p16.oversub).toBe(false);
    expect(loads.get(17)!.feeders).toEqual([]);
  });

  it('flags a port whose tx drops rise even when the rules say nothing of it', () => {
    const loads = portLoads([], groups(), [
      port(9, 1e9, { txDropPps: 1200, txPps: 80_000 }),
      port(10, 1e9, { txDropPps: 1200, up: false }),
      // a drop now and then (under 0.1 % of what the port is offered) is not congestion
      port(11, 1e9, { txDropPps: 2, txPps: 80_000 }),
    ]);
    expect(loads.get(9)!.oversub).toBe(true);
    expect(loads.get(9)!.why).toEqual(['tx drops 1.20k/s']);
    // a port that is down loses what is sent to it: that is not oversubscription
    expect(loads.get(10)!.oversub).toBe(false);
    expect(loads.get(11)!.oversub).toBe(false);
  });
});
