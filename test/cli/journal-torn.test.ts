/**
 * A journal whose last line was torn (a crash mid-write, a cut file): the next write's line
 * is not glued onto it (it would be lost, and "undo my latest change" would then pick an
 * older, unrelated change), and undo refuses to guess while a torn line lies after the
 * change it would undo.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

function newState() {
  const dir = mkdtempSync(join(tmpdir(), 'pbc-torn-'));
  const run = (args: string[]) => s.run(args, { env: { PBC_STATE_DIR: dir } });
  const ok = async (args: string[]) => {
    const r = await run(args);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r;
  };
  /** Cuts the journal's last line in the middle: no trailing newline. */
  const tear = () => {
    const path = join(dir, 'journal.jsonl');
    const text = readFileSync(path, 'utf8');
    const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
    writeFileSync(path, text.slice(0, lastStart + Math.floor((text.length - lastStart) / 2)));
  };
  return { run, ok, tear };
}

const add = (priority: number, port: number) => [
  'rules',
  'add',
  '--priority',
  String(priority),
  '--match',
  `in_port=${port}`,
  '--actions',
  'output:8',
];
const priorities = async (ok: (a: string[]) => Promise<unknown>) =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON output
  (json((await ok(['get', 'rules', '-o', 'json'])) as any) as { priority: number }[]).map(
    (r) => r.priority,
  );

describe('a torn journal', () => {
  it('keeps the next write readable: undo acts on that write, not an older change', async () => {
    const { ok, tear } = newState();
    await ok(add(3101, 1)); // an older, unrelated change
    await ok(add(3102, 2));
    tear(); // 3102's outcome line cut, no trailing newline
    await ok(add(3103, 3)); // the next write
    const r = json(await ok(['undo', '--yes', '-o', 'json']));
    expect(r.requests).toEqual(['DELETE /rules → OK']);
    const left = await priorities(ok);
    expect(left).not.toContain(3103); // the latest change was undone…
    expect(left).toContain(3101); // …and the older one left alone
    expect(left).toContain(3102);
    // the journal still lists the write after the torn line
    const listed = json(await ok(['journal', '-o', 'json']));
    expect(
      listed.some(
        (e: { request: { query: { priority: number } } }) =>
          String(e.request.query?.priority) === '3103',
      ),
    ).toBe(true);
    await ok(['rules', 'rm', '--priority', '3101', '--match', 'in_port=1', '--yes']);
    await ok(['rules', 'rm', '--priority', '3102', '--match', 'in_port=2', '--yes']);
  }, 90_000);

  it('undo refuses while a torn line lies after the change it would undo, sending nothing', async () => {
    const { run, ok, tear } = newState();
    await ok(add(3201, 4));
    await ok(add(3202, 5));
    tear();
    const writes = (await s.control('/_sim/status')).writes;
    const r = await run(['undo', '--yes']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: undo: refusing to undo: line \d+ of the journal .*journal\.jsonl cannot be read \(torn or edited\) and comes after [0-9a-f]{8} \(rules\.add\): a later change may be recorded there/,
    );
    expect((await s.control('/_sim/status')).writes).toBe(writes);
    expect(await priorities(ok)).toEqual(expect.arrayContaining([3201, 3202]));
    await ok(['rules', 'rm', '--priority', '3201', '--match', 'in_port=4', '--yes']);
    await ok(['rules', 'rm', '--priority', '3202', '--match', 'in_port=5', '--yes']);
  }, 90_000);
});
