import { describe, expect, it } from 'vitest';
import { testRule } from '../../../test/harness/device-fixtures.js';
import type { Group, Rule } from '../../model/index.js';
import { usageIndex } from './model.js';
import { detailPairs, filterGroups, groupRows } from './rows.js';

const rule = (name: string, actions: string[]): Rule =>
  testRule(name, 300, { in_port: String(name.length) }, actions);
const RULES = [rule('web', ['group:7']), rule('dns', ['group:7']), rule('mail', ['output:3'])];
const group = (id: number, type: Group['type'], watch: string, description = ''): Group => ({
  group_id: id,
  type,
  description,
  buckets: [
    { watch_port: watch, actions: ['output:9'] },
    { watch_port: '', actions: ['push_vlan:0x8100', 'output:10'] },
  ],
});
const GROUPS = [group(12, 'all', '', 'Copy to both'), group(7, 'ff', '9')];

describe('the groups list', () => {
  const rows = groupRows(GROUPS, usageIndex(RULES));

  it('is ordered by id, with each group its users and its buckets in one line', () => {
    expect(rows.map((r) => r.group.group_id)).toEqual([7, 12]);
    expect(rows[0]!.users.map((u) => u.name)).toEqual(['web', 'dns']);
    expect(rows[1]!.users).toEqual([]);
    expect(rows[0]!.buckets).toBe('w9 output:9 | push_vlan:0x8100,output:10');
  });

  it('filters on id, type in words, description and the names of the rules using it', () => {
    const ids = (f: string) => filterGroups(rows, f).map((r) => r.group.group_id);
    expect(ids('  DNS ')).toEqual([7]);
    expect(ids('copy to')).toEqual([12]);
    expect(ids('fast-failover')).toEqual([7]);
    expect(ids('')).toEqual([7, 12]);
    expect(ids('nothing like it')).toEqual([]);
  });

  it("the detail names each bucket's watch port (shut down said) and each rule using it", () => {
    const ports = new Map([[9, { name: 'eth-0-9', shutdown: true }]]);
    const pairs = detailPairs(rows[0]!, ports);
    expect(pairs).toContainEqual(['buckets', '1. watch 9 (eth-0-9, shut down) → output:9']);
    expect(pairs).toContainEqual(['', '2. no watch port → push_vlan:0x8100,output:10']);
    expect(pairs.filter(([k, v]) => k === 'used by' || String(v).includes('dns'))).toHaveLength(2);
    expect(detailPairs(rows[1]!, ports)).toContainEqual(['used by', 'no rule']);
  });
});
