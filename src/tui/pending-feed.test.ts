/**
 * One reading of the pending file a second for the whole console: the header's auto-revert
 * mark and the status line's guard outcomes see the same entries, and the file is read once
 * per tick however many parts of the console show it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingEntry as entry } from '../../test/harness/pending-entry.js';
import { type PendingRevert, readPending } from '../guard/pending.js';
import { createPendingFeed, readPendingFile } from './pending-feed.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A feed over a list the test changes, counting the reads. */
function feedOver(list: PendingRevert[][]) {
  let reads = 0;
  const feed = createPendingFeed({
    read: () => {
      reads++;
      return { list: list[0] ?? [], corrupt: false };
    },
  });
  return { feed, reads: () => reads };
}

describe('the pending file, read once a second for the console', () => {
  it('is read once per tick, whatever the number of readers', () => {
    const { feed, reads } = feedOver([[entry({})]]);
    expect(feed.get().list.map((r) => r.id)).toEqual(['abc123']);
    const off = [feed.subscribe(() => {}), feed.subscribe(() => {}), feed.subscribe(() => {})];
    const before = reads();
    vi.advanceTimersByTime(3000);
    expect(reads() - before).toBe(3);
    for (const o of off) o();
    // nobody listens: the file is no longer read
    vi.advanceTimersByTime(5000);
    expect(reads() - before).toBe(3);
  });

  it('tells its readers only of a changed file, and all of them the same reading', () => {
    const lists: PendingRevert[][] = [[entry({})]];
    const { feed } = feedOver(lists);
    const first = feed.get();
    const seen: unknown[][] = [[], []];
    const offs = seen.map((s) => feed.subscribe(() => s.push(feed.get())));
    vi.advanceTimersByTime(2000);
    // unchanged: no call, and the same object (no commit for nothing)
    expect(seen).toEqual([[], []]);
    expect(feed.get()).toBe(first);
    lists[0] = [entry({ state: 'reverted', updatedAt: 20 })];
    vi.advanceTimersByTime(1000);
    expect(seen[0]).toHaveLength(1);
    expect(seen[0]?.[0]).toBe(seen[1]?.[0]);
    expect(feed.get().list[0]?.state).toBe('reverted');
    for (const o of offs) o();
  });
});

describe('one reading of the file', () => {
  let dir: string;
  const env = () => ({ PBC_STATE_DIR: dir });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pbc-pending-feed-'));
  });

  it('is empty with no file, the entries with one, and "corrupt" (not empty) for a bad one', () => {
    const read = () => readPending(env());
    expect(readPendingFile(read)).toEqual({ list: [], corrupt: false });
    writeFileSync(join(dir, 'pending.json'), JSON.stringify({ reverts: [entry({})] }));
    expect(readPendingFile(read).list.map((r) => r.id)).toEqual(['abc123']);
    writeFileSync(join(dir, 'pending.json'), '{"reverts": [');
    expect(readPendingFile(read)).toEqual({ list: [], corrupt: true });
  });
});
