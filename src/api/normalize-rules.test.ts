import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { parseJson } from './json.js';
import { normalizeGroupList, normalizeRuleList } from './normalize-rules.js';

const RULES = `{
  "rules": [
    { "cookie": 1152921504606846978, "name": "mirror web", "description": "",
      "priority": "100", "match": { "in_port": "1", "tcp": "", "tcp_dst": 80 },
      "actions": "output:2,3,4,push_vlan:0x8100", "datarate": "n/a", "datarate_raw": "n/a",
      "n_bytes": "123456789012345678901", "n_packets": "5", "real_flow_ct": 3 },
    { "cookie": 1152921504606846979, "name": "drop rest", "description": "catch-all",
      "priority": 1, "match": {}, "actions": "drop", "datarate": "1.2 Mbit/s",
      "datarate_raw": 1234567.5, "n_bytes": 0, "n_packets": 18446744073709551615,
      "real_flow_ct": "1" }
  ],
  "used_flows": 4
}`;

describe('normalizeRuleList', () => {
  it('rules with the same actions share one frozen array; other lists stay apart', () => {
    const rule = (i: number, actions: unknown) => ({
      cookie: i,
      name: `r${i}`,
      priority: i,
      match: { in_port: String(i) },
      actions,
    });
    const wire = {
      rules: [
        rule(1, 'output:9'),
        rule(2, 'output:9'),
        rule(3, ['output:9']),
        rule(4, 'output:9,push_vlan:0x8100'),
        rule(5, ['output:9', 'push_vlan:0x8100']),
        rule(6, '["output:9","push_vlan:0x8100"]'),
        rule(7, ''),
      ],
      used_flows: 7,
    };
    const { rules } = normalizeRuleList(parseJson(JSON.stringify(wire)));
    const [a, b, c, d, e, f, g] = rules.map((r) => r.actions);
    expect(a).toEqual(['output:9']);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(d).toEqual(['output:9', 'push_vlan:0x8100']);
    expect(e).toBe(d);
    // a device's odd text that reads like a list is its own actions, not another rule's
    expect(f).toEqual(['["output:9"', '"push_vlan:0x8100"]']);
    expect(f).not.toBe(d);
    expect(g).toEqual([]);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => (a as string[]).push('drop')).toThrow(TypeError);
    expect(rules[0]?.actions).toEqual(['output:9']);
  });

  it('normalizes a recorded /rules/all answer with odd types', () => {
    const { rules, used_flows } = normalizeRuleList(parseJson(RULES));
    expect(used_flows).toBe(4);
    expect(rules[0]).toEqual({
      cookie: 1152921504606846978n,
      name: 'mirror web',
      description: '',
      priority: 100,
      match: { in_port: '1', tcp: '', tcp_dst: '80' },
      actions: ['output:2,3,4', 'push_vlan:0x8100'],
      n_packets: 5n,
      n_bytes: 123456789012345678901n,
      datarate: 'n/a',
      datarate_raw: null,
      real_flow_ct: 3,
    });
    expect(rules[1]).toMatchObject({
      cookie: 1152921504606846979n,
      priority: 1,
      actions: ['drop'],
      datarate_raw: 1234567.5,
      n_packets: 18446744073709551615n,
      real_flow_ct: 1,
    });
  });

  it('keeps two cookies one apart distinct', () => {
    const { rules } = normalizeRuleList(parseJson(RULES));
    expect(rules[0]?.cookie).not.toBe(rules[1]?.cookie);
    expect(rules[1]!.cookie - rules[0]!.cookie).toBe(1n);
  });

  it('never yields NaN rates', () => {
    for (const raw of ['"n/a"', '""', 'null', '"-"', '"fast"']) {
      const wire = parseJson(`{"rules":[{"priority":1,"datarate_raw":${raw}}]}`);
      expect(normalizeRuleList(wire).rules[0]?.datarate_raw).toBeNull();
    }
  });

  it("reads 'n/a' counters of a brand-new rule as 0, but not other text", () => {
    const wire = parseJson(
      '{"rules":[{"priority":1,"n_packets":"n/a","n_bytes":"N/A","datarate":"n/a"},{"priority":2,"n_packets":"-","n_bytes":""}]}',
    );
    const { rules } = normalizeRuleList(wire);
    expect(rules.map((r) => [r.n_packets, r.n_bytes, r.datarate_raw])).toEqual([
      [0n, 0n, null],
      [0n, 0n, null],
    ]);
    expect(() => normalizeRuleList({ rules: [{ n_packets: 'lots' }] })).toThrow(
      /rules\[0\]\.n_packets: expected an integer/,
    );
  });

  it('fills defaults and sums used_flows when absent; null rules is an empty list', () => {
    const out = normalizeRuleList({ rules: [{ priority: 7, match: { ip: '' }, real_flow_ct: 2 }] });
    expect(out.used_flows).toBe(2);
    expect(out.rules[0]).toEqual(
      expect.objectContaining({ priority: 7, cookie: 0n, match: { ip: '' }, actions: [] }),
    );
    expect(out.rules[0]?.malformed).toBeUndefined();
    expect(normalizeRuleList({ rules: null, used_flows: 0 })).toEqual({ rules: [], used_flows: 0 });
  });

  it('marks a rule whose identity is not exactly known as malformed, keeping what was received', () => {
    const { rules } = normalizeRuleList({
      rules: [
        { name: 'bogus', priority: null, match: { in_port: null }, actions: 'drop' },
        { name: 'nopri', match: { in_port: '1' }, actions: 'drop' },
        { name: 'big', priority: 70000, match: { in_port: 1 }, actions: 'drop' },
        { name: 'half', priority: 1.5, match: {}, actions: 'drop' },
        { name: 'obj', priority: 5, match: { in_port: { a: 1 }, tcp_dst: [80] }, actions: 'drop' },
        { name: 'ok', priority: '10', match: { tcp: '', in_port: 2 }, actions: 'drop' },
      ],
    });
    expect(rules.map((r) => [r.name, r.priority, r.match, r.malformed])).toEqual([
      ['bogus', -1, { in_port: 'null' }, 'priority missing, match in_port is null'],
      ['nopri', -1, { in_port: '1' }, 'priority missing'],
      ['big', 70000, { in_port: '1' }, 'priority 70000 is not an integer 0..65535'],
      ['half', -1, {}, 'priority 1.5 is not an integer 0..65535'],
      [
        'obj',
        5,
        { in_port: '{"a":1}', tcp_dst: '[80]' },
        'match in_port is an object, match tcp_dst is a list',
      ],
      ['ok', 10, { tcp: '', in_port: '2' }, undefined],
    ]);
  });

  it('names the endpoint and field on a wrong shape', () => {
    const bad = { rules: [{ priority: 1 }, { priority: 2, cookie: 'abc' }] };
    expect(() => normalizeRuleList(bad)).toThrow(ParseError);
    expect(() => normalizeRuleList(bad)).toThrow(
      /GET \/rules\/all at rules\[1\]\.cookie: expected an integer, got the string "abc"/,
    );
    expect(() => normalizeRuleList({ flows: [] })).toThrow(/at rules: expected a list/);
  });
});

describe('normalizeGroupList', () => {
  it('reads {rules:[…groups]} with upper-case types, string ids and comma actions', () => {
    const wire = parseJson(`{"rules":[
      {"group_id":1,"type":"SELECT","description":"lb","buckets":[
        {"watch_port":"1","actions":"output:2"},{"watch_port":3,"actions":"push_vlan:0x8100,output:4"}]},
      {"group_id":"2","type":"FF","buckets":[]},
      {"group_id":3,"type":"All"}]}`);
    expect(normalizeGroupList(wire)).toEqual([
      {
        group_id: 1,
        type: 'select',
        description: 'lb',
        buckets: [
          { watch_port: '1', actions: ['output:2'] },
          { watch_port: '3', actions: ['push_vlan:0x8100', 'output:4'] },
        ],
      },
      { group_id: 2, type: 'ff', description: '', buckets: [] },
      { group_id: 3, type: 'all', description: '', buckets: [] },
    ]);
  });

  it('accepts groups keyed by id (the input form) and a bare array', () => {
    const keyed = { groups: { '7': { type: 'select', buckets: [] } } };
    expect(normalizeGroupList(keyed)[0]?.group_id).toBe(7);
    expect(normalizeGroupList([{ group_id: 1, type: 'ff' }])[0]?.type).toBe('ff');
  });

  it('rejects an unknown group type with the field path', () => {
    expect(() => normalizeGroupList({ rules: [{ group_id: 1, type: 'indirect' }] })).toThrow(
      /GET \/groups\/all at rules\[0\]\.type/,
    );
  });
});
