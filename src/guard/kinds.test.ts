/**
 * Issue 28, "no route→kind table": every write carries its operation's kind to the journal and
 * to the pending file. Arming an auto-revert keeps each revert and cleanup write with its kind,
 * the guard sends them as those kinds and the journal records them so; an entry armed by an
 * older pbc (bare requests, no kinds) fails loudly and sends nothing — no kind is guessed from
 * a route. In process, on the simulator: the guard runs here (runGuard), not detached.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Client, createClient } from '../api/index.js';
import { installJournal } from '../ops/journal.js';
import { JournalFile } from '../ops/journal-file.js';
import { perform } from '../ops/perform.js';
import { revertPlanOf } from '../ops/revert/plans.js';
import { ruleOps } from '../ops/rules.js';
import { type SimServer, startSim } from '../sim/server.js';
import { arm } from './arm.js';
import { runGuard } from './guard.js';
import { readPending, transition, updatePending } from './pending.js';

let sim: SimServer;
let client: Client;
let env: NodeJS.ProcessEnv;
let dir: string;
/** Stands in for `pbc revert-guard ID`: takes the credentials on stdin and exits. */
let stub: string;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5 });
  stub = join(mkdtempSync(join(tmpdir(), 'pbc-kinds-stub-')), 'guard-stub.mjs');
  writeFileSync(stub, "process.stdin.resume(); process.stdin.on('end', () => process.exit(0));\n");
});
afterAll(() => sim?.close());

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pbc-kinds-'));
  env = { PBC_STATE_DIR: dir };
  // the guard's journal (a JournalFile of the state directory) is found through the environment
  vi.stubEnv('PBC_STATE_DIR', dir);
  client = createClient({ url: sim.url });
  installJournal(client, { device: sim.url }, new JournalFile(dir));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await client.close();
});

const RULE = { priority: 4343, match: { in_port: '5' }, actions: ['output:6'], name: 'kinds' };
const hasRule = async () => (await client.rules.list()).rules.some((r) => r.priority === 4343);
const journalLines = () => new JournalFile(dir).entries();
const FAST = { pollMs: 10, retryMs: 10, giveUpMs: 1000 };

describe('the pending file keeps each write with its operation kind', () => {
  it('arming records kinds; the guard reverts by them, journaled under those kinds', async () => {
    const op = ruleOps.add(RULE);
    const armed = await arm({
      client,
      options: { url: sim.url },
      what: 'rules add (kinds)',
      afterMs: 600_000,
      plan: revertPlanOf(op),
      entry: stub,
      env,
    });
    await perform({ client }, op);
    await armed.started();
    const [entry] = readPending(env);
    const name = `pbc-revert-${armed.id}`;
    expect(entry?.revert).toEqual([
      {
        kind: 'savepoints.activate',
        request: { method: 'PUT', path: '/savepoints/activerulesavepoint', query: { name } },
      },
      {
        kind: 'savepoints.remove',
        request: { method: 'DELETE', path: '/savepoints/rulesavepoint', query: { name } },
      },
    ]);
    expect(entry?.cleanup.map((w) => w.kind)).toEqual(['savepoints.remove']);
    // the change itself: journaled under the kind its operation says
    expect(journalLines().map((e) => e.operation)).toEqual(['savepoints.create', 'rules.add']);

    transition(armed.id, 'pending', 'pending', { expiresAt: Date.now() }, env);
    expect(await runGuard(armed.id, { options: { url: sim.url } }, { env, timing: FAST })).toBe(
      'reverted',
    );
    expect(await hasRule()).toBe(false);
    const reverts = journalLines().filter((e) => e.revertOf === armed.id);
    expect(reverts.map((e) => [e.operation, e.error])).toEqual([
      ['savepoints.activate', undefined],
      ['savepoints.remove', undefined],
    ]);
  });

  it('an entry armed by an older pbc (requests without kinds) fails loudly: nothing sent', async () => {
    await perform({ client }, ruleOps.add(RULE));
    const now = Date.now();
    updatePending((list) => {
      list.push({
        id: 'a1d000',
        device: sim.url,
        what: 'rules add (armed by an older pbc)',
        createdAt: now,
        expiresAt: now,
        // what an older pbc wrote: bare requests
        revert: [
          { method: 'DELETE', path: '/rules', query: { priority: 4343, match: { in_port: '5' } } },
        ] as never,
        cleanup: [],
        state: 'pending',
        guardPid: process.pid,
        updatedAt: now,
      });
    }, env);
    const writes = journalLines().length;
    expect(await runGuard('a1d000', { options: { url: sim.url } }, { env, timing: FAST })).toBe(
      'failed',
    );
    expect(readPending(env)[0]?.detail).toMatch(
      /armed by an older pbc: its 1 revert request\(s\) carry no operation kind, so none was sent/,
    );
    expect(await hasRule()).toBe(true);
    expect(journalLines()).toHaveLength(writes);
  });
});
