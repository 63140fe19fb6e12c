/**
 * The change pipeline, from the CLI: every command that writes (each one the command tree
 * declares neither a read nor local, src/commands/safety.ts) makes exactly one journal
 * entry per write it sends, with the state before, and no secret reaches the journal file.
 * A write command added without an invocation in writes.ts fails the first test.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';
import {
  NEW_PASSWORD,
  PASSWORD,
  RADIUS_SECRET,
  SSL_PASSWORD,
  writeCommands,
  writeInvocations,
} from './writes.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-journal-cli-'));
const state = join(dir, 'state');
const journalPath = join(state, 'journal.jsonl');
const WRITES = writeInvocations(dir);

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

const run = (args: string[], input?: string) =>
  s.run(args, { env: { PBC_STATE_DIR: state }, ...(input === undefined ? {} : { input }) });

// biome-ignore lint/suspicious/noExplicitAny: journal lines are inspected dynamically
const lines = (): any[] => {
  let text = '';
  try {
    text = readFileSync(journalPath, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
};
const requests = () => lines().filter((l) => l.type === 'request');

const writesOnDevice = async (): Promise<number> => (await s.control('/_sim/status')).writes;

describe('the change journal of the CLI', () => {
  it('does not send a write whose entry cannot be written, and says why', async () => {
    // A file where the state directory should be: the directory cannot be made.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const sent = await writesOnDevice();
    const r = await s.run(['device', 'name', 'pb-never'], {
      env: { PBC_STATE_DIR: join(blocked, 'state') },
    });
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: device name: not sent: the change journal .+journal\.jsonl cannot be written \(.+\) \(fix .+PBC_STATE_DIR.+\)$/,
    );
    expect(await writesOnDevice()).toBe(sent);
    expect(json(await s.run(['get', 'name'])).name).not.toBe('pb-never');
  });

  it('every write command makes exactly one journal entry for its one write', async () => {
    const covered = new Set(WRITES.map(([p]) => p));
    expect(
      writeCommands().filter((p) => !covered.has(p)),
      'write commands without an invocation in WRITES',
    ).toEqual([]);
    let pid = '';
    for (const [path, args, operation, input] of WRITES) {
      const argv = args.map((a) => (a === '<pid>' ? pid : a));
      const before = requests().length;
      const sent = await writesOnDevice();
      const r = await run(argv, input);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
      expect(await writesOnDevice(), `${path}: writes reaching the device`).toBe(sent + 1);
      const added = requests().slice(before);
      expect(
        added.map((e) => e.operation),
        `${path}: journal entries`,
      ).toEqual([operation]);
      const entry = added[0];
      expect(entry.device).toBe(s.url);
      expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
      const outcome = lines().find((l) => l.type === 'outcome' && l.id === entry.id);
      expect(outcome, `${path}: outcome line`).toBeDefined();
      expect(outcome.error, `${path}: ${outcome.error}`).toBeUndefined();
      if (path === 'apps start') pid = String(json(await s.run(['get', 'running']))[0].pid);
    }
  }, 300_000);

  it('records the state before and after a change', () => {
    const set = requests().find((e) => e.operation === 'rules.modify');
    expect(set.before).toEqual([
      expect.objectContaining({ priority: 300, match: { in_port: '2' }, actions: ['output:3'] }),
    ]);
    const outcome = lines().find((l) => l.type === 'outcome' && l.id === set.id);
    expect(outcome.after).toEqual([expect.objectContaining({ actions: ['output:4'] })]);
    const port = requests().find((e) => e.operation === 'ports.setConfig');
    expect(port.before).toMatchObject({ if_name: 'eth-0-3', shutdown: false });
  });

  it('keeps no secret: passwords, the RADIUS secret and the SSL password read ***', () => {
    const text = readFileSync(journalPath, 'utf8');
    for (const secret of [PASSWORD, NEW_PASSWORD, RADIUS_SECRET, SSL_PASSWORD])
      expect(text).not.toContain(secret);
    const radius = requests().find((e) => e.operation === 'users.setRadius');
    expect(radius.request.json.secret).toBe('***');
  });

  it('is readable by its owner only (file 0600, directory 0700)', () => {
    expect(statSync(journalPath).mode & 0o777).toBe(0o600);
    expect(statSync(state).mode & 0o777).toBe(0o700);
  });
});
