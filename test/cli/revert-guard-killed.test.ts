/**
 * A killed revert guard is noticed: every CLI command warns that the armed revert will not
 * happen and how to restart it, `pbc pending` says so, and `pbc pending --resume` starts a
 * new guard, which reverts the overdue change at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import {
  alive,
  expireNow,
  killGuards,
  operator,
  revertId,
  ruleArgs,
  until,
} from './revert-helpers.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());
afterEach(killGuards);

describe('a revert guard killed with -9', () => {
  it('is warned about by every command and resumed by pbc pending --resume', async () => {
    const a = operator(s);
    const r = await a.ok([...ruleArgs('add', 4545, 2, 3, ''), '--revert-after', '5m']);
    const id = revertId(r.stderr);
    const [entry] = a.file();
    process.kill(entry.guardPid, 'SIGKILL');
    await until('the guard is gone', () => !alive(entry.guardPid));
    // the expiry passes with no guard to act on it
    expireNow(a.dir, id);
    // nothing reverted it, and any command says so
    const get = await a.ok(['get', 'rules', '-o', 'json']);
    expect(json(get).some((x: { priority: number }) => x.priority === 4545)).toBe(true);
    expect(get.stderr).toContain(
      `pbc: warning: auto-revert ${id} (rules add --priority 4545 --match in_port=2 --actions output:3) on ${s.url}: its guard is not running, so it will not revert (overdue since `,
    );
    expect(get.stderr).toContain('pbc pending --resume restarts it; pbc confirm');
    const [row] = await a.pending(false);
    expect(row).toMatchObject({ id, state: 'pending', guard: 'gone' });
    // resumed: the new guard reverts the overdue change
    const resumed = await a.ok(['pending', '--resume']);
    expect(resumed.stderr).toMatch(
      new RegExp(`auto-revert ${id}: guard restarted \\(pid \\d+\\); it reverts now`),
    );
    await until('the entry is reverted', async () => (await a.pending())[0]?.state === 'reverted');
    const after = json(await a.ok(['get', 'rules', '-o', 'json']));
    expect(after.some((x: { priority: number }) => x.priority === 4545)).toBe(false);
    expect((await a.ok(['get', 'name'])).stderr).not.toContain('guard is not running');
  }, 90_000);
});
