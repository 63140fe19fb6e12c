/**
 * The setup of the `--revert-after` CLI test files (revert.test.ts, revert-confirm.test.ts):
 * one simulator per file, a state directory per test (newState), every guard a test started
 * killed afterwards. `s` and `stateDir` are live bindings: the current simulator and directory.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type CliSim, json, type RunOptions, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

export let s: CliSim;
export let stateDir: string;
const dirs: string[] = [];

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

export function newState(): string {
  stateDir = mkdtempSync(join(tmpdir(), 'pbc-revert-'));
  dirs.push(stateDir);
  return stateDir;
}

/** Kills every guard recorded in the state directories the tests used. */
afterEach(async () => {
  await s.control('/_sim/fault', { fail_rate: 0, fail_next: 0 });
  for (const d of dirs.splice(0)) {
    let reverts: { guardPid: number }[] = [];
    try {
      reverts = JSON.parse(readFileSync(join(d, 'pending.json'), 'utf8')).reverts;
    } catch {}
    for (const r of reverts)
      try {
        if (r.guardPid && r.guardPid !== process.pid) process.kill(r.guardPid, 'SIGKILL');
      } catch {}
  }
});

export const run = (args: string[], o: RunOptions = {}) =>
  s.run(args, { ...o, env: { PBC_STATE_DIR: stateDir, ...o.env } });

export async function ok(args: string[], o: RunOptions = {}) {
  const r = await run(args, o);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

export const RULE = ['--priority', '4242', '--match', 'in_port=5', '--actions', 'output:6'];
export const hasRule = async () =>
  json(await ok(['get', 'rules'])).some((r: { priority: number }) => r.priority === 4242);
export const revertSavepoints = async () =>
  json(await ok(['get', 'savepoints']))
    .rules.map((sp: { name: string }) => sp.name)
    .filter((n: string) => n.startsWith('pbc-revert-'));
// biome-ignore lint/suspicious/noExplicitAny: pending entries are inspected dynamically
export const pending = async (all = false): Promise<any[]> =>
  json(await ok(['pending', ...(all ? ['--all'] : []), '-o', 'json']));

// biome-ignore lint/suspicious/noExplicitAny: journal lines are inspected dynamically
export const journal = (): any[] => {
  try {
    return readFileSync(join(stateDir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  } catch {
    return [];
  }
};
