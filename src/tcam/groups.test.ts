import { describe, expect, it } from 'vitest';
import { groupOf } from './actions.js';
import { groupsUsed, groupUsage, rulesUsingGroups, usesGroups } from './groups.js';

describe('which rules use a group: one reading', () => {
  it('reads group:N in any case and spacing, up to the largest id the device takes', () => {
    expect(groupOf('group:40')).toBe(40);
    expect(groupOf(' GROUP : 7 ')).toBe(7);
    expect(groupOf('group:4294967040')).toBe(0xffffff00);
    expect(groupOf('group:')).toBeNull();
    expect(groupOf('output:4')).toBeNull();
    expect(groupOf('group:x')).toBeNull();
  });

  it('lists a rule once per group however often it names it', () => {
    const a = { actions: ['group:1', 'output:2', 'group:1', 'group:3'] };
    const b = { actions: ['output:1'] };
    const c = { actions: ['Group: 3'] };
    expect(groupsUsed(a.actions)).toEqual([1, 3]);
    expect(usesGroups(b.actions, 'any')).toBe(false);
    expect(usesGroups(c.actions, 'any')).toBe(true);
    expect(rulesUsingGroups([a, b, c], new Set([3]))).toEqual([a, c]);
    expect([...groupUsage([a, b, c])]).toEqual([
      [1, [a]],
      [3, [a, c]],
    ]);
  });
});
