import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from './program.js';
import { PLANNED_COMMANDS, revertPlan } from './revert-plans.js';
import { safetyOf } from './safety.js';

function leaves(cmd: Command, path: string[] = []): [string, Command][] {
  return cmd.commands.flatMap((c) => {
    const p = [...path, c.name()];
    return c.commands.length === 0 ? [[p.join(' '), c] as [string, Command]] : leaves(c, p);
  });
}

const writes = leaves(buildProgram()).filter(([path, c]) => {
  const kind = safetyOf(c)?.kind;
  return (
    (kind === 'harmless' || kind === 'confirm') && path !== 'confirm' && path !== 'revert-guard'
  );
});

describe('--revert-after on every write command', () => {
  it('every write takes it, and says how it is reverted (or why it cannot be)', () => {
    expect(writes.length).toBeGreaterThan(40);
    for (const [path, c] of writes) {
      expect(
        c.options.map((o) => o.long),
        path,
      ).toContain('--revert-after');
      expect(revertPlan(path, {}, ['x']), path).toBeDefined();
    }
    expect(PLANNED_COMMANDS.sort()).toEqual(writes.map(([p]) => p).sort());
  });

  it('refuses the kinds without an inverse, and snapshots rules, groups and ports', () => {
    for (const path of [
      'device reboot',
      'log clear',
      'users set',
      'users rm',
      'rules reset-counters',
    ])
      expect(revertPlan(path, {}, ['x'])?.kind, path).toBe('none');
    for (const path of ['rules add', 'rules rm-all', 'groups set', 'savepoint activate'])
      expect(revertPlan(path, {}, ['x']), path).toEqual({ kind: 'savepoint', of: 'rules' });
    expect(revertPlan('ports set', {}, ['3'])).toEqual({ kind: 'savepoint', of: 'ports' });
    expect(revertPlan('savepoint modify', { override: true }, ['x'])?.kind).toBe('none');
  });
});
