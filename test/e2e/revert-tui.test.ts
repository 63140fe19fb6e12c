/**
 * Apply with auto-revert from the console, in tmux: R in the confirmation of a rule delete,
 * the time edited, the header counts down; the console killed with SIGKILL during the
 * countdown → the detached guard still reverts (the rule is back, the pbc-revert save-point
 * gone); C keeps the change. Waits are generous; nothing is timed: the revert is armed for
 * 5 minutes and its expiry brought forward once the console is gone (expireNow).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { expireNow } from '../harness/expire.js';
import { TmuxSession, tmuxTests } from './tmux.js';

let sim: SimServer;
const sessions: TmuxSession[] = [];
const stateDirs: string[] = [];

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7 });
});
afterAll(() => sim?.close());
afterEach(() => {
  for (const s of sessions.splice(0)) s.kill();
  for (const d of stateDirs.splice(0))
    for (const r of reverts(d))
      try {
        process.kill(r.guardPid, 'SIGKILL');
      } catch {}
});

function reverts(dir: string): { id: string; state: string; guardPid: number }[] {
  try {
    return JSON.parse(readFileSync(join(dir, 'pending.json'), 'utf8')).reverts;
  } catch {
    return [];
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`still not: ${what}`);
}

const client = () => createClient({ url: sim.url });
async function ruleNames(): Promise<string[]> {
  const c = client();
  try {
    return (await c.rules.list()).rules.map((r) => r.name);
  } finally {
    await c.close();
  }
}
async function revertSavepoints(): Promise<string[]> {
  const c = client();
  try {
    return (await c.savepoints.list()).rules
      .map((s) => s.name)
      .filter((n) => n.startsWith('pbc-revert-'));
  } finally {
    await c.close();
  }
}

/** The console in tmux on the Rules screen, the first rule's delete sent with auto-revert. */
async function deleteWithRevert(time: string) {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-revert-tui-'));
  stateDirs.push(dir);
  const s = new TmuxSession(`node dist/cli.js --url ${sim.url}`, {
    columns: 120,
    rows: 36,
    env: { PBC_STATE_DIR: dir },
  });
  sessions.push(s);
  await s.waitFor((x) => x.includes('● live'), 20_000);
  s.keys('3');
  await s.waitFor((x) => x.includes('https-3'), 20_000);
  s.keys('d');
  const dialog = await s.waitFor((x) => x.includes('R send, revert in 5 min'), 20_000);
  const name = /deletes '([^']+)'/.exec(dialog)![1]!;
  s.keys('R');
  await s.waitFor((x) => x.includes('Apply, revert after'), 30_000);
  s.keys('BSpace', 'BSpace', ...time);
  s.keys('Enter');
  await s.waitFor((x) => /REVERT IN \d+:\d\d — C confirm/.test(x), 30_000);
  // the header counts down from the moment the revert is armed, before the change is sent:
  // the status line comes once the device has answered (keys before it reach the dialog)
  await s.waitFor((x) => x.includes('reverts by itself unless confirmed (C)'), 60_000);
  expect(await ruleNames()).not.toContain(name);
  return { s, dir, name };
}

describe.runIf(tmuxTests())('auto-revert from the console', () => {
  it('reverts after the console is killed with SIGKILL during the countdown', async () => {
    const { s, dir, name } = await deleteWithRevert('5m');
    const [entry] = reverts(dir);
    expect(await revertSavepoints()).toEqual([`pbc-revert-${entry!.id}`]);
    // the console: the node child of the pane's shell
    const pid = Number(
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(s.panePid())], { encoding: 'utf8' })
        .trim()
        .split('\n')[0],
    );
    process.kill(pid, 'SIGKILL');
    await until('the console is gone', () => s.status() !== null);
    // the countdown ends (the guard reads the expiry from the pending file)
    expireNow(dir, entry!.id);
    await until('the rule is back', async () => (await ruleNames()).includes(name), 90_000);
    await until('the revert is recorded', () => reverts(dir)[0]?.state === 'reverted');
    expect(await revertSavepoints()).toEqual([]);
  }, 150_000);

  it('C keeps the change and deletes the save-point', async () => {
    const { s, dir, name } = await deleteWithRevert('5m');
    s.keys('Escape');
    await s.waitFor((x) => !x.includes('— result'), 30_000);
    s.keys('C');
    await until('the revert is confirmed', () => reverts(dir)[0]?.state === 'confirmed');
    await s.waitFor((x) => !x.includes('REVERT IN'), 30_000);
    // the state turns 'confirmed' before the save-point's DELETE is sent; the status line
    // comes after that DELETE's answer
    await s.waitFor((x) => x.includes('the change stays'), 30_000);
    expect(await revertSavepoints()).toEqual([]);
    expect(await ruleNames()).not.toContain(name);
  }, 90_000);
});
