/**
 * `pbc apply -f` journals its writes as one batch: the rule table (the state a rule write
 * touches) is read once before the first write and once after the last, not twice per
 * write — per write, an apply of 4,096 rules read the growing table 8,192 times. Each write
 * still has its own entry, with its state before (the batch's start) and after (its end),
 * and can be undone on its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { applyDesired } from '../../src/ops/desired/apply.js';
import type { DesiredRule } from '../../src/ops/desired/types.js';
import { run } from '../../src/ops/execute.js';
import { entriesOf, installJournal, type Journal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { inverseOf } from '../../src/ops/undo.js';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let c: Client;
let journal: Journal;
let tableReads = 0;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5 });
  c = createClient({ url: sim.url });
  const list = c.rules.list.bind(c.rules);
  c.rules.list = () => {
    tableReads++;
    return list();
  };
  journal = installJournal(
    c,
    { device: sim.url, user: 'admin' },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-batch-'))),
  );
});
afterAll(async () => {
  await c?.close();
  await sim?.close();
});

const rule = (i: number): DesiredRule => ({
  priority: 20000 + i,
  match: { in_port: '3', udp: '', udp_dst: String(5000 + i) },
  actions: ['output:9'],
  name: `batch-${i}`,
});

describe('an apply journals as one batch', () => {
  it('reads the rule table a fixed number of times however many rules it adds', async () => {
    const rules = Array.from({ length: 24 }, (_, i) => rule(i));
    tableReads = 0;
    const { report } = await applyDesired(c, { rules });
    expect(report).toMatchObject({ ok: true, done: 24 });
    // the plan's own read, the batch's before, the batch's after — not 2 per write
    expect(tableReads).toBeLessThanOrEqual(4);

    const entries = entriesOf(journal.file).filter((e) => e.operation === 'rules.add');
    expect(entries).toHaveLength(24);
    const batches = new Set(entries.map((e) => e.batch));
    expect(batches.size).toBe(1);
    expect([...batches][0]).toMatch(/^[0-9a-f]{8}$/);
    for (const e of entries) {
      expect(e.before).toEqual([]);
      const name = (e.request.query as { name: string }).name;
      // after: the rule as the device lists it once the batch ended
      expect(e.after).toMatchObject([{ name, actions: ['output:9'] }]);
    }
  });

  it('each write of the batch is undone on its own', async () => {
    const e = entriesOf(journal.file).find(
      (x) =>
        x.operation === 'rules.add' && (x.request.query as { name: string }).name === 'batch-7',
    )!;
    const inverse = inverseOf(e);
    expect(inverse.ok).toBe(true);
    if (!inverse.ok) return;
    expect(inverse.steps).toHaveLength(1);
    for (const op of inverse.steps) await run({ client: c }, (send) => send(op));
    const names = (await c.rules.list()).rules.map((r) => r.name);
    expect(names).not.toContain('batch-7');
    expect(names).toContain('batch-8');
  });
});
