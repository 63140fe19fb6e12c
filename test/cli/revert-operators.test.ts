/**
 * An auto-revert sets back only what its change changed, and only objects still as the
 * change left them: two operators (own HOME and state directory) on one simulator. The
 * other operator's rule, its change of tap-1 and its port shut down survive the expiry;
 * an object the other changed since is left, and `pbc pending` and the journal say so.
 * Each change is armed for 5 minutes and expired (expireNow) once the other has acted.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import {
  expireNow,
  killGuards,
  type Operator,
  operator,
  revertId,
  ruleArgs,
  untilEnded,
} from './revert-helpers.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
afterEach(killGuards);

interface RuleRow {
  priority: number;
  name: string;
  actions: string[];
}
const rules = async (op: Operator): Promise<RuleRow[]> =>
  json(await op.ok(['get', 'rules', '-o', 'json']));
const rule = async (op: Operator, name: string) => (await rules(op)).find((r) => r.name === name);
const port = async (op: Operator, name: string) =>
  json(await op.ok(['get', 'config', '-o', 'json'])).find(
    (p: { if_name: string }) => p.if_name === name,
  );
/** Expires the armed change now (the other operator has acted) and waits for its guard. */
const settled = async (op: Operator, id: string) => {
  expireNow(op.dir, id);
  await untilEnded(op.dir, id);
  return (await op.pending()).find((x: { id: string }) => x.id === id);
};

describe('an auto-revert with another operator at work', () => {
  it("keeps the other operator's rule and its change of tap-1", async () => {
    const a = operator(s);
    const b = operator(s);
    // a rule made before the armed change: not the change's, never reverted
    await a.ok(ruleArgs('add', 500, 5, 6, ''));
    const r = await a.ok([...ruleArgs('add', 501, 5, 6, 'D1'), '--revert-after', '5m']);
    const id = revertId(r.stderr);
    await b.ok(ruleArgs('add', 600, 7, 8, 'B1'));
    await b.ok([...ruleArgs('set', 1000, 1, 10, 'tap-1'), '--yes']);
    const entry = await settled(a, id);
    expect(entry).toMatchObject({ state: 'reverted' });
    expect(existsSync(join(a.dir, `revert-${id}.json`))).toBe(false); // its watch, done with
    expect(await rule(a, 'D1')).toBeUndefined();
    expect(await rule(a, 'B1')).toBeDefined();
    expect((await rule(a, 'tap-1'))?.actions).toEqual(['output:10']);
    expect((await rules(a)).some((x) => x.priority === 500)).toBe(true); // made before, unarmed
    // no pbc-revert save-point is left behind
    const sps = json(await a.ok(['get', 'savepoints', '-o', 'json'])).rules.map(
      (sp: { name: string }) => sp.name,
    );
    expect(sps.filter((n: string) => n.startsWith('pbc-revert-'))).toEqual([]);
    await a.ok(['rules', 'rm', '--priority', '500', '--match', 'in_port=5', '--yes']);
    await b.ok(['rules', 'rm', '--priority', '600', '--match', 'in_port=7', '--yes']);
    await b.ok([...ruleArgs('set', 1000, 1, 9, 'tap-1'), '--yes']);
  }, 90_000);

  it('leaves an object the other operator changed since, and says so (never a plain reverted)', async () => {
    const a = operator(s);
    const b = operator(s);
    const r = await a.ok([...ruleArgs('add', 502, 6, 7, 'D2'), '--revert-after', '5m']);
    const id = revertId(r.stderr);
    await a.ok(ruleArgs('add', 503, 6, 7, 'D3'));
    await b.ok([...ruleArgs('set', 502, 6, 8, 'D2'), '--yes']);
    const entry = await settled(a, id);
    expect(entry.state).toBe('not-reverted');
    expect(entry.detail).toMatch(
      /^nothing reverted; left 1: rule 'D2' priority 502 in_port=6 \(changed since the change: it left .*output:7.*, the device now has .*output:8/,
    );
    expect((await rule(a, 'D2'))?.actions).toEqual(['output:8']);
    expect(await rule(a, 'D3')).toBeDefined(); // made after the armed change, by A itself
    // the journal says what was left and why
    const lines = readFileSync(join(a.dir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(
      lines.some(
        (l) =>
          l.type === 'outcome' &&
          String(l.error).includes(`auto-revert ${id} of`) &&
          String(l.error).includes("left rule 'D2'"),
      ),
    ).toBe(true);
    // pbc pending lists it (it needs a look)
    expect((await a.pending(false)).map((x: { id: string }) => x.id)).toContain(id);
    await a.ok(['rules', 'rm', '--priority', '502', '--match', 'in_port=6', '--yes']);
    await a.ok(['rules', 'rm', '--priority', '503', '--match', 'in_port=6', '--yes']);
  }, 90_000);

  it('sets back the objects still as the change left them and leaves the one another operator changed', async () => {
    const a = operator(s);
    const b = operator(s);
    const desired = join(a.dir, 'two.yaml');
    writeFileSync(
      desired,
      `rules:
  - { priority: 504, name: D4, match: { in_port: 11 }, actions: [output:12] }
  - { priority: 505, name: D5, match: { in_port: 13 }, actions: [output:14] }
`,
    );
    const r = await a.ok(['apply', '-f', desired, '--yes', '--revert-after', '5m']);
    const id = revertId(r.stderr);
    await b.ok([...ruleArgs('set', 504, 11, 15, 'D4'), '--yes']);
    const entry = await settled(a, id);
    expect(entry.state).toBe('partly-reverted');
    expect(entry.detail).toMatch(
      /^reverted 1: rule 'D5' priority 505 in_port=13; left 1: rule 'D4' priority 504 in_port=11 \(changed since the change: it left .*output:12.*, the device now has .*output:15/,
    );
    expect(await rule(a, 'D5')).toBeUndefined();
    expect((await rule(a, 'D4'))?.actions).toEqual(['output:15']);
    // the journal: D5's delete sent by the auto-revert, D4's left with the reason
    const journal = json(await a.ok(['journal', '-o', 'json']));
    const sent = journal.find(
      (e: { operation: string; request: { query?: { priority?: number } } }) =>
        e.operation === 'rules.remove' && Number(e.request.query?.priority) === 505,
    );
    expect(sent?.result).toBeDefined();
    expect(
      journal.some((e: { result: { error?: string } | null }) =>
        /left rule 'D4' .*changed since the change/.test(e.result?.error ?? ''),
      ),
    ).toBe(true);
    await b.ok(['rules', 'rm', '--priority', '504', '--match', 'in_port=11', '--yes']);
  }, 90_000);

  it("ports: unshuts its own port and keeps the other operator's shut down", async () => {
    const a = operator(s);
    const b = operator(s);
    const r = await a.ok([
      'ports',
      'set',
      'eth-0-5',
      '--shutdown',
      '--yes',
      '--revert-after',
      '5m',
    ]);
    const id = revertId(r.stderr);
    await b.ok(['ports', 'set', 'eth-0-6', '--shutdown', '--yes']);
    expect((await port(a, 'eth-0-5'))?.shutdown).toBe(true);
    const entry = await settled(a, id);
    expect(entry.state).toBe('reverted');
    expect((await port(a, 'eth-0-5'))?.shutdown).toBe(false);
    expect((await port(a, 'eth-0-6'))?.shutdown).toBe(true);
    await b.ok(['ports', 'set', 'eth-0-6', '--no-shutdown', '--yes']);
  }, 90_000);
});
