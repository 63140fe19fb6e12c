import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalFile } from '../../ops/journal-file.js';
import { lastChanges } from './last-change.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const request = (id: string, device: string, time: string, operation: string) =>
  ({
    type: 'request',
    id,
    time,
    device,
    user: 'admin',
    operation,
    request: { method: 'POST', path: '/rules' },
  }) as const;

describe('LAST CHANGE: the newest journal entry of each device', () => {
  it('is per device, the newest one, as HH:MM operation; none for a device without entries', () => {
    dir = mkdtempSync(join(tmpdir(), 'pbc-last-change-'));
    const file = new JournalFile(dir);
    const a = 'http://192.0.2.10/rest';
    const b = 'http://192.0.2.11/rest';
    file.append(request('00000001', a, '2026-11-27T09:15:02.000Z', 'rules.add'));
    file.append(request('00000002', b, '2026-11-27T09:20:00.000Z', 'users.set'));
    file.append(request('00000003', a, '2026-11-27T10:42:59.000Z', 'ports.set'));
    const changes = lastChanges(file, [a, b, 'http://192.0.2.12/rest']);
    expect([...changes]).toEqual([
      [a, '10:42 ports.set'],
      [b, '09:20 users.set'],
    ]);
    // the journal keys devices by URL without credentials or a trailing slash
    expect(lastChanges(file, ['http://admin:pw@192.0.2.10/rest/']).values().next().value).toBe(
      '10:42 ports.set',
    );
  });

  it('an empty or missing journal: no last change for anyone', () => {
    dir = mkdtempSync(join(tmpdir(), 'pbc-last-change-'));
    expect(lastChanges(new JournalFile(join(dir, 'none')), ['http://a/rest']).size).toBe(0);
  });
});
