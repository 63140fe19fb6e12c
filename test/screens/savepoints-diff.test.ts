/** Rule / group / port diffs of screen 5: identity by match + priority, changed fields. */
import { describe, expect, it } from 'vitest';
import type { Group, PortConfig } from '../../src/model/index.js';
import {
  diffGroups,
  diffPorts,
  diffRules,
  matchText,
  type RuleLike,
  ruleDiffLines,
  ruleIdentity,
} from '../../src/screens/savepoints/diff.js';

const rule = (
  priority: number,
  match: Record<string, string>,
  actions: string[],
  name = '',
  description = '',
): RuleLike => ({
  priority,
  match,
  actions,
  name,
  description,
});

describe('rule identity', () => {
  it('is the priority plus every match field, whatever their order', () => {
    const a = rule(100, { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:2']);
    const b = rule(100, { tcp_dst: '443', in_port: '1', tcp: '' }, ['output:3']);
    expect(ruleIdentity(a)).toBe(ruleIdentity(b));
    expect(ruleIdentity(a)).toBe('100 in_port=1,tcp,tcp_dst=443');
    expect(ruleIdentity(rule(101, a.match, []))).not.toBe(ruleIdentity(a));
    expect(ruleIdentity(rule(100, { in_port: '1', tcp: '' }, []))).not.toBe(ruleIdentity(a));
  });

  it('writes key-only fields without a value', () => {
    expect(matchText({ udp: '', in_port: '4' })).toBe('in_port=4,udp');
  });
});

describe('diffRules', () => {
  const active = [
    rule(1000, { in_port: '1' }, ['output:9'], 'tap-1', 'copy'),
    rule(1000, { in_port: '2' }, ['output:9'], 'tap-2'),
    rule(2000, { in_port: '3', tcp: '', tcp_dst: '443' }, ['output:10'], 'https'),
  ];

  it('finds added, removed and unchanged rules', () => {
    const target = [active[0]!, rule(500, { in_port: '5' }, ['drop'], 'drop-5')];
    const d = diffRules(active, target);
    expect(d.added.map((r) => r.name)).toEqual(['drop-5']);
    expect(d.removed.map((r) => r.name)).toEqual(['https', 'tap-2']);
    expect(d.unchanged).toBe(1);
    expect(d.changed).toEqual([]);
  });

  it('reports changed actions (order matters), name and description of the same rule', () => {
    const target = [
      rule(1000, { in_port: '1' }, ['output:10'], 'tap-one', 'copy'),
      rule(1000, { in_port: '2' }, ['output:9'], 'tap-2', 'now described'),
      rule(2000, { tcp_dst: '443', tcp: '', in_port: '3' }, ['output:10'], 'https'),
    ];
    const d = diffRules(active, target);
    expect(d.added).toEqual([]);
    expect(d.removed).toEqual([]);
    expect(d.unchanged).toBe(1);
    expect(d.changed.map((c) => [c.after.name, c.fields])).toEqual([
      ['tap-one', ['actions', 'name']],
      ['tap-2', ['description']],
    ]);
    const twoActions = diffRules(
      [rule(1, {}, ['push_vlan:0x8100', 'output:2'])],
      [rule(1, {}, ['output:2', 'push_vlan:0x8100'])],
    );
    expect(twoActions.changed[0]?.fields).toEqual(['actions']);
  });

  it('a changed priority is a different rule (removed + added)', () => {
    const d = diffRules(
      [rule(100, { in_port: '1' }, ['output:2'])],
      [rule(200, { in_port: '1' }, ['output:2'])],
    );
    expect(d.added).toHaveLength(1);
    expect(d.removed).toHaveLength(1);
  });

  it('renders + / - / ~ lines with the changed fields', () => {
    const d = diffRules(active, [
      rule(1000, { in_port: '1' }, ['output:10'], 'tap-1', 'copy'),
      rule(1, { in_port: '8' }, ['drop']),
    ]);
    const text = ruleDiffLines(d).map((l) => l.text);
    expect(text[0]).toBe('rules: 1 added, 2 removed, 1 changed, 0 unchanged');
    expect(text).toContain('+ 1 in_port=8 → drop');
    // a rule with a name is named by it first
    expect(text).toContain('- "https" 2000 in_port=3,tcp,tcp_dst=443 → output:10');
    expect(text).toContain('~ "tap-1" 1000 in_port=1');
    expect(text).toContain('    actions: output:9 → output:10');
  });
});

describe('diffGroups', () => {
  const g = (id: number, type: Group['type'], actions: string[][], description = ''): Group => ({
    group_id: id,
    type,
    description,
    buckets: actions.map((a, i) => ({ watch_port: String(i + 9), actions: a })),
  });

  it('matches groups by ID and reports type, bucket and description changes', () => {
    const from = [
      g(1, 'select', [['output:9'], ['output:10']]),
      g(2, 'all', [['output:3']]),
      g(3, 'ff', [['output:4']]),
    ];
    const to = [
      g(1, 'select', [['output:9'], ['output:11']]),
      g(2, 'select', [['output:3']], 'lb'),
      g(4, 'all', [['output:5']]),
    ];
    const d = diffGroups(from, to);
    expect(d.added.map((x) => x.group_id)).toEqual([4]);
    expect(d.removed.map((x) => x.group_id)).toEqual([3]);
    expect(d.changed.map((c) => [c.after.group_id, c.fields])).toEqual([
      [1, ['buckets']],
      [2, ['type', 'description']],
    ]);
    const lines = ruleDiffLines(diffRules([], []), d).map((l) => l.text);
    expect(lines).toContain('Groups');
    expect(lines).toContain('+ group 4 all: [watch 9] output:5');
    expect(lines).toContain(
      '    buckets: [watch 9] output:9 | [watch 10] output:10 → [watch 9] output:9 | [watch 10] output:11',
    );
  });
});

describe('diffPorts', () => {
  const p = (if_name: string, extra: Partial<PortConfig> = {}): PortConfig => ({
    if_name,
    type: 1,
    speed: 'auto',
    duplex: 'auto',
    split: 'default',
    shutdown: false,
    ...extra,
  });

  it('compares the settings a port save-point restores, by interface name', () => {
    const d = diffPorts(
      [
        p('eth-0-1'),
        p('eth-0-2'),
        p('eth-0-3', { xg_speed: { currSetting: 'XG', nextSetting: 'XG' } }),
      ],
      [
        p('eth-0-1', { shutdown: true, speed: '1000' }),
        p('eth-0-3', { xg_speed: { currSetting: 'XG', nextSetting: '1G' } }),
        p('eth-0-4'),
      ],
    );
    expect(d.changed).toEqual([
      {
        if_name: 'eth-0-1',
        fields: [
          { field: 'speed', before: 'auto', after: '1000' },
          { field: 'shutdown', before: 'false', after: 'true' },
        ],
      },
      { if_name: 'eth-0-3', fields: [{ field: 'xg_speed', before: 'XG', after: '1G' }] },
    ]);
    expect(d.added).toEqual(['eth-0-4']);
    expect(d.removed).toEqual(['eth-0-2']);
  });
});
