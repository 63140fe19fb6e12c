import { describe, expect, it } from 'vitest';
import { portInfo, testRule } from '../../../test/harness/device-fixtures.js';
import { editorCommands } from '../../../test/harness/editor-keys.js';
import { deviceView } from '../device-view.js';
import { analyze, previewLine } from './analysis.js';
import { planRule } from './apply.js';
import type { EditorEnv } from './completion.js';
import { focusHelp } from './editor.js';
import {
  actionsOf,
  type EditorEvent,
  editorKey,
  matchOf,
  newRuleForm,
  priorityOf,
  type RuleForm,
} from './editor-state.js';

const rule = testRule;

const RULES = [
  rule('tap-1', 1000, { in_port: '1' }, ['output:9']),
  rule('https-3', 2000, { in_port: '3', tcp: '', tcp_dst: '443' }, ['output:10']),
];
const info = portInfo(10);
const config = info.map((p) => ({
  if_name: p.if_name,
  type: 1,
  speed: 'auto',
  duplex: 'auto',
  split: 'default',
  shutdown: p.port_no === '2',
}));
const device = deviceView({
  rules: { rules: RULES, used_flows: 2 },
  flows: { used_flows: 2, maximum_flows: 4096 },
  storage: { modeCurrent: 'simple', modeNext: 'simple' },
  groups: [{ group_id: 5, type: 'select', description: '', buckets: [] }],
  info,
  config,
});
const env: EditorEnv = device.env;

/** Feeds keys through the reducer the way the screen does (analysis for fixes and targets). */
function press(form: RuleForm, ...keys: string[]): { form: RuleForm; events: EditorEvent[] } {
  const events: EditorEvent[] = [];
  let f = form;
  for (const key of keys) {
    const a = analyze(f, device);
    const r = editorKey(f, key, {
      commands: editorCommands('rules'),
      env,
      fixes: a.fixes,
      overrideShown: a.tcam.level === 'over',
    });
    f = r.state;
    events.push(r.event);
  }
  return { form: f, events };
}
const type = (text: string) => [...text];

describe('rule editor state', () => {
  it('types into fields, moves focus, completes field names', () => {
    const { form } = press(
      newRuleForm('add'),
      ...type('web'),
      'down',
      'down',
      'ctrl+u',
      ...type('100'),
      'down',
      ...type('tcp_d'),
      'tab',
      'tab',
      ...type('443'),
    );
    expect(form.name.text).toBe('web');
    expect(form.priority.text).toBe('100');
    expect(matchOf(form)).toEqual({ tcp_dst: '443' });
  });

  it('typing a priority replaces the one shown instead of appending to it', () => {
    // a new rule: empty (the placeholder shows 32768, which empty means)
    const added = newRuleForm('add');
    expect(added.priority.text).toBe('');
    expect(priorityOf(added)).toBe(32768);
    expect(press({ ...added, focus: 'priority' }, ...type('3000')).form.priority.text).toBe('3000');
    // an edited rule shows its own; the first character typed replaces it
    const edited = { ...newRuleForm('edit', RULES[0]!), focus: 'priority' };
    expect(edited.priority.text).toBe('1000');
    expect(focusHelp(edited, [], 76)).toContain('typing replaces it');
    expect(press(edited, ...type('3000')).form.priority.text).toBe('3000');
    // once edited (here Backspace), typing edits as usual
    expect(press(edited, 'backspace', ...type('5')).form.priority.text).toBe('1005');
  });

  it('the help line says how to clear the focused field', () => {
    for (const focus of ['name', 'description', 'priority'])
      expect(focusHelp({ ...newRuleForm('add'), focus }, [], 76)).toContain('^U clear');
  });

  it('offers the missing prerequisite and adds it with Ctrl-F, before the field that needs it', () => {
    let { form } = press(
      newRuleForm('add'),
      'down',
      'down',
      'down',
      ...type('tcp_dst'),
      'tab',
      ...type('1000-1999'),
    );
    const a = analyze(form, device);
    expect(a.issues.find((i) => i.fix)?.message).toContain("^F adds 'tcp'");
    form = press(form, 'ctrl+f').form;
    expect(Object.keys(matchOf(form))).toEqual(['tcp', 'tcp_dst']);
    expect(
      analyze(form, device)
        .issues.filter((i) => i.severity === 'error')
        .map((i) => i.message),
    ).toEqual(['a rule needs at least one action (use drop to discard)']);
  });

  it('adds, removes and reorders actions; Enter on the add buttons adds rows', () => {
    const start = newRuleForm('add');
    const toAction = ['down', 'down', 'down', 'down', 'down', 'down'];
    let { form } = press(
      start,
      ...toAction,
      ...type('push_vlan:0x8100'),
      'down',
      'enter',
      ...type('output:3'),
    );
    expect(actionsOf(form)).toEqual(['push_vlan:0x8100', 'output:3']);
    form = press(form, 'ctrl+up').form;
    expect(actionsOf(form)).toEqual(['output:3', 'push_vlan:0x8100']);
    form = press(form, 'ctrl+x').form; // removes the focused one, output:3
    expect(actionsOf(form)).toEqual(['push_vlan:0x8100']);
    const again = press(form, 'up', 'enter');
    expect(again.form.match).toHaveLength(2);
    expect(again.form.focus).toBe(`m${again.form.match[1]!.id}.f`);
  });

  it('Ctrl-S asks to apply, Esc to cancel, wherever the focus is; q and 3 are text', () => {
    const { form, events } = press(newRuleForm('add'), ...type('q3'), 'ctrl+s', 'escape');
    expect(form.name.text).toBe('q3');
    expect(events.slice(-2)).toEqual(['apply', 'cancel']);
  });

  it('completes actions from the device: groups, ports, set_field targets', () => {
    const toAction = ['down', 'down', 'down', 'down', 'down', 'down'];
    expect(
      actionsOf(press(newRuleForm('add'), ...toAction, ...type('grou'), 'tab', 'tab').form),
    ).toEqual(['group:5']);
    expect(
      actionsOf(
        press(
          newRuleForm('add'),
          ...toAction,
          ...type('set_field:4196'),
          'tab',
          ...type('vlan_v'),
          'tab',
        ).form,
      ),
    ).toEqual(['set_field:4196->vlan_vid']);
  });

  it('offers the 0x1000 VLAN offset for set_field on vlan_vid', () => {
    const toAction = ['down', 'down', 'down', 'down', 'down', 'down'];
    const { form } = press(newRuleForm('add'), ...toAction, ...type('set_field:100->vlan_vid'));
    const a = analyze(form, device);
    expect(a.issues[0]?.message).toContain('^F writes set_field:4196->vlan_vid (VLAN 100)');
    expect(actionsOf(press(form, 'ctrl+f').form)).toEqual(['set_field:4196->vlan_vid']);
  });
});

describe('analysis', () => {
  const add = (match: Record<string, string>, actions: string[], priority = '100') => {
    const f = newRuleForm('add');
    let id = 100;
    return {
      ...f,
      priority: { text: priority, cursor: 0 },
      match: Object.entries(match).map(([k, v]) => ({
        id: id++,
        field: { text: k, cursor: 0 },
        value: { text: v, cursor: 0 },
      })),
      actions: actions.map((t) => ({ id: id++, text: { text: t, cursor: 0 } })),
    };
  };

  it('previews the TCAM cost and the device after apply', () => {
    const a = analyze(add({ in_port: '1,3', tcp: '', tcp_dst: '1000-1999' }, ['output:4']), device);
    expect(a.tcam.flows).toBe(14);
    expect(previewLine(a.tcam, a.intent)).toBe(
      'this rule: 14 flows · device after apply: 2+14 / 4096 (<1 %)',
    );
    expect(a.tcam.explain).toBe('in_port 1,3 → 2 × tcp_dst 1000-1999 → 7 = 14 entries');
    expect(a.blocked).toBeNull();
  });

  it('warns past 90 % and blocks past the maximum until overridden', () => {
    const full = { ...device, used: 3700 };
    const high = analyze(add({ tcp: '', tcp_dst: '1-65534' }, ['drop']), full);
    expect(high.tcam.level).toBe('high');
    expect(high.issues.some((i) => i.message === 'the TCAM would be 91 % full')).toBe(true);
    const over = analyze(
      add({ in_port: '1,3,4,5,6,7,8,9,10', tcp: '', tcp_dst: '1-65534', tcp_src: '1000-1999' }, [
        'drop',
      ]),
      full,
    );
    expect(over.tcam.level).toBe('over');
    expect(over.blocked).toBe('1 error to fix first');
    expect(
      analyze(
        {
          ...add({ in_port: '1,3,4,5,6,7,8,9,10', tcp: '', tcp_dst: '1-65534' }, ['drop']),
          override: true,
        },
        { ...full, used: 4000 },
      ).blocked,
    ).toBeNull();
  });

  it('flags IPv6 in simple mode, drop with others, unknown groups, ports shut down or missing', () => {
    const msgs = (m: Record<string, string>, acts: string[]) =>
      analyze(add(m, acts), device).issues.map((i) => `${i.severity}: ${i.message}`);
    expect(msgs({ ipv6: '', ipv6_src: '2001:db8::1' }, ['drop'])).toContain(
      "error: IPv6 matches need rule storage mode 'ipv6' (current mode is 'simple')",
    );
    expect(msgs({ in_port: '1' }, ['drop', 'output:3'])).toContain(
      'error: drop must be the only action',
    );
    expect(msgs({ in_port: '4' }, ['group:9'])).toContain('error: group 9 does not exist');
    expect(msgs({ in_port: '4' }, ['output:2'])).toContain('warning: output port 2 is shut down');
    expect(msgs({ in_port: '4' }, ['output:99'])).toContain(
      'warning: output port 99 does not exist on this device; the device will probably refuse it',
    );
    expect(msgs({ foo: '1' }, ['drop'])).toContain("error: unknown match field 'foo'");
  });

  it('reports shadowing both ways', () => {
    const under = analyze(add({ in_port: '1', tcp: '' }, ['output:4'], '500'), device);
    expect(under.shadow.shadowedBy.map((r) => r.name)).toEqual(['tap-1']);
    expect(
      under.issues.some((i) =>
        i.message.startsWith("unreachable: 'tap-1' (prio 1000) covers this match"),
      ),
    ).toBe(true);
    const over = analyze(add({ in_port: '1' }, ['output:4'], '5000'), device);
    expect(over.shadow.shadows.map((r) => r.name)).toEqual(['tap-1']);
  });

  it('same match and priority as an existing rule is a modify (PUT), and says so', () => {
    const a = analyze(add({ in_port: '1' }, ['output:5'], '1000'), device);
    expect(a.intent).toBe('modify');
    const plan = planRule(add({ in_port: '1' }, ['output:5'], '1000'), a, device, new Date(0));
    expect(plan?.steps.map((s) => s.kind)).toEqual(['rules.modify']);
    expect(plan?.notes).toContain('actions: output:9 → output:5');
  });

  it('an edit that changes the match is delete + add; the order depends on whether both fit', () => {
    const form = { ...newRuleForm('edit', RULES[0]!), priority: { text: '1500', cursor: 0 } };
    const a = analyze(form, device);
    expect(a.intent).toBe('replace');
    expect(planRule(form, a, device, new Date(0))?.steps.map((s) => s.kind)).toEqual([
      'rules.add',
      'rules.remove',
    ]);
    const tight = { ...device, used: 4096 };
    const plan = planRule(form, analyze(form, tight), tight, new Date(0));
    expect(plan?.steps.map((s) => s.kind)).toEqual(['rules.remove', 'rules.add']);
    expect(plan?.rollback?.step.kind).toBe('rules.add');
    expect(analyze(newRuleForm('edit', RULES[0]!), device).blocked).toBe('nothing changed');
  });

  it('puts a save-point first when asked', () => {
    const form = { ...add({ in_port: '4' }, ['output:5']), saveFirst: true };
    const plan = planRule(form, analyze(form, device), device, new Date(2025, 0, 2, 3, 4, 5));
    expect(plan?.steps[0]?.request).toEqual({
      method: 'POST',
      path: '/savepoints/rulesavepoint',
      query: {
        name: 'pbc-before-add-rule-20250102-030405',
        description: 'taken by the pbc console before: add-rule',
      },
    });
  });
});
