/**
 * The write hook receives the operation: the journal records the kind and the state the
 * operation itself gives (no route parsed back), the journal refuses a write sent outside the
 * executor (no kind is guessed from its route), and a rule write in the console reads the rule table once — the
 * poller's refresh — instead of three times (issue 28 item 6).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient, ruleQuery } from '../../src/api/index.js';
import { executePlan, operation, perform, run } from '../../src/ops/index.js';
import { entriesOf, installJournal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { ruleOps } from '../../src/ops/rules.js';
import { inverseOf } from '../../src/ops/undo.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { Poller } from '../../src/store/poller.js';
import { createConsoleStore } from '../../src/store/store.js';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 3 });
});
afterAll(() => sim.close());

/** A client with its own journal; `tableReads` counts GET /rules/all. */
function journaled() {
  const reads = { tableReads: 0 };
  const client = createClient({
    url: sim.url,
    onLog: (e) => {
      if (e.method === 'GET' && e.url.startsWith('/rules/all')) reads.tableReads++;
    },
  });
  const journal = installJournal(
    client,
    { device: sim.url },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-context-'))),
  );
  return { client, journal, reads };
}

const rule = (port: string) => ({
  priority: 700,
  match: { in_port: port },
  actions: ['output:2'],
  name: `r${port}`,
});
const onDevice = async (c: Client, port: string) =>
  (await c.rules.list()).rules.some((r) => r.priority === 700 && r.match.in_port === port);

const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

describe('the journal', () => {
  it('refuses a write outside the executor: nothing sent, nothing journaled', async () => {
    const { client, journal } = journaled();
    clients.push(client);
    await expect(client.rules.add(rule('11'))).rejects.toThrow(/write outside the executor/);
    expect(await onDevice(client, '11')).toBe(false);
    expect(entriesOf(journal.file)).toEqual([]);
  });

  it('lets the same write through the executor, journaled under its operation kind', async () => {
    const { client, journal } = journaled();
    clients.push(client);
    await perform({ client }, ruleOps.add(rule('12')));
    expect(await onDevice(client, '12')).toBe(true);
    const [entry] = entriesOf(journal.file);
    expect(entry?.operation).toBe('rules.add');
    expect(entry?.after).toEqual([expect.objectContaining({ name: 'r12' })]);
  });
});

describe('the journal takes the kind and the state from the operation', () => {
  it('records the kind the operation says, not the one its route would', async () => {
    const { client, journal } = journaled();
    clients.push(client);
    // POST /rules, but an operation of another kind that reads its state its own way
    const op = operation(
      'test.ownKind',
      { method: 'POST', path: '/rules', query: ruleQuery(rule('13')) },
      (c) => c.rules.add(rule('13')),
      [],
      { read: async (_c, _r, phase) => `read by the operation ${phase}` },
    );
    await run({ client }, (send) => send(op));
    const [entry] = entriesOf(journal.file);
    expect(entry?.operation).toBe('test.ownKind');
    expect(entry?.before).toBe('read by the operation before');
    expect(entry?.after).toBe('read by the operation after');
  });
});

describe('one read per write (the console: store and poller)', () => {
  it('a rule add reads the rule table once, and its entry still undoes it', async () => {
    const { client, journal, reads } = journaled();
    clients.push(client);
    const store = createConsoleStore();
    const poller = new Poller(client, store);
    try {
      await poller.refreshNow(['rules']); // what the Rules screen already holds
      reads.tableReads = 0;
      const result = await executePlan(
        { client, store, poller },
        { title: 'add', steps: [ruleOps.add(rule('14'))], notes: [], confirmWord: '' },
      );
      expect(result.ok).toBe(true);
      expect(reads.tableReads).toBe(1);
      const [entry] = entriesOf(journal.file);
      expect(entry?.before).toEqual([]);
      expect(entry?.after).toEqual([expect.objectContaining({ name: 'r14' })]);
      const back = inverseOf(entry!);
      expect(back.ok && back.steps.map((s) => s.kind)).toEqual(['rules.remove']);
    } finally {
      poller.stop();
    }
  });
});
