import { describe, expect, it } from 'vitest';
import { portInfo, testRule } from '../../../test/harness/device-fixtures.js';
import { editorCommands } from '../../../test/harness/editor-keys.js';
import type { Group, Rule } from '../../model/index.js';
import { deviceView } from '../device-view.js';
import { type GroupForm, groupKey, newGroupForm } from './editor-state.js';
import { analyzeGroup, planGroup, planGroupDeleteAll, rulesUsing, usageIndex } from './model.js';

const rule = (name: string, actions: string[]): Rule =>
  testRule(name, 300, { in_port: name.length.toString() }, actions);
const RULES = [
  rule('a', ['group:7']),
  rule('bb', ['push_vlan:0x8100', 'group:7']),
  rule('ccc', ['group:8']),
  rule('dddd', ['output:9']),
];
const GROUPS: Group[] = [
  {
    group_id: 7,
    type: 'select',
    description: '',
    buckets: [{ watch_port: '9', actions: ['output:9'] }],
  },
  {
    group_id: 8,
    type: 'all',
    description: '',
    buckets: [{ watch_port: '', actions: ['output:10'] }],
  },
];
const info = portInfo(10);
const device = deviceView({ rules: { rules: RULES, used_flows: 4 }, groups: GROUPS, info });
const env = device.env;

const keys = (f: GroupForm, ...ks: string[]) =>
  ks.reduce(
    (s, k) =>
      groupKey(s, k, env, analyzeGroup(s, device, GROUPS).exists, editorCommands('groups')).state,
    f,
  );

describe('group usage and impact', () => {
  it('finds the rules that send to each group', () => {
    const idx = usageIndex(RULES);
    expect(idx.get(7)?.map((r) => r.name)).toEqual(['a', 'bb']);
    expect(idx.get(8)?.map((r) => r.name)).toEqual(['ccc']);
    expect(rulesUsing(RULES, new Set([7, 8])).map((r) => r.name)).toEqual(['a', 'bb', 'ccc']);
  });

  it('adding a new id is a POST that deletes nothing', () => {
    const f = keys(newGroupForm('add', null, 9), 'down', 'down', 'down', 'down', ...'output:3');
    const a = analyzeGroup(f, device, GROUPS);
    expect([a.call, a.exists, a.impact.length, a.blocked]).toEqual(['POST', false, 0, null]);
    expect(planGroup(a, false, new Date())?.confirmWord).toBe('');
  });

  it('adding an existing id is a POST replace listing exactly its rules, confirmed by their count', () => {
    const f = keys(newGroupForm('add', null, 7), 'down', 'down', 'down', 'down', ...'output:3');
    const a = analyzeGroup(f, device, GROUPS);
    expect(a.call).toBe('POST');
    expect(a.impact.map((r) => r.name)).toEqual(['a', 'bb']);
    const plan = planGroup(a, false, new Date())!;
    expect(plan.confirmWord).toBe('2');
    expect(plan.expectGone?.map((r) => r.name)).toEqual(['a', 'bb']);
    // choosing PUT keeps them
    const put = keys(f, 'down', 'down', 'right');
    expect(put.focus).toBe('call');
    const b = analyzeGroup(put, device, GROUPS);
    expect([b.call, b.impact.length]).toEqual(['PUT', 0]);
  });

  it('editing prefers PUT, and notices when nothing changed', () => {
    const f = newGroupForm('edit', GROUPS[0]!);
    expect(analyzeGroup(f, device, GROUPS)).toMatchObject({
      call: 'PUT',
      impact: [],
      blocked: 'nothing changed',
    });
    const changed = keys(f, 'right');
    expect(changed.type).toBe('ff');
    expect(analyzeGroup(changed, device, GROUPS).blocked).toBeNull();
  });

  it('validates buckets: watch ports, fast-failover needs one, no nested groups, 1..16', () => {
    const f = newGroupForm('add', null, 9);
    const msgs = (form: GroupForm) =>
      analyzeGroup(form, device, GROUPS)
        .issues.filter((i) => i.severity === 'error')
        .map((i) => i.message);
    const ff = keys(f, 'down', 'right', 'down', 'down', 'down', ...'group:7');
    expect(ff.type).toBe('ff');
    expect(msgs(ff)).toEqual([
      'bucket 1: a fast-failover bucket needs a watch port (←/→ picks one)',
      'bucket 1: a bucket cannot send to another group',
    ]);
    const watched = keys(ff, 'up', 'right', 'right');
    expect(watched.buckets[0]!.watch.text).toBe('2');
    expect(msgs(keys(f, 'down', 'down', 'down', ...'99', 'down', ...'drop'))).toEqual([
      'bucket 1: watch port 99 is not a port of this device',
    ]);
    expect(msgs(keys(f, 'down', 'down', 'down', 'ctrl+x'))).toEqual([
      'a group needs at least one bucket',
    ]);
  });

  it('delete all lists every rule that uses any group', () => {
    const plan = planGroupDeleteAll(GROUPS, RULES, true, new Date(0));
    expect(plan.steps.map((s) => s.kind)).toEqual(['savepoints.create', 'groups.removeAll']);
    expect(plan.expectGone?.map((r) => r.name)).toEqual(['a', 'bb', 'ccc']);
    expect(plan.confirmWord).toBe('delete');
  });
});
