/**
 * How a change is reverted is decided once per kind of operation (src/ops/revert/plans.ts):
 * `R` in the console's dialogs and the CLI's `--revert-after` both read it from the
 * operations they send. Every operation of every table has its own decision — a save-point,
 * the requests that set it back, or a reason — so a new operation cannot fall through to "no
 * revert is known". The requests set back name what the operation named.
 */
import { describe, expect, it } from 'vitest';
import { OPERATION_TABLES, type Operation } from '../../src/ops/index.js';
import { changeRevert, revertPlanOf } from '../../src/ops/revert/plans.js';
import { SAMPLES } from './samples.js';

type Builder = (...args: unknown[]) => Operation;
const samples = SAMPLES as unknown as Record<string, Record<string, unknown[][]>>;
const ops = Object.entries(OPERATION_TABLES).flatMap(([family, table]) =>
  Object.entries(table as Record<string, Builder>).flatMap(([name, build]) =>
    (samples[family]?.[name] ?? []).map((args) => build(...args)),
  ),
);

describe('the auto-revert of each operation', () => {
  it('every operation has a decision of its own', () => {
    expect(ops.length).toBeGreaterThan(30);
    const unknown = ops.filter((op) => {
      const p = revertPlanOf(op);
      return p.kind === 'none' && p.why.startsWith('no revert is known');
    });
    expect(unknown.map((op) => op.kind)).toEqual([]);
  });

  it('save-points for ports and activations, the inverse request for a create or a controller', async () => {
    const of = (kind: string) => ops.filter((op) => op.kind === kind);
    expect(revertPlanOf(of('ports.setConfig')[0]!)).toEqual({ kind: 'savepoint', of: 'ports' });
    for (const op of [...of('savepoints.activate'), ...of('savepoints.activatePorts')])
      expect(revertPlanOf(op)).toEqual({
        kind: 'savepoint',
        of: op.request.path.includes('port') ? 'ports' : 'rules',
      });
    for (const op of [
      ...of('savepoints.create'),
      ...of('savepoints.createPorts'),
      ...of('device.addController'),
    ]) {
      const plan = revertPlanOf(op);
      if (plan.kind !== 'requests') throw new Error(`${op.kind}: ${plan.kind}`);
      const [back] = (await plan.capture(undefined as never)).map((o) => o.request);
      expect(back?.method).toBe('DELETE');
      for (const k of ['name', 'ip', 'port'])
        if (op.request.query?.[k] !== undefined)
          expect(String(back?.query?.[k])).toBe(String(op.request.query[k]));
    }
    for (const kind of ['device.reboot', 'logs.clear', 'apps.start', 'apps.action'])
      expect(revertPlanOf(of(kind)[0]!).kind).toBe('none');
    // undo's inverse, from the state read before: unless a password or secret is sent
    const secret = (op: Operation) =>
      /password|secret|new_username|radius|access_level/.test(JSON.stringify(op.request));
    for (const kind of ['users.modify', 'users.setRadius', 'apps.modify', 'apps.stop'])
      for (const op of of(kind))
        expect(revertPlanOf(op).kind, JSON.stringify(op.request)).toBe(
          secret(op) && kind !== 'apps.modify' ? 'none' : 'requests',
        );
    expect(of('users.modify').some(secret)).toBe(true);
    expect(of('users.modify').some((op) => !secret(op))).toBe(true);
    expect(revertPlanOf(...of('savepoints.activate'), ...of('savepoints.activatePorts')).kind).toBe(
      'none',
    );
  });

  it('rules and groups: a rule save-point; several rule writes share it; counters and undo have none', () => {
    const rules = ops.filter(
      (op) =>
        /^(rules|groups)\./.test(op.kind) &&
        op.kind !== 'rules.resetCounters' &&
        op.kind !== 'savepoints.create',
    );
    expect(rules.length).toBeGreaterThan(8);
    for (const op of rules)
      expect(revertPlanOf(op), op.kind).toEqual({ kind: 'savepoint', of: 'rules' });
    expect(revertPlanOf(...rules)).toEqual({ kind: 'savepoint', of: 'rules' });
    const counters = ops.find((op) => op.kind === 'rules.resetCounters')!;
    expect(revertPlanOf(counters).kind).toBe('none');
    expect(revertPlanOf(rules[0]!, counters).kind).toBe('none');
    expect(changeRevert({ steps: rules, undoOf: 'abc123' })).toMatchObject({
      kind: 'none',
      why: expect.stringMatching(/undo/),
    });
    const own = { kind: 'savepoint', of: 'ports' } as const;
    expect(changeRevert({ steps: rules, revert: own })).toBe(own);
  });
});
