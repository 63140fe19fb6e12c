/**
 * Journal rotation, with a small threshold instead of 10 MB: once the file has reached it,
 * the next line renames it `journal.1.jsonl` (replacing the one before) and begins a new
 * file, mode 0600; `entries()` reads both, an entry split across them included.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  JOURNAL_FILE,
  JOURNAL_OLD,
  JournalFile,
  type JournalOutcome,
  type JournalRequest,
} from './journal-file.js';

const request = (id: string): JournalRequest => ({
  type: 'request',
  id,
  time: '2024-01-01T00:00:00.000Z',
  device: 'http://127.0.0.1:1/rest',
  user: 'admin',
  operation: 'device.setName',
  request: { method: 'POST', path: '/device/name', query: { name: `name-${id}` } },
  before: { name: 'old' },
});
const outcome = (id: string): JournalOutcome => ({
  type: 'outcome',
  id,
  time: '2024-01-01T00:00:01.000Z',
  result: 'OK',
  after: { name: `name-${id}` },
});

const lines = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: string; type: string });
const mode = (path: string) => statSync(path).mode & 0o777;

describe('journal rotation', () => {
  it('renames the full file, begins a new one with mode 0600, and reads both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-rotate-'));
    const oneLine = Buffer.byteLength(`${JSON.stringify(request('aaaa'))}\n`);
    // full after the first entry's two lines, not after one
    const file = new JournalFile(dir, oneLine + 10);
    const current = join(dir, JOURNAL_FILE);
    const old = join(dir, JOURNAL_OLD);

    file.append(request('aaaa'));
    expect(existsSync(old)).toBe(false);
    file.append(outcome('aaaa'));
    expect(existsSync(old)).toBe(false);
    // the file has reached the threshold: this line goes to a new file
    file.append(request('bbbb'));
    expect(lines(old).map((l) => `${l.type} ${l.id}`)).toEqual(['request aaaa', 'outcome aaaa']);
    expect(lines(current).map((l) => `${l.type} ${l.id}`)).toEqual(['request bbbb']);
    expect(mode(current)).toBe(0o600);
    expect(mode(old)).toBe(0o600);

    // the request was written before the next rotation, its outcome after it
    file.append(outcome('bbbb'));
    const entries = file.entries();
    expect(entries.map((e) => [e.id, e.result, e.after])).toEqual([
      ['aaaa', 'OK', { name: 'name-aaaa' }],
      ['bbbb', 'OK', { name: 'name-bbbb' }],
    ]);

    // the next rotation replaces journal.1.jsonl: only two files are kept
    file.append(request('cccc'));
    expect(lines(old).map((l) => l.id)).toEqual(['bbbb', 'bbbb']);
    expect(lines(current).map((l) => l.id)).toEqual(['cccc']);
    expect(mode(current)).toBe(0o600);
    expect(file.entries().map((e) => [e.id, e.ended !== undefined])).toEqual([
      ['bbbb', true],
      ['cccc', false],
    ]);
  });

  it('does not rotate below the threshold (10 MB by default)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-rotate-'));
    const file = new JournalFile(dir);
    for (const id of ['a1', 'a2', 'a3']) {
      file.append(request(id));
      file.append(outcome(id));
    }
    expect(existsSync(join(dir, JOURNAL_OLD))).toBe(false);
    expect(file.entries().map((e) => e.id)).toEqual(['a1', 'a2', 'a3']);
  });
});
