import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './json.js';
import {
  normalizeExport,
  normalizeOneRuleSavePoint,
  normalizePortSavePoint,
  normalizeSavePointList,
  normalizeSavePoints,
} from './normalize-savepoints.js';

const RULE_SP = `{
  "name": "lab", "type": "RuleSavePoint", "description": "lab setup", "readonly": false,
  "flowusage": 2, "groupusage": 1,
  "rules": [{ "cookie": "1152921504606846978", "priority": "200", "n_bytes": "10",
    "n_packets": "1", "match": { "in_port": "1" }, "actions": ["output:2,3", "push_vlan:0x8100"],
    "duration": "12", "duration_raw": "12", "hard_age": "0", "table": "0", "name": "r1" }],
  "groups": [{ "group_id": "5", "type": "SELECT", "description": "lb",
    "buckets": "[{\\"actions\\":\\"output:2\\",\\"watch_port\\":\\"1\\"}]" }]
}`;
const PORT_SP = `{ "name": "default", "type": "PortSavePoint", "description": "", "readonly": true,
  "ports": [{ "ifName": "eth-0-1", "type": 1, "speed": "auto", "duplex": "auto", "split": "default", "shutdown": false }] }`;

const EXPECTED_RULE_SP = {
  name: 'lab',
  description: 'lab setup',
  readonly: false,
  flowusage: 2,
  groupusage: 1,
  rules: [
    {
      cookie: 1152921504606846978n,
      name: 'r1',
      description: '',
      priority: 200,
      match: { in_port: '1' },
      actions: ['output:2,3', 'push_vlan:0x8100'],
      n_packets: 1n,
      n_bytes: 10n,
      datarate: '',
      datarate_raw: null,
      real_flow_ct: 0,
    },
  ],
  groups: [
    {
      group_id: 5,
      type: 'select',
      description: 'lb',
      buckets: [{ watch_port: '1', actions: ['output:2'] }],
    },
  ],
};

describe('normalizeSavePoints', () => {
  it('reads both collections as arrays', () => {
    const wire = parseJson(`{"RuleSavePoints":[${RULE_SP}],"PortSavePoints":[${PORT_SP}]}`);
    const out = normalizeSavePoints(wire);
    expect(out.rules).toEqual([EXPECTED_RULE_SP]);
    expect(out.ports).toEqual([
      {
        name: 'default',
        description: '',
        readonly: true,
        ports: [
          {
            if_name: 'eth-0-1',
            type: 1,
            speed: 'auto',
            duplex: 'auto',
            split: 'default',
            shutdown: false,
          },
        ],
      },
    ]);
  });

  it('reads both collections as maps keyed by name (name taken from the key if absent)', () => {
    const wire = parseJson(
      `{"RuleSavePoints":{"lab":${RULE_SP}},"PortSavePoints":{"p1":{"readonly":"false","ports":[]}}}`,
    );
    const out = normalizeSavePoints(wire);
    expect(out.rules).toEqual([EXPECTED_RULE_SP]);
    expect(out.ports).toEqual([{ name: 'p1', description: '', readonly: false, ports: [] }]);
  });

  it('rejects a response with neither collection', () => {
    expect(() => normalizeSavePoints({ savepoints: [] })).toThrow(
      /GET \/savepoints at RuleSavePoints/,
    );
  });

  it('names the path inside a map', () => {
    const wire = { RuleSavePoints: { lab: { rules: [{ cookie: 'x' }] } } };
    expect(() => normalizeSavePoints(wire)).toThrow(/RuleSavePoints\.lab\.rules\[0\]\.cookie/);
  });
});

describe('save-point write answers', () => {
  it('export keeps meta data and a lossless raw copy', () => {
    const text = `{"meta_data":{"device":"PB-48","software_version":"2.2"},"RuleSavePoints":[${RULE_SP}],"PortSavePoints":[]}`;
    const out = normalizeExport(parseJson(text));
    expect(out.meta_data).toEqual({ device: 'PB-48', software_version: '2.2' });
    expect(out.rules[0]?.rules[0]?.cookie).toBe(1152921504606846978n);
    expect(stringifyJson(out.raw)).toContain('"1152921504606846978"');
  });

  it('create/modify: the save-point itself, wrapped in a list, or only a Result', () => {
    const ep = 'POST /savepoints/rulesavepoint';
    expect(normalizeOneRuleSavePoint(parseJson(RULE_SP), ep)).toEqual(EXPECTED_RULE_SP);
    const wrapped = parseJson(`{"RuleSavePoints":[{"name":"other","rules":[]},${RULE_SP}]}`);
    expect(normalizeOneRuleSavePoint(wrapped, ep, 'lab')).toEqual(EXPECTED_RULE_SP);
    expect(normalizeOneRuleSavePoint(parseJson(`{"lab":${RULE_SP}}`), ep, 'lab')?.name).toBe('lab');
    expect(normalizeOneRuleSavePoint({ result: 'OK' }, ep)).toBeNull();
  });

  it('modportsavepoint answers {portSavePoints:[…]} (camelCase)', () => {
    const wire = parseJson(`{"portSavePoints":[${PORT_SP}]}`);
    const out = normalizeSavePointList(
      wire,
      'POST /savepoints/modportsavepoint',
      'PortSavePoints',
      normalizePortSavePoint,
    );
    expect(out.map((p) => p.name)).toEqual(['default']);
  });
});
