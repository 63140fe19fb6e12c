/**
 * Description = request, for every operation: each builder of every table in
 * OPERATION_TABLES is called with sample arguments (awkward ones included), sent through a
 * real client to a device that records what arrives, and the recorded request must equal
 * the operation's `request` — the one its confirmation shows. A builder without samples
 * fails here, so no new operation skips the check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../src/api/index.js';
import { secretsIn } from '../../src/api/mask.js';
import {
  describeRequest,
  OPERATION_KINDS,
  OPERATION_TABLES,
  type Operation,
} from '../../src/ops/index.js';
import { type RecordingDevice, startRecordingDevice } from './recording-device.js';
import { SAMPLES } from './samples.js';
import { deviceAnswer } from './samples-devices.js';

/** A query value as it travels: text; nothing for null, undefined or an empty object/list. */
function travelled(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) {
    const items = v.map(travelled).filter((x) => x !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v)
      .map(([k, x]) => [k, travelled(x)] as const)
      .filter(([, x]) => x !== undefined);
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  }
  return String(v);
}

/** JSON values compared exactly: integers (number or bigint) by their digits, nothing rounded. */
function exact(v: unknown): unknown {
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))
    return { integer: String(v) };
  if (Array.isArray(v)) return v.map(exact);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, exact(x)]));
  return v;
}

type Builder = (...args: unknown[]) => Operation;
const families = Object.entries(OPERATION_TABLES) as [string, Record<string, Builder>][];
const samplesOf = (family: string, builder: string): unknown[][] | undefined =>
  (SAMPLES as unknown as Record<string, Record<string, unknown[][]> | undefined>)[family]?.[
    builder
  ];

let device: RecordingDevice;
let client: Client;
beforeAll(async () => {
  device = await startRecordingDevice({ answer: deviceAnswer });
  client = device.client();
});
afterAll(() => device.close());

describe('every operation has samples', () => {
  for (const [family, table] of families)
    for (const builder of Object.keys(table))
      it(`${family}.${builder} has sample arguments`, () => {
        expect(samplesOf(family, builder)?.length ?? 0).toBeGreaterThan(0);
      });

  it('no sample names a builder that does not exist', () => {
    const tables = OPERATION_TABLES as unknown as Record<string, Record<string, unknown>>;
    for (const [family, builders] of Object.entries(SAMPLES))
      for (const builder of Object.keys(builders))
        expect(tables[family]?.[builder], `${family}.${builder}`).toBeTypeOf('function');
  });
});

describe('what an operation describes is what the transport sends', () => {
  for (const [family, table] of families)
    for (const [builder, build] of Object.entries(table))
      for (const [n, args] of (samplesOf(family, builder) ?? []).entries())
        it(`${family}.${builder} #${n + 1}`, async () => {
          const op = build(...args);
          // its kind is one the kind tables know, of the endpoint it writes to (the journal
          // records this kind; a rule save-point is `savepoints.create`, a port one `…Ports`)
          expect(OPERATION_KINDS[op.kind]?.route, op.kind).toBe(
            `${op.request.method} ${op.request.path}`,
          );
          const before = device.requests.length;
          await op.send(client);
          const sent = device.requests.slice(before);
          expect(sent).toHaveLength(1);
          const got = sent[0]!;
          expect(`${got.method} ${got.path}`).toBe(`${op.request.method} ${op.request.path}`);
          expect(travelled(got.query) ?? {}).toEqual(travelled(op.request.query) ?? {});
          if (op.request.json === undefined) expect(got.body).toBe('');
          else {
            expect(got.contentType).toMatch(/^application\/json/);
            expect(exact(got.json)).toEqual(exact(op.request.json));
          }
          // the confirmation shows that request, and no secret it carries
          const shown = op.describe();
          expect(shown).toEqual(describeRequest(op.request));
          for (const secret of [...secretsIn(op.request.query), ...secretsIn(op.request.json)])
            if (secret.length >= 3) expect(shown.join(' ')).not.toContain(secret);
        });
});

describe('describeRequest', () => {
  it('masks secrets in the query and the JSON body', () => {
    const [line, params] = describeRequest({
      method: 'PUT',
      path: '/users',
      query: { username: 'bob', password: 'Hunter22' },
      json: { ssl_password: 'Sslpw123', nested: { secret: 'Radius99' } },
    });
    expect(line).toBe('PUT /users');
    expect(params).toBe(
      'username=bob password=*** {"ssl_password":"***","nested":{"secret":"***"}}',
    );
  });

  it('keeps a value holding & or = one value, quoted when it holds spaces', () => {
    expect(
      describeRequest({ method: 'POST', path: '/rules', query: { name: 'a&b=c', d: 'x y' } })[1],
    ).toBe('name=a&b=c d="x y"');
  });
});
