import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import {
  type CheckContext,
  type CheckedRule,
  checkRule,
  exactKey,
  groupDeleteRefusal,
  MalformedRuleError,
  malformedTargets,
  rulesUsingGroups,
  sameKey,
  shadowsOf,
} from './index.js';

const tap: CheckedRule & { actions: string[] } = {
  name: 'tap-1',
  priority: 1000,
  match: { in_port: '1' },
  real_flow_ct: 1,
  actions: ['group:7'],
};
const ctx = (over: Partial<CheckContext<CheckedRule>> = {}): CheckContext<CheckedRule> => ({
  storageMode: 'simple',
  ports: new Map([
    [1, { shutdown: false }],
    [2, { shutdown: false }],
    [3, { shutdown: false }],
    [4, { shutdown: true }],
  ]),
  groups: new Set([7]),
  rules: [tap],
  used: 10,
  maximum: 100,
  ...over,
});
const rule = (match: Match, actions = ['output:3'], priority: number | null = 100) => ({
  priority,
  match,
  actions,
});

describe('checkRule: one verdict per situation', () => {
  it('a valid rule: an add, no errors or warnings, its cost counted', () => {
    const c = checkRule(rule({ in_port: '2,3', tcp: '', tcp_dst: '1000-1999' }), ctx());
    expect(c).toMatchObject({ kind: 'add', errors: [], warnings: [] });
    expect(c.tcam).toMatchObject({ flows: 14, after: 24, pct: 24, level: 'ok', full: false });
  });
  it('shadowed by a higher-priority rule that covers it', () => {
    const c = checkRule(rule({ in_port: '1', tcp: '' }, ['output:3'], 500), ctx());
    expect(c.shadow.shadowedBy).toEqual([tap]);
    expect(c.warnings).toEqual([
      "unreachable: 'tap-1' (prio 1000) covers this match at higher or equal priority",
    ]);
  });
  it('shadows a lower-priority rule it covers', () => {
    const c = checkRule(rule({}, ['output:3'], 2000), ctx());
    expect(c.shadow.shadows).toEqual([tap]);
    expect(c.warnings).toEqual([
      "shadows 1 lower-priority rule: 'tap-1' (prio 1000) would never match again",
    ]);
  });
  it('output to an unknown port is a warning, to a shut-down port too; a missing group an error', () => {
    expect(checkRule(rule({ in_port: '2' }, ['output:99']), ctx())).toMatchObject({
      errors: [],
      warnings: [
        'output port 99 does not exist on this device; the device will probably refuse it',
      ],
    });
    expect(checkRule(rule({ in_port: '2' }, ['output:4']), ctx()).warnings).toEqual([
      'output port 4 is shut down',
    ]);
    expect(checkRule(rule({ in_port: '2' }, ['group:5']), ctx()).errors).toEqual([
      'group 5 does not exist',
    ]);
  });
  it('the TCAM is HIGH from 90 % (≥), an error past the maximum, TCAM full past +2 %', () => {
    const at = (used: number, override = false) =>
      checkRule(rule({ in_port: '2' }), ctx({ used, override }));
    expect(at(88)).toMatchObject({ warnings: [], errors: [] });
    expect(at(88).tcam).toMatchObject({ after: 89, pct: 89, level: 'ok' });
    expect(at(89).warnings).toEqual(['the TCAM would be 90 % full']);
    expect(at(89).tcam.level).toBe('high');
    expect(at(90).warnings).toEqual(['the TCAM would be 91 % full']);
    expect(at(100).errors).toEqual([
      'past the TCAM maximum (101 of 100); the device may refuse it',
    ]);
    expect(at(100, true)).toMatchObject({ errors: [], warnings: [expect.stringMatching(/^past/)] });
    expect(at(101).tcam).toMatchObject({ level: 'over', full: false });
    expect(at(102).tcam).toMatchObject({ level: 'over', full: true });
    expect(at(102).errors).toEqual([expect.stringMatching(/^TCAM full: 103 of 100 entries/)]);
  });
  it('the same match and priority as an existing rule is a modify (PUT), costing nothing', () => {
    const c = checkRule(rule({ in_port: '1' }, ['output:3'], 1000), ctx({ used: 89 }));
    expect(c).toMatchObject({ kind: 'modify', target: tap, errors: [], warnings: [] });
    expect(c.notes[0]).toMatch(/exists \('tap-1'\): applying EDITS it \(PUT\)/);
    expect(c.tcam.delta).toBe(0);
  });
  it('an edit that changes the key is a replace; onto another rule key an error', () => {
    const other = { name: 'o', priority: 5, match: { in_port: '3' }, real_flow_ct: 1 };
    const c = ctx({ rules: [tap, other], editing: tap });
    expect(checkRule(rule({ in_port: '2' }, ['output:3'], 1000), c).kind).toBe('replace');
    expect(checkRule(rule({ in_port: '1' }, ['output:3'], 1000), c).kind).toBe('modify');
    expect(checkRule(rule({ in_port: '3' }, ['output:3'], 5), c).errors).toEqual([
      "another rule, 'o', already has this match and priority; edit that rule instead",
    ]);
  });
  it('a bad match field, a bad action, a bad priority are errors', () => {
    expect(checkRule(rule({ foo: '1' }), ctx()).errors).toEqual(["unknown match field 'foo'"]);
    expect(checkRule(rule({ in_port: '2' }, ['frobnicate']), ctx()).errors).toEqual([
      "unknown action 'frobnicate'",
    ]);
    expect(checkRule(rule({ in_port: '2' }, ['output:3'], null), ctx()).errors).toEqual([
      'priority must be an integer 0..65535',
    ]);
  });
});

describe('malformed rules are never a write target', () => {
  const bogus = {
    name: 'bogus',
    priority: -1,
    match: { in_port: 'null' },
    malformed: 'priority missing, match in_port is null',
    real_flow_ct: 1,
  };
  it('has no identity: not the same key as anything, not in shadowing', () => {
    expect(sameKey(bogus, bogus)).toBe(false);
    expect(shadowsOf({ priority: 0, match: {} }, [bogus]).shadowedBy).toEqual([]);
    expect(checkRule(rule({}, ['output:3'], 0), ctx({ rules: [bogus] })).shadow.shadowedBy).toEqual(
      [],
    );
  });
  it('exactKey refuses it and any inexact key', () => {
    expect(() => exactKey(bogus)).toThrow(MalformedRuleError);
    expect(() => exactKey({ priority: 70000, match: {} })).toThrow(/malformed/);
    expect(exactKey(tap)).toEqual({ priority: 1000, match: { in_port: '1' } });
  });
  it('a key that names no well-formed rule but may reach a malformed one is found', () => {
    const rules = [tap, bogus];
    expect(malformedTargets({ priority: 32768, match: { in_port: '' } }, rules)).toEqual([bogus]);
    expect(malformedTargets({ priority: 1000, match: { in_port: '1' } }, rules)).toEqual([]);
    expect(malformedTargets({ priority: 5, match: { tcp: '' } }, rules)).toEqual([]);
  });
});

describe('groups in use', () => {
  it('the device refuses to delete a group rules use: one sentence', () => {
    const users = rulesUsingGroups([tap], new Set([7]));
    expect(users).toEqual([tap]);
    expect(groupDeleteRefusal(7, users)).toBe(
      "the device refuses: group 7 is used by 1 rule ('tap-1') — delete those rules first",
    );
    expect(groupDeleteRefusal(8, [])).toBeNull();
  });
});
