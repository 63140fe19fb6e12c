/**
 * pbc run in the test's process (in-process.ts, what most of test/cli uses) prints exactly
 * what the built pbc prints, with the same exit code, for a sample of every command family:
 * reads, usage errors, refused writes, stdin, the journal, authentication, files. Live
 * counters move between the two runs: their numbers are compared as '#'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Result, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: ReturnType<typeof inProcess>;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

/** Numbers (counters, rates, pids, times; "24.0K" too) as '#', and the padding they set. */
const live = (text: string) => text.replace(/\d[\d.]*[KMGT]?/g, '#').replace(/ +/g, ' ');
const digits = (r: Result): Result => ({
  code: r.code,
  stdout: live(r.stdout),
  stderr: live(r.stderr),
});

const BAD_CONFIG = 'rules:\n  - priority: not-a-number\n';

const SAMPLE: { args: string[]; input?: string; env?: Record<string, string>; live?: boolean }[] = [
  { args: ['--version'] },
  { args: ['nosuch'] },
  { args: ['get', 'nonsense'] },
  { args: ['get', 'uac'] },
  { args: ['get', 'rules', '-o', 'table'], live: true },
  { args: ['get', 'device', '-o', 'yaml'], live: true },
  { args: ['rules', 'add', '--priority', 'x', '--actions', 'drop'] },
  { args: ['uac', 'on'] },
  { args: ['journal'] },
  { args: ['pending'] },
  { args: ['fleets'] },
  { args: ['export'], live: true },
  { args: ['validate', '-f', '-'], input: BAD_CONFIG },
  { args: ['diff', '-f', '-'], input: BAD_CONFIG },
  { args: ['tools', 'check', '-f', '-'], input: 'nonsense: [' },
  { args: ['get', 'uac'], env: { PBC_USER: 'admin', PBC_PASSWORD: 'wrong' } },
];

/** Taken, then given back: run as a pair by each (the pid and times differ). */
const LOCK_PAIR = [['lock', '--reason', 'x'], ['unlock']];

describe('pbc in process', () => {
  it('prints what the built pbc prints, with its exit code', async () => {
    for (const { args, input, env, live } of SAMPLE) {
      const o = { ...(input === undefined ? {} : { input }), ...(env ? { env } : {}) };
      const built = await s.spawn(args, o);
      const inside = await s.run(args, o);
      const name = `pbc ${args.join(' ')}`;
      expect(built.code, `${name}: ${built.stderr}`).not.toBe(-1);
      if (live) expect(digits(inside), name).toEqual(digits(built));
      else expect(inside, name).toEqual(built);
    }
  }, 120_000);

  it('takes and gives back the lock as the built pbc does', async () => {
    const built = [await s.spawn(LOCK_PAIR[0]!), await s.spawn(LOCK_PAIR[1]!)];
    const inside = [await s.run(LOCK_PAIR[0]!), await s.run(LOCK_PAIR[1]!)];
    expect(built.map((r) => r.code)).toEqual([0, 0]);
    expect(inside.map(digits)).toEqual(built.map(digits));
  });
});
