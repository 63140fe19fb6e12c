/**
 * No write skips the journal: every write method of the client (the api's own list of them)
 * and every operation the console builds (each builder of OPERATION_TABLES with its samples),
 * sent through a journaled client, makes exactly one journal entry, of a kind the journal
 * knows (a route with its state reader, src/ops/journal-routes.ts) — so a new write endpoint
 * or operation fails here until it has one. Secrets in the samples never reach the file.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listWriteMethods } from '../../src/api/index.js';
import { secretsIn } from '../../src/api/mask.js';
import { OPERATION_TABLES, type Operation } from '../../src/ops/index.js';
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

/** Sends `send`; the journal must gain exactly one entry, of a known kind, for that request. */
async function oneEntry(what: string, send: () => Promise<unknown>) {
  const before = count();
  const writesBefore = device.requests.filter((r) => r.method !== 'GET').length;
  await send().catch(() => {}); // the answer's shape does not matter here
  const writes = device.requests.filter((r) => r.method !== 'GET').slice(writesBefore);
  const added = entriesOf(journal.file).slice(0, count() - before);
  expect(writes.length, `${what}: writes sent`).toBe(1);
  expect(added.length, `${what}: journal entries`).toBe(1);
  expect(added[0]!.operation, `${what}: the journal knows its kind`).not.toBe('other');
  expect(`${added[0]!.request.method} ${added[0]!.request.path}`).toBe(
    `${writes[0]!.method} ${writes[0]!.path}`,
  );
}

describe('every write is journaled once', () => {
  it('every write method of the client', async () => {
    const methods = listWriteMethods(client);
    expect(methods.length).toBeGreaterThan(40);
    for (const m of methods) await oneEntry(m.name, m.invoke);
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
          await oneEntry(`${family}.${name}`, () => op.send(client));
        }
      }
  });

  it('keeps none of the secrets the samples carry', () => {
    expect(secrets.length).toBeGreaterThan(0);
    const text = readFileSync(journal.file.path, 'utf8');
    for (const s of secrets.filter((x) => x.length >= 3)) expect(text).not.toContain(s);
  });
});
