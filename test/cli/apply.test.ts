/**
 * `pbc diff -f` and `pbc apply -f` on the simulator: exit codes (0 nothing differs, 1
 * something does or a step failed, 2 a bad file), a bad file sends nothing, a second apply
 * changes nothing, a device error in the middle stops the apply with a report of what was
 * done, and `--revert-after` sets the whole apply back. Each test has its own state
 * directory; guards the tests started are killed afterwards. Waits are generous.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CliSim, json, type RunOptions, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { revertId, untilEnded } from './revert-helpers.js';

let s: CliSim;
let stateDir: string;
const dir = mkdtempSync(join(tmpdir(), 'pbc-apply-'));

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
beforeEach(() => {
  stateDir = mkdtempSync(join(dir, 'state-'));
});
afterEach(() => {
  let reverts: { guardPid: number }[] = [];
  try {
    reverts = JSON.parse(readFileSync(join(stateDir, 'pending.json'), 'utf8')).reverts;
  } catch {}
  for (const r of reverts)
    try {
      if (r.guardPid && r.guardPid !== process.pid) process.kill(r.guardPid, 'SIGKILL');
    } catch {}
});

const run = (args: string[], o: RunOptions = {}) =>
  s.run(args, { ...o, env: { PBC_STATE_DIR: stateDir, ...o.env } });

let n = 0;
function file(text: string, ext = 'yaml'): string {
  const p = join(dir, `team-${++n}.${ext}`);
  writeFileSync(p, text);
  return p;
}

const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

/** What apply changes, as plain GETs show it. */
async function deviceState() {
  const rules = json(await run(['get', 'rules', '-o', 'json']))
    .map((r: Record<string, unknown>) => ({
      priority: r.priority,
      match: r.match,
      actions: r.actions,
      name: r.name,
      description: r.description,
    }))
    .sort((a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const groups = json(await run(['get', 'groups', '-o', 'json']));
  const config = json(await run(['get', 'config', '-o', 'json']));
  return { rules, groups, config };
}

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`still not: ${what}`);
}

describe('pbc diff / apply -f', () => {
  it('diff exits 1 on a difference; apply makes it; diff then exits 0 and apply does nothing', async () => {
    const team = file(`rules:
  - priority: 3100
    name: cac-web
    match: { in_port: 1-2, tcp: '', tcp_dst: 80 }
    actions: [output:5]
  - priority: 3090
    name: cac-tools
    match: { in_port: 3 }
    actions: [group:31]
groups:
  - id: 31
    type: all
    buckets:
      - actions: [output:6]
ports:
  eth-0-7: { shutdown: true }
`);
    const before = await run(['diff', '-f', team, '-o', 'json']);
    expect(before.code, before.stderr).toBe(1);
    const plan = json(before);
    // groups before the rules that use them; ports before rules
    expect(plan.steps.map((x: { request: string }) => x.request)).toEqual([
      'POST /groups',
      'POST /ports/config',
      'POST /rules',
      'POST /rules',
    ]);
    expect(plan.flows.after - plan.flows.before).toBe(3);
    const applied = await run(['apply', '-f', team, '--yes', '-o', 'table']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/applied: 4 steps done/);
    const after = await run(['diff', '-f', team, '-o', 'table']);
    expect(after.code, after.stdout + after.stderr).toBe(0);
    expect(after.stdout).toMatch(/plan: nothing to do \(4 unchanged/);
    const sent = await writes();
    const again = await run(['apply', '-f', team, '-o', 'table']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/nothing to do/);
    expect(await writes()).toBe(sent);
    // the same rules spelled otherwise are no change either
    const respelled = file(`rules:
  - { priority: 3100, name: cac-web, match: { tcp_dst: '80', in_port: '1,2', dl_type: '0x0800', nw_proto: 6 }, actions: ['5'] }
`);
    expect((await run(['diff', '-f', respelled])).code).toBe(0);
  }, 60_000);

  it('export → apply → diff: the exported file applies as a no-op and diff exits 0', async () => {
    const exported = await run(['export']);
    expect(exported.code, exported.stderr).toBe(0);
    const team = file(exported.stdout);
    const sent = await writes();
    const applied = await run(['apply', '-f', team, '--prune', '--yes', '-o', 'table']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/nothing to do/);
    expect(await writes()).toBe(sent);
    const diff = await run(['diff', '-f', team, '--prune']);
    expect(diff.code, diff.stdout + diff.stderr).toBe(0);
  }, 60_000);

  it('a bad file: exit 2 with FILE:LINE:COL, and nothing is sent', async () => {
    const cases = [
      ['rules:\n  - priority: 1\n    match: {in_port: 1\n', /:4:1: syntax error/],
      [
        'rules:\n  - priority: 1\n    prio: 2\n    match: {in_port: 1}\n    actions: [drop]\n',
        /:3:5: unknown field 'prio'/,
      ],
      [
        'rules:\n  - priority: 1\n    match: {in_port: 1, nw_src: 10.0.0.300}\n    actions: [drop]\n',
        /:3:\d+: /,
      ],
    ] as const;
    for (const [text, where] of cases) {
      const bad = file(text);
      const sent = await writes();
      for (const cmd of ['diff', 'apply']) {
        const r = await run([cmd, '-f', bad, '--yes']);
        expect(r.code, `${cmd} ${text}: ${r.stderr}`).toBe(2);
        expect(r.stderr).toContain(bad);
        expect(r.stderr).toMatch(where);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
      expect(await writes()).toBe(sent);
    }
  }, 60_000);

  it('refuses without --yes off a terminal, and with --readonly; nothing is sent', async () => {
    const team = file(
      'rules:\n  - { priority: 3200, match: { in_port: 9 }, actions: [output:10] }\n',
    );
    const sent = await writes();
    const r = await run(['apply', '-f', team]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to apply 1 change .* without confirmation \(pass --yes/);
    const ro = await run(['--readonly', 'apply', '-f', team, '--yes']);
    expect(ro.code).not.toBe(0);
    expect(ro.stderr).toMatch(/read-only/);
    expect(await writes()).toBe(sent);
  }, 60_000);

  it('a device error in the middle: exit 1, the report says which steps were done', async () => {
    const team = file(`rules:
  - { priority: 3300, name: pf-a, match: { in_port: 11 }, actions: [output:12] }
  - { priority: 3301, name: pf-b, match: { in_port: 13 }, actions: [output:14] }
  - { priority: 3302, name: pf-c, match: { in_port: 15 }, actions: [output:16] }
`);
    const base = await writes();
    failWrite(base + 2); // the second write of the apply gets the simulator's 500
    const r = await run(['apply', '-f', team, '--yes', '-o', 'table']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/1\. add rule 'pf-a' .*→ done/);
    expect(r.stdout).toMatch(/2\. add rule 'pf-b' .*→ FAILED: /);
    expect(r.stdout).toMatch(/3\. add rule 'pf-c' .*→ not sent/);
    expect(r.stdout).toMatch(/stopped at step 2: 1 of 3 done, step 2 failed, 1 not sent/);
    expect(r.stderr).toMatch(/step 2 .* failed: .* 1 of 3 steps were done, 1 not sent/);
    const names = json(await run(['get', 'rules'])).map((x: { name: string }) => x.name);
    expect(names).toContain('pf-a');
    expect(names).not.toContain('pf-b');
    expect(names).not.toContain('pf-c');
    // the rest is applied by running it again
    expect((await run(['apply', '-f', team, '--yes'])).code).toBe(0);
    expect((await run(['diff', '-f', team])).code).toBe(0);
  }, 60_000);

  it('with --revert-after, a partly failed apply of rules, groups and ports is set back', async () => {
    const team = file(`rules:
  - { priority: 3400, name: rv-a, match: { in_port: 17 }, actions: [group:34] }
  - { priority: 3401, name: rv-b, match: { in_port: 18 }, actions: [output:19] }
groups:
  - { id: 34, type: all, buckets: [ { actions: [output:20] } ] }
ports:
  eth-0-8: { shutdown: true }
`);
    const before = await deviceState();
    const base = await writes();
    // the revert's save-point is the first write; then group, port, rv-a; rv-b fails
    failWrite(base + 5);
    const r = await run(['apply', '-f', team, '--yes', '--revert-after', '2s', '-o', 'table']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/stopped at step 4: 3 of 4 done/);
    expect(r.stderr).toMatch(/auto-revert ([0-9a-f]{6}) in 2s/);
    const changed = await deviceState();
    expect(changed).not.toEqual(before);
    await until('the apply is reverted', async () => {
      const now = await deviceState();
      return JSON.stringify(now) === JSON.stringify(before);
    });
    // the guard deletes its save-point after setting the objects back: read once it has ended
    await untilEnded(stateDir, revertId(r.stderr));
    const savepoints = json(await run(['get', 'savepoints'])).rules.map(
      (sp: { name: string }) => sp.name,
    );
    expect(savepoints.filter((x: string) => x.startsWith('pbc-revert-'))).toEqual([]);
  }, 90_000);
});

/** The simulator fails (500) the write with this running count, once. */
function failWrite(at: number): void {
  const f = s.sim.faults;
  const active = f.active.bind(f);
  f.active = () => {
    if (f.writes === at) {
      f.settings.failNext = 1;
      f.settings.failNextMode = '500';
      f.active = active;
    }
    return active();
  };
}
