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

/** Options and arguments the plan itself checks (others take anything). */
const VALID: Record<string, [Record<string, unknown>, string[]]> = {
  'users set': [{ description: 'd' }, ['x']],
  'radius set': [{ server: 's' }, []],
  'apps set': [{ description: 'd' }, ['5']],
  'apps stop': [{}, ['5']],
};

describe('--revert-after on every write command', () => {
  it('every write takes it, and says how it is reverted (or why it cannot be)', () => {
    expect(writes.length).toBeGreaterThan(40);
    for (const [path, c] of writes) {
      expect(
        c.options.map((o) => o.long),
        path,
      ).toContain('--revert-after');
      const [o, args] = VALID[path] ?? [{}, ['x']];
      expect(revertPlan(path, o, args), path).toBeDefined();
    }
    expect(PLANNED_COMMANDS.sort()).toEqual(writes.map(([p]) => p).sort());
  });

  it('refuses the kinds without an inverse, and snapshots rules, groups and ports', () => {
    for (const path of [
      'device reboot',
      'log clear',
      'users passwd',
      'users rm',
      'apps start',
      'apps action',
      'rules reset-counters',
    ])
      expect(revertPlan(path, {}, ['x'])?.kind, path).toBe('none');
    for (const path of ['rules add', 'rules rm-all', 'groups set', 'savepoint activate'])
      expect(revertPlan(path, {}, ['x']), path).toEqual({ kind: 'savepoint', of: 'rules' });
    expect(revertPlan('ports set', {}, ['3'])).toEqual({ kind: 'savepoint', of: 'ports' });
    expect(revertPlan('savepoint modify', { override: true }, ['x'])?.kind).toBe('none');
    // what undo can set back from the state before, unless a password or secret is sent
    expect(revertPlan('users set', { passwordStdin: true }, ['x'])?.kind).toBe('none');
    expect(revertPlan('users set', { changePassword: true, level: 'read' }, ['x'])?.kind).toBe(
      'none',
    );
    expect(revertPlan('radius set', { server: 's', secretStdin: true }, [])?.kind).toBe('none');
    // …or could lock the guard out (the account it logs in with)
    for (const o of [{ newName: 'y' }, { level: 'read' }, { radius: true }])
      expect(revertPlan('users set', o, ['x']), JSON.stringify(o)).toMatchObject({
        kind: 'none',
        why: expect.stringMatching(/login the guard reverts with/),
      });
    for (const [path, [o, args]] of Object.entries(VALID))
      expect(revertPlan(path, o, args)?.kind, path).toBe('requests');
  });
});
