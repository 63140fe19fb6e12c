/**
 * `pbc journal` and `pbc undo` on the simulator: undo puts the device back (GET before and
 * after), refuses when read-only, says so when no inverse exists, and stops when the device
 * has changed since unless forced.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
const state = mkdtempSync(join(tmpdir(), 'pbc-undo-cli-'));
const run = (args: string[], env: Record<string, string> = {}) =>
  s.run(args, { env: { PBC_STATE_DIR: state, ...env } });
const ok = async (args: string[]) => {
  const r = await run(args);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
};
const RULE = ['--priority', '77', '--match', 'in_port=6', '--match', 'udp'];
const rules = async () =>
  json(await ok(['get', 'rules', '-o', 'json'])).map(
    (r: { priority: number; match: unknown; actions: string[] }) => [
      r.priority,
      r.match,
      r.actions,
    ],
  );
const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

describe('pbc undo', () => {
  it('undoes the latest change: the rule list is as before', async () => {
    const before = await rules();
    await ok(['rules', 'add', ...RULE, '--actions', 'output:2']);
    expect(await rules()).not.toEqual(before);
    const r = await ok(['undo', '--yes', '-o', 'json']);
    expect(json(r)).toMatchObject({ result: 'OK', requests: ['DELETE /rules → OK'] });
    expect(await rules()).toEqual(before);
  }, 60_000);

  it('undoes a given entry; the undo is in the journal too', async () => {
    await ok(['rules', 'add', ...RULE, '--actions', 'output:2']);
    const added = json(await ok(['journal', '-o', 'json']))[0];
    expect(Object.keys(added)).toEqual([
      'id',
      'time',
      'device',
      'user',
      'operation',
      'request',
      'before',
      'result',
    ]);
    expect(added).toMatchObject({ device: s.url, operation: 'rules.add', before: [] });
    await ok(['rules', 'set', ...RULE, '--actions', 'output:3', '--yes']);
    const before = await rules();
    await ok(['device', 'name', 'pb-undo-x']);
    const set = json(await ok(['journal', '-o', 'json']))[1];
    expect(set.operation).toBe('rules.modify');
    await ok(['undo', set.id, '--yes']);
    expect(await rules()).not.toEqual(before);
    expect((await rules()).find((r: unknown[]) => r[0] === 77)[2]).toEqual(['output:2']);
    const latest = json(await ok(['journal', '-o', 'json']))[0];
    expect(latest).toMatchObject({ operation: 'rules.modify', result: { result: 'OK' } });
    const table = (await ok(['journal', '-o', 'table'])).stdout;
    expect(table).toContain(`(undo of ${set.id})`);
  }, 60_000);

  it('stops when the device has changed since, unless --force', async () => {
    await ok(['rules', 'add', '--priority', '78', '--match', 'in_port=7', '--actions', 'output:2']);
    const id = json(await ok(['journal', '-o', 'json']))[0].id;
    // someone else changes the same rule (a journal of their own)
    const other = mkdtempSync(join(tmpdir(), 'pbc-undo-other-'));
    await s.run(
      [
        'rules',
        'set',
        '--priority',
        '78',
        '--match',
        'in_port=7',
        '--actions',
        'output:4',
        '--yes',
      ],
      { env: { PBC_STATE_DIR: other } },
    );
    const sent = await writes();
    const r = await run(['undo', id, '--yes']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: undo: refusing to undo [0-9a-f]{8}: the device has changed since this change: .+ \(check it, then pass --force with --yes to undo anyway; nothing was changed\)$/,
    );
    expect(await writes()).toBe(sent);
    await ok(['undo', id, '--yes', '--force']);
    expect((await rules()).some((r: unknown[]) => r[0] === 78)).toBe(false);
  }, 60_000);

  it('says so when a change has no inverse', async () => {
    await ok(['log', 'clear', '--yes']);
    const sent = await writes();
    const r = await run(['undo', '--yes']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: undo: cannot undo [0-9a-f]{8} \(logs\.clear\): a cleared log cannot be put back \(nothing was sent\)$/,
    );
    expect(await writes()).toBe(sent);
  }, 60_000);

  it('--readonly refuses undo before anything is sent', async () => {
    await ok(['device', 'name', 'pb-ro']);
    const sent = await writes();
    const r = await run(['--readonly', 'undo', '--yes']);
    expect(r.code).toBe(2);
    expect(oneErrorLine(r)).toMatch(/read-only/);
    expect(await writes()).toBe(sent);
    expect(json(await ok(['get', 'name'])).name).toBe('pb-ro');
  }, 60_000);

  it('an unknown entry is one clear line', async () => {
    const r = await run(['undo', 'deadbeef', '--yes']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(/no journal entry deadbeef \(pbc journal lists them\)/);
  }, 60_000);
});
