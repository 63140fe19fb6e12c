/**
 * No lost update between two operators (issue 31): two CLI processes with their own state
 * directories both plan a change to the same rule (`pbc diff -f FILE --out PLAN`); the first
 * `pbc apply PLAN` sends it, the second exits 5 with base / theirs / yours and sends nothing,
 * so the device keeps the first one's change; `--force` sends it anyway, journaled as forced.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { hasScript, onPty } from './pty.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-conflict-'));
const stateOf = (who: string) => ({ env: { PBC_STATE_DIR: join(dir, who) } });
const RULE = '{ priority: 4321, match: { in_port: 3 }, actions: [output:4], name: NAME }';

function configOf(who: string): string {
  const f = join(dir, `${who}.yaml`);
  writeFileSync(f, `rules:\n  - ${RULE.replace('NAME', who)}\n`);
  return f;
}

const nameOnDevice = async () =>
  json(await s.run(['get', 'rules', '-o', 'json'])).find(
    (r: { priority: number }) => r.priority === 4321,
  )?.name;

const journaled = (who: string) =>
  readFileSync(join(dir, who, 'journal.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l))
    .filter((l) => l.type === 'request');

beforeAll(async () => {
  s = inProcess(await startCliSim());
  const add = ['rules', 'add', '--priority', '4321', '--match', 'in_port=3'];
  const r = await s.run([...add, '--actions', 'output:4', '--name', 'start', '--yes']);
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => s?.close());

describe('two operators plan a change to the same rule', () => {
  it('the second apply exits 5, sends nothing, and the device keeps the first change', async () => {
    for (const who of ['alice', 'bob']) {
      const d = await s.run(['diff', '-f', configOf(who), '--out', join(dir, `${who}.plan`)]);
      expect(d.code, d.stderr).toBe(1);
    }
    const a = await s.run(['apply', join(dir, 'alice.plan'), '--yes'], stateOf('alice'));
    expect(a.code, a.stderr).toBe(0);
    expect(await nameOnDevice()).toBe('alice');

    const b = await s.run(['apply', join(dir, 'bob.plan'), '--yes'], stateOf('bob'));
    expect(b.code, b.stdout + b.stderr).toBe(5);
    expect(b.stderr).toContain('nothing was sent');
    expect(b.stderr).toMatch(/base: +\{.*"name":"start"/);
    expect(b.stderr).toMatch(/theirs: +\{.*"name":"alice"/);
    expect(b.stderr).toMatch(/yours: +PUT \/rules .*name=bob/);
    expect(await nameOnDevice()).toBe('alice');
    expect(() => journaled('bob')).toThrow(); // bob's journal holds no write at all
  }, 60_000);

  it('--force sends the plan over their change and journals it as forced', async () => {
    const b = await s.run(['apply', join(dir, 'bob.plan'), '--yes', '--force'], stateOf('bob'));
    expect(b.code, b.stderr).toBe(0);
    expect(await nameOnDevice()).toBe('bob');
    expect(journaled('bob')).toEqual([
      expect.objectContaining({ operation: 'rules.modify', base: 'seen', forced: true }),
    ]);
    const j = await s.run(['journal', '-o', 'table'], stateOf('bob'));
    expect(j.stdout).toContain("OK (forced over another operator's change)");
  }, 30_000);

  it('a plan applied on an unchanged device sends exactly its requests', async () => {
    const out = join(dir, 'carol.plan');
    expect((await s.run(['diff', '-f', configOf('carol'), '--out', out])).code).toBe(1);
    const planned = JSON.parse(readFileSync(out, 'utf8')).steps.map(
      (x: { request: unknown }) => x.request,
    );
    const r = await s.run(['apply', out, '--yes'], stateOf('carol'));
    expect(r.code, r.stderr).toBe(0);
    expect(journaled('carol').map((e) => e.request)).toEqual(planned);
    expect(await nameOnDevice()).toBe('carol');
  }, 30_000);

  it('a file that is not a plan, or a plan and -f together, is exit 2 with nothing sent', async () => {
    const writes = async () => (await s.control('/_sim/status')).writes;
    const before = await writes();
    const f = configOf('dave');
    const notPlan = await s.run(['apply', f, '--yes']);
    expect(notPlan.code).toBe(2);
    expect(notPlan.stderr).toContain('not a pbc plan');
    const both = await s.run(['apply', join(dir, 'bob.plan'), '-f', f, '--yes']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('not both');
    expect(await writes()).toBe(before);
  }, 30_000);

  it.skipIf(!hasScript)(
    'apply -f checks after its confirmation: a change made during the question is exit 5',
    async () => {
      const f = configOf('erin');
      const steps = [
        {
          waitFor: '[y/N]',
          // another operator renames the rule while pbc waits for the answer
          before: async () => {
            const r = await s.run([
              'rules',
              'set',
              '--priority',
              '4321',
              '--match',
              'in_port=3',
              '--actions',
              'output:4',
              '--name',
              'frank',
              '--yes',
            ]);
            expect(r.code, r.stderr).toBe(0);
          },
          input: 'y\r',
        },
      ];
      const r = await onPty(['--url', s.url, 'apply', '-f', f], steps, {
        PBC_STATE_DIR: join(dir, 'erin'),
      });
      expect(r.code, r.out).toBe(5);
      expect(r.out).toMatch(/theirs: +\{.*"name":"frank"/);
      expect(await nameOnDevice()).toBe('frank');
    },
    60_000,
  );
});

describe('a conflict with an auto-revert asked for', () => {
  it('exits 5 before the revert takes its save-point: nothing at all is sent', async () => {
    const d = await s.run(['diff', '-f', configOf('carol'), '--out', join(dir, 'carol.plan')]);
    expect(d.code, d.stderr).toBe(1);
    // another operator renames the rule after carol planned
    const set = ['rules', 'set', '--priority', '4321', '--match', 'in_port=3'];
    const r = await s.run([...set, '--actions', 'output:4', '--name', 'dave', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const writes = async () =>
      ((await (await fetch(s.url.replace(/\/rest$/, '/_sim/status'))).json()) as { writes: number })
        .writes;
    const before = await writes();
    const plan = join(dir, 'carol.plan');
    const c = await s.run(['apply', plan, '--yes', '--revert-after', '10m'], stateOf('carol'));
    expect(c.code, c.stdout + c.stderr).toBe(5);
    expect(c.stderr).toMatch(/theirs: +\{.*"name":"dave"/);
    expect(await writes()).toBe(before);
    expect(await nameOnDevice()).toBe('dave');
  }, 60_000);
});
