import { describe, expect, it } from 'vitest';
import type { Group, PortConfig, Rule, SavePoints } from '../model/index.js';
import { diffGroups, diffPorts, diffRules, diffSavepoints } from './outside-diff.js';

const rule = (priority: number, port: number, o: Partial<Rule> = {}): Rule => ({
  priority,
  match: { in_port: String(port) },
  cookie: 0n,
  name: `r${priority}`,
  description: '',
  actions: ['output:2'],
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '0',
  datarate_raw: 0,
  real_flow_ct: 1,
  ...o,
});

describe('diffRules', () => {
  it('counts a rule added, one removed and one whose actions changed, by priority and match', () => {
    const a = [rule(1, 1), rule(2, 2), rule(3, 3)];
    const b = [rule(1, 1), rule(3, 3, { actions: ['output:9'] }), rule(4, 4)];
    expect(diffRules(a, b)).toEqual({
      added: ["rule 'r4' priority 4 in_port=4"],
      removed: ["rule 'r2' priority 2 in_port=2"],
      changed: ["rule 'r3' priority 3 in_port=3"],
    });
  });

  it('does not count counters, rates or flow counts as a change', () => {
    const a = [rule(1, 1)];
    const b = [rule(1, 1, { n_packets: 5n, n_bytes: 900n, datarate: '1k', real_flow_ct: 2 })];
    expect(diffRules(a, b)).toEqual({ added: [], removed: [], changed: [] });
  });

  it('finds a rule removed from the middle of 1,000, and none in the same rules reordered', () => {
    const a = Array.from({ length: 1000 }, (_, i) => rule(i, i));
    const b = a.filter((r) => r.priority !== 500).map((r) => ({ ...r, n_packets: 1n }));
    expect(diffRules(a, b)).toEqual({
      added: [],
      removed: ["rule 'r500' priority 500 in_port=500"],
      changed: [],
    });
    expect(diffRules(a, [...a].reverse())).toEqual({ added: [], removed: [], changed: [] });
  });

  it('takes the same rule object in both lists as unchanged (a poll shares unchanged rules)', () => {
    const shared = rule(1, 1);
    expect(diffRules([shared, rule(2, 2)], [shared])).toEqual({
      added: [],
      removed: ["rule 'r2' priority 2 in_port=2"],
      changed: [],
    });
  });
});

describe('the other families', () => {
  it('groups by id', () => {
    const g = (id: number, description: string): Group => ({
      group_id: id,
      type: 'all',
      description,
      buckets: [],
    });
    expect(diffGroups([g(1, 'x'), g(2, 'y')], [g(1, 'z'), g(3, 'w')])).toEqual({
      added: ['group 3'],
      removed: ['group 2'],
      changed: ['group 1'],
    });
  });

  it('port settings by port name', () => {
    const p = (name: string, shutdown: boolean) =>
      ({ if_name: name, type: 1, speed: '10G', duplex: 'full', split: '', shutdown }) as PortConfig;
    expect(
      diffPorts(
        [p('eth-0-1', false), p('eth-0-2', false)],
        [p('eth-0-1', true), p('eth-0-2', false)],
      ),
    ).toEqual({
      added: [],
      removed: [],
      changed: ['port eth-0-1'],
    });
  });

  it('save-points by kind and name', () => {
    const sp = (name: string, description: string) => ({
      name,
      description,
      readonly: false,
      rules: [],
      groups: [],
      flowusage: 0,
      groupusage: 0,
    });
    const a: SavePoints = { rules: [sp('a', '')], ports: [] };
    const b: SavePoints = {
      rules: [sp('a', 'now locked'), sp('pbc-lock', 'alice@jump1')],
      ports: [{ name: 'a', description: '', readonly: false, ports: [] }],
    };
    expect(diffSavepoints(a, b)).toEqual({
      added: ["rule save-point 'pbc-lock'", "port save-point 'a'"],
      removed: [],
      changed: ["rule save-point 'a'"],
    });
  });
});
