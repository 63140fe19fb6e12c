import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FLAGS, LARGE_FLAGS, SIZE_FLAGS, startMemoryPolicy } from './memory.js';

describe('the memory policy', () => {
  it('optimizes for size unless the console holds a huge data set, and leaves V8 as it found it', () => {
    vi.useFakeTimers();
    try {
      let large = false;
      const flags: string[] = [];
      // each full collection, with the flags in force when it ran
      const collections: string[] = [];
      const stop = startMemoryPolicy({
        large: () => large,
        everyMs: 1000,
        setFlags: (f) => flags.push(f),
        collect: () => collections.push(flags.at(-1) ?? ''),
      });
      expect(flags).toEqual([SIZE_FLAGS]);
      vi.advanceTimersByTime(3000); // nothing changed: nothing set again
      expect(flags).toHaveLength(1);
      expect(collections).toEqual([]);
      large = true; // a 65,536-rule table arrived
      vi.advanceTimersByTime(1000);
      expect(flags).toEqual([SIZE_FLAGS, LARGE_FLAGS]);
      // one collection, after the capped growth is in force: V8's next limit is set under it
      expect(collections).toEqual([LARGE_FLAGS]);
      vi.advanceTimersByTime(5000); // still huge: no other collection
      expect(collections).toHaveLength(1);
      large = false;
      vi.advanceTimersByTime(1000);
      expect(flags.at(-1)).toBe(SIZE_FLAGS);
      expect(collections).toHaveLength(1);
      stop();
      expect(flags.at(-1)).toBe(DEFAULT_FLAGS);
      vi.advanceTimersByTime(5000);
      expect(flags).toHaveLength(4);
      expect(collections).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts in speed mode, its heap growth capped, when the data set is already huge', () => {
    const flags: string[] = [];
    let collections = 0;
    const stop = startMemoryPolicy({
      large: () => true,
      setFlags: (f) => flags.push(f),
      collect: () => collections++,
    });
    expect(flags).toEqual([LARGE_FLAGS]);
    // the answer was read before the policy started, under V8's own growth: limit set again
    expect(collections).toBe(1);
    stop();
    expect(flags).toEqual([LARGE_FLAGS, DEFAULT_FLAGS]);
  });

  it("entering the huge-table mode collects this process's garbage at once", async () => {
    let garbage: object | undefined = { rules: new Array(1000).fill('rule') };
    const ref = new WeakRef(garbage);
    garbage = undefined;
    // (a WeakRef holds its target until the end of the job that made or read it)
    const nextJob = () => new Promise((resolve) => setTimeout(resolve, 0));
    await nextJob();
    expect(ref.deref()).toBeDefined(); // not collected yet: nothing has asked for a full collection
    await nextJob();
    const stop = startMemoryPolicy({ large: () => true, setFlags: () => {} });
    stop();
    expect(ref.deref()).toBeUndefined();
  });

  it('the flags of each mode are flags this V8 takes', () => {
    // v8.setFlagsFromString ignores what it does not know: `node --v8-options` must list them
    const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of `${SIZE_FLAGS} ${LARGE_FLAGS}`.split(' '))
      expect(known).toContain(`  --${flag.replace(/^--(no-)?/, '').replace(/=.*/, '')} `);
  });
});
