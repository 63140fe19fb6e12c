/**
 * A corrupt pending file is an error, never an empty list: `pbc pending` says so (exit 1),
 * the armed revert's guard keeps running, and once the file is repaired the change is
 * reverted at expiry as promised.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { alive, killGuards, operator, ruleArgs, until } from './revert-helpers.js';

let s: CliSim;
beforeAll(async () => {
  s = await startCliSim();
});
afterAll(() => s?.close());
afterEach(killGuards);

const hasRule = async (ok: (a: string[]) => Promise<{ stdout: string }>) =>
  // biome-ignore lint/suspicious/noExplicitAny: JSON output
  json((await ok(['get', 'rules', '-o', 'json'])) as any).some(
    (r: { priority: number }) => r.priority === 4343,
  );

describe('a corrupt pending.json', () => {
  it('is an error that keeps the guard, never an empty list', async () => {
    const a = operator(s);
    await a.ok([...ruleArgs('add', 4343, 3, 4, ''), '--revert-after', '4s']);
    const [entry] = a.file();
    const path = join(a.dir, 'pending.json');
    const good = readFileSync(path, 'utf8');
    writeFileSync(path, good.slice(0, Math.floor(good.length / 2)));
    const r = await a.run(['pending']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: pending: the pending auto-reverts file .*pending\.json is corrupt \(.*\): armed reverts are NOT cancelled, their guards keep running/,
    );
    // past its expiry, the guard still waits (it cannot tell whether a confirm came) …
    await until('the expiry has passed', () => Date.now() > entry.expiresAt + 1500);
    expect(alive(entry.guardPid)).toBe(true);
    expect(await hasRule(a.ok)).toBe(true);
    // … and reverts once the file is readable again
    writeFileSync(path, good);
    await until('the rule is reverted', async () => !(await hasRule(a.ok)));
    await until(
      'the entry says reverted',
      async () => (await a.pending())[0]?.state === 'reverted',
    );
  }, 90_000);
});
