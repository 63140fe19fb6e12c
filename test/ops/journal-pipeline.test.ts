/**
 * No write skips the journal: every operation pbc builds (each builder of OPERATION_TABLES
 * with its samples), sent by the executor through a journaled client, makes exactly one
 * journal entry, of the operation's own kind — so a new operation fails here until it has
 * samples. Every write method of the client (the api's own list of them) called directly,
 * outside the executor, is refused: nothing sent, nothing journaled (no kind is guessed from
 * a route). Secrets in the samples never reach the file.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWriteMethods } from '../../src/api/index.js';
import { secretsIn } from '../../src/api/mask.js';
import { OPERATION_TABLES, type Operation, run } from '../../src/ops/index.js';
import { entriesOf, installJournal, type Journal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { type RecordingDevice, startRecordingDevice } from './recording-device.js';
import { SAMPLES } from './samples.js';
import { deviceAnswer } from './samples-devices.js';

let device: RecordingDevice;
let journal: Journal;
let client: ReturnType<RecordingDevice['client']>;
beforeAll(async () => {
  device = await startRecordingDevice({ answer: deviceAnswer });
  client = device.client();
  journal = installJournal(
    client,
    { device: 'http://device/rest' },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-pipeline-'))),
  );
});
afterAll(() => device.close());

const count = () => entriesOf(journal.file).length;

const writesSent = () => device.requests.filter((r) => r.method !== 'GET').length;

/** Sends `op` by the executor: the journal gains exactly one entry, of its kind, for its request. */
async function oneEntry(what: string, op: Operation) {
  const send = () => run({ client }, (s) => s(op));
  const before = count();
  const writesBefore = writesSent();
  await send().catch(() => {}); // the answer's shape does not matter here
  const writes = device.requests.filter((r) => r.method !== 'GET').slice(writesBefore);
  const added = entriesOf(journal.file).slice(0, count() - before);
  expect(writes.length, `${what}: writes sent`).toBe(1);
  expect(added.length, `${what}: journal entries`).toBe(1);
  expect(added[0]!.operation, `${what}: the journal keeps its kind`).toBe(op.kind);
  expect(`${added[0]!.request.method} ${added[0]!.request.path}`).toBe(
    `${writes[0]!.method} ${writes[0]!.path}`,
  );
}

describe('every write is journaled once', () => {
  it('every write method of the client, called outside the executor, is refused: nothing sent', async () => {
    const methods = listWriteMethods(client);
    expect(methods.length).toBeGreaterThan(40);
    for (const m of methods) {
      const [entries, writes] = [count(), writesSent()];
      await expect(m.invoke(), m.name).rejects.toThrow(/write outside the executor/);
      expect(writesSent(), `${m.name}: writes sent`).toBe(writes);
      expect(count(), `${m.name}: journal entries`).toBe(entries);
    }
  });

  type Builder = (...args: unknown[]) => Operation;
  const secrets: string[] = [];
  it('every operation the console builds', async () => {
    for (const [family, table] of Object.entries(OPERATION_TABLES) as [
      string,
      Record<string, Builder>,
    ][])
      for (const [name, build] of Object.entries(table)) {
        const samples = (SAMPLES as unknown as Record<string, Record<string, unknown[][]>>)[
          family
        ]![name]!;
        for (const args of samples) {
          const op = build(...args);
          secrets.push(...secretsIn(op.request.query), ...secretsIn(op.request.json));
          await oneEntry(`${family}.${name}`, op);
        }
      }
  });

  it('keeps none of the secrets the samples carry', () => {
    expect(secrets.length).toBeGreaterThan(0);
    const text = readFileSync(journal.file.path, 'utf8');
    for (const s of secrets.filter((x) => x.length >= 3)) expect(text).not.toContain(s);
  });
});
