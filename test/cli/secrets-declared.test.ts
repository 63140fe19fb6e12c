/**
 * Secrets are the parameters declared secret per operation and per app (src/api/secrets.ts),
 * not names that look like passwords: an SNMP community given to `apps start snmp` never
 * reaches the journal, pending.json (a revert would have to keep it: refused), the output or
 * an error — it was stored in clear in the journal and pending.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

const COMMUNITY = 'Zq9-community-Secret';
const NEXT = 'Wx7-next-community';
let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s.close());

const state = (name: string) => {
  const path = join(process.env.PBC_STATE_DIR!, name);
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
};

describe('declared secrets', () => {
  it('an SNMP community is kept out of the journal, pending.json and the output', async () => {
    const r = await s.run(['apps', 'start', 'snmp', '--param', `community=${COMMUNITY}`, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    // read back: hidden unless asked for
    const masked = await s.run(['get', 'running', '-o', 'json']);
    expect(masked.stdout).not.toContain(COMMUNITY);
    const shown = JSON.parse(masked.stdout).find((a: { name: string }) => a.name === 'snmp');
    expect(shown.params.community).toBe('********');
    const asked = await s.run(['get', 'running', '-o', 'json', '--show-secrets']);
    const running = JSON.parse(asked.stdout);
    const snmp = running.find((a: { name: string }) => a.name === 'snmp');
    // the device did get it
    expect(snmp.params.community).toBe(COMMUNITY);
    // changed with a timer: the revert (PUT /apps with the old community) waits in pending.json
    const set = await s.run([
      'apps',
      'set',
      String(snmp.pid),
      '--param',
      `community=${NEXT}`,
      '--revert-after',
      '10m',
      '--yes',
    ]);
    // pbc keeps no secret, so it cannot send the old community back: refused, nothing kept
    expect(set.code).not.toBe(0);
    expect(set.stderr).toMatch(/setting it back would send a secret/);
    const plain = await s.run([
      'apps',
      'set',
      String(snmp.pid),
      '--param',
      `community=${NEXT}`,
      '--yes',
    ]);
    expect(plain.code, plain.stderr).toBe(0);
    for (const text of [r.stdout, r.stderr, set.stdout, set.stderr, plain.stdout, plain.stderr]) {
      expect(text).not.toContain(COMMUNITY);
      expect(text).not.toContain(NEXT);
    }
    const journal = state('journal.jsonl');
    expect(journal).toContain('"path":"/apps"');
    expect(journal).toContain('"community":"***"');
    expect(journal).not.toContain(COMMUNITY);
    expect(journal).not.toContain(NEXT);
    const pending = state('pending.json');
    expect(pending).not.toContain(COMMUNITY);
    expect(pending).not.toContain(NEXT);
  });

  it('and out of an error the device echoes', async () => {
    // a second SNMP instance is refused (single instance); the device's error may quote the request
    const r = await s.run(['apps', 'start', 'snmp', '--param', `community=${COMMUNITY}`, '--yes']);
    expect(r.stdout + r.stderr).not.toContain(COMMUNITY);
    expect(state('journal.jsonl')).not.toContain(COMMUNITY);
  });
});
