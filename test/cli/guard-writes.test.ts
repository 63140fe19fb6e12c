/**
 * Guarded change (issue 32) beyond `rules add`: `apply -f FILE --guard` and
 * `tools apply -f FILE --guard` arm the same detached guard, which reverts the whole change
 * when the simulator's traffic engine (the ground truth) overloads a port. The core link
 * (9.7–19.6 Gbit/s at any hour) to the 1G tool port eth-0-13 is the overload.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { entry, finished, guardedEntries, rules } from './guard-helpers.js';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { killGuards, operator, revertId, until } from './revert-helpers.js';

const FAST = { PBC_GUARD_INTERVAL_MS: '1000' };
const dir = mkdtempSync(join(tmpdir(), 'pbc-guard-writes-'));

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim({ flows: 200 }));
});
afterAll(() => s?.close());
afterEach(() => killGuards());

/** The guard tripped `kind` on eth-0-13 and the device has its rules of before again. */
async function expectTripped(id: string, op: ReturnType<typeof operator>, before: string[]) {
  await until('the guard trips', finished(op, id));
  const done = entry(op, id);
  expect(done.state).toBe('reverted');
  expect(done.health.trip).toMatchObject({ kind: 'oversub', port: 'eth-0-13', sample: 2 });
  expect(done.detail).toMatch(/^reverted: eth-0-13 oversubscribed .* \(guard 'oversub'\)$/);
  expect(await rules(op)).toEqual(before);
}

describe('guarded writes of a file', () => {
  it('apply -f FILE --guard: the whole apply is reverted when a guard trips', async () => {
    const op = operator(s, FAST);
    const before = await rules(op);
    const f = file(
      'core.yaml',
      `rules:
  - { priority: 3000, name: core-to-13, match: { in_port: 18 }, actions: [output:13] }
  - { priority: 2999, name: spare, match: { in_port: 7 }, actions: [output:23] }
`,
    );
    const r = await op.ok(['apply', '-f', f, '--yes', '--guard']);
    expect(r.stderr).toMatch(
      /guarded change, auto-revert [0-9a-f]{6}: watching drops, oversub, quiet/,
    );
    const id = revertId(r.stderr);
    expect(entry(op, id).health.sentAt).toBeGreaterThan(0);
    await expectTripped(id, op, before);
    // both writes of the apply are the change's, each with the trip in the journal
    const guarded = await guardedEntries(op);
    expect(guarded.map((e) => e.operation)).toEqual(['rules.add', 'rules.add']);
    for (const e of guarded) expect(e.guard.tripped).toMatchObject({ guard: 'oversub' });
  });

  it('tools apply -f FILE --guard: the band is reverted when its tool port is overloaded', async () => {
    const op = operator(s, FAST);
    const before = await rules(op);
    const f = file(
      'tools.yaml',
      `tools:
  - name: rec
    port: eth-0-13
    wants: [ { in_port: 18 } ]
sources: [18]
`,
    );
    const r = await op.ok(['tools', 'apply', '-f', f, '--yes', '--guard', 'oversub']);
    const id = revertId(r.stderr);
    expect(entry(op, id).health.spec.toolPorts).toEqual([13]);
    await expectTripped(id, op, before);
    const guarded = await guardedEntries(op);
    expect(guarded.length).toBeGreaterThan(0);
    for (const e of guarded) expect(e.guard.tripped).toMatchObject({ guard: 'oversub' });
  });
});

describe('the journal timeline of a guarded change', () => {
  it('with --revert-after: the timer reverts, and the timeline stops where its revert begins', async () => {
    const op = operator(s, FAST);
    const r = await op.ok([
      ...['rules', 'add', '--priority', '3003', '--match', 'in_port=7', '--actions', 'output:23'],
      ...['--guard', '--revert-after', '3s'],
    ]);
    const id = revertId(r.stderr);
    await until('the timer reverts', finished(op, id));
    expect(entry(op, id).state).toBe('reverted');
    const [change] = await guardedEntries(op);
    expect(change.operation).toBe('rules.add');
    expect(change.guard.tripped).toBeNull();
    const tl = change.guard.timeline as { time: string; ports: Record<string, unknown> }[];
    expect(tl.length).toBeGreaterThan(1);
    // eth-0-21/3, the port the rule sends to, in numbers at every point
    for (const p of tl) expect(p.ports['eth-0-21/3']).toEqual({ tx_bps: 0, tx_drop_pps: 0 });
    // the revert the timer sent (its save-point activated) came after the last point
    const all = json(await op.ok(['journal', '-o', 'json']));
    const revert = all.find((e: { operation: string }) => e.operation === 'savepoints.activate');
    expect(Date.parse(revert.time)).toBeGreaterThanOrEqual(Date.parse(tl.at(-1)!.time));
  });
});
