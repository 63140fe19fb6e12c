/**
 * A revert the account could not complete is known when it is armed, not at expiry: a
 * WRITE user's apply of a file that sets the boot save-point (SUPER to set back) is refused
 * off a terminal (exit 2, nothing sent) unless --accept-partial-revert; with it, the boot
 * step is refused by the device (exit 1), and at expiry the revert sets back exactly what
 * the apply changed (the two rules) — no step for the boot save-point it never changed —
 * and leaves no pbc-revert save-point.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import { expireNow, killGuards, operator, revertId, untilEnded } from './revert-helpers.js';

let s: CliSim;
const WRITER = { PBC_USER: 'writer', PBC_PASSWORD: 'writer-pw' };

beforeAll(async () => {
  s = inProcess(await startCliSim());
  const admin = operator(s);
  await admin.ok(['savepoint', 'create', 'spA']);
  await admin.ok(['users', 'add', 'writer', '--level', 'write', '--password-stdin', '--yes'], {
    input: 'writer-pw\n',
  });
  await admin.ok(['uac', 'on', '--yes']);
});
afterAll(() => s?.close());
afterEach(killGuards);

const FILE = `rules:
  - { priority: 3301, name: half-1, match: { in_port: 5 }, actions: [ output:6 ] }
  - { priority: 3302, name: half-2, match: { in_port: 6 }, actions: [ output:7 ] }
boot_savepoint: spA
`;

const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

describe('--revert-after by an account that may not send all of the revert', () => {
  it('is refused before anything is sent, or accepted with --accept-partial-revert and reverted exactly', async () => {
    const w = operator(s, WRITER);
    const file = join(w.dir, 'half.yaml');
    writeFileSync(file, FILE);
    const before = await writes();
    const refused = await w.run(['apply', '-f', file, '--yes', '--revert-after', '5m']);
    expect(refused.code).toBe(2);
    expect(oneErrorLine(refused)).toMatch(
      /the auto-revert would be incomplete: setting the boot save-point back \(PUT \/savepoints\/defaultrulesavepoint\) needs SUPER; 'writer' has WRITE .*--accept-partial-revert.*nothing was sent/,
    );
    expect(await writes()).toBe(before);
    expect(w.file()).toEqual([]);

    const r = await w.run([
      'apply',
      '-f',
      file,
      '--yes',
      '--revert-after',
      '5m',
      '--accept-partial-revert',
    ]);
    expect(r.code, r.stderr).toBe(1); // the boot step: 403
    const id = revertId(r.stderr);
    expect(id).not.toBe('');
    const names = async () =>
      json(await w.ok(['get', 'rules', '-o', 'json'])).map((x: { name: string }) => x.name);
    expect(await names()).toEqual(expect.arrayContaining(['half-1', 'half-2']));
    expireNow(w.dir, id);
    await untilEnded(w.dir, id);
    const entry = (await w.pending()).find((x: { id: string }) => x.id === id);
    expect(entry).toMatchObject({ state: 'reverted', detail: null });
    expect(await names()).not.toContain('half-1');
    expect(await names()).not.toContain('half-2');
    const sps = json(await w.ok(['get', 'savepoints', '-o', 'json']));
    expect(
      sps.rules
        .map((sp: { name: string }) => sp.name)
        .filter((n: string) => n.startsWith('pbc-revert-')),
    ).toEqual([]);
    // the boot save-point, never changed, was never sent back
    const sent = readFileSync(join(w.dir, 'journal.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter(
        (e: { type: string; revertOf?: string }) => e.type === 'request' && e.revertOf === id,
      );
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((e: { request: { path: string } }) => e.request.path)).not.toContain(
      '/savepoints/defaultrulesavepoint',
    );
  }, 120_000);
});
