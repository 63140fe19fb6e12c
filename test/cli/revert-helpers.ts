/**
 * Helpers of the auto-revert fault tests: an operator is a state directory (its own
 * pending file and journal) and HOME; every guard an operator started is killed afterwards.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { type PendingRevert, readPending } from '../../src/guard/pending.js';

export { expireNow } from '../harness/expire.js';

import { type CliSim, json, type RunOptions } from './helpers.js';

export interface Operator {
  dir: string;
  run(args: string[], o?: RunOptions): ReturnType<CliSim['run']>;
  ok(args: string[], o?: RunOptions): ReturnType<CliSim['run']>;
  // biome-ignore lint/suspicious/noExplicitAny: pending entries are inspected dynamically
  file(): any[];
  // biome-ignore lint/suspicious/noExplicitAny: pending entries are inspected dynamically
  pending(all?: boolean): Promise<any[]>;
}

const made: Operator[] = [];

export function operator(s: CliSim, env: Record<string, string> = {}): Operator {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-op-'));
  const run = (args: string[], o: RunOptions = {}) =>
    s.run(args, { ...o, env: { PBC_STATE_DIR: dir, HOME: dir, ...env, ...o.env } });
  const ok = async (args: string[], o: RunOptions = {}) => {
    const r = await run(args, o);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r;
  };
  const file = () => {
    try {
      return JSON.parse(readFileSync(join(dir, 'pending.json'), 'utf8')).reverts;
    } catch {
      return [];
    }
  };
  const pending = async (all = true) =>
    json(await ok(['pending', ...(all ? ['--all'] : []), '-o', 'json']));
  const op = { dir, run, ok, file, pending };
  made.push(op);
  return op;
}

/** Kills the guards of every operator made so far. */
export function killGuards(): void {
  for (const op of made.splice(0))
    for (const r of op.file() as { guardPid: number }[])
      try {
        if (r.guardPid && r.guardPid !== process.pid) process.kill(r.guardPid, 'SIGKILL');
      } catch {}
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` until it holds (bounded; the machine is shared). */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still not: ${what}`);
}

/** The entry `id` of the pending file in `dir`, read directly (no pbc process per poll). */
export const entryIn = (dir: string, id: string): PendingRevert | undefined =>
  readPending({ PBC_STATE_DIR: dir }).find((r) => r.id === id);

/** Waits until the guard has finished with entry `id` (neither pending nor reverting). */
export async function untilEnded(dir: string, id: string): Promise<void> {
  await until(`auto-revert ${id} has ended`, () => {
    const state = entryIn(dir, id)?.state;
    return state !== undefined && state !== 'pending' && state !== 'reverting';
  });
}

export const revertId = (stderr: string) => /auto-revert ([0-9a-f]{6})/.exec(stderr)?.[1] ?? '';

/** `rules add|set --priority P --match in_port=I --actions output:O [--name N]`. */
export function ruleArgs(
  verb: 'add' | 'set',
  priority: number,
  inPort: number,
  out: number,
  name: string,
) {
  return [
    'rules',
    verb,
    '--priority',
    String(priority),
    '--match',
    `in_port=${inPort}`,
    '--actions',
    `output:${out}`,
    ...(name ? ['--name', name] : []),
  ];
}
