import { execFileSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FLAGS, LARGE_FLAGS, SIZE_FLAGS, startMemoryPolicy } from './memory.js';

describe('the memory policy', () => {
  it('optimizes for size unless the console holds a huge data set, and leaves V8 as it found it', () => {
    vi.useFakeTimers();
    try {
      let large = false;
      const flags: string[] = [];
      const stop = startMemoryPolicy({
        large: () => large,
        everyMs: 1000,
        setFlags: (f) => flags.push(f),
      });
      expect(flags).toEqual([SIZE_FLAGS]);
      vi.advanceTimersByTime(3000); // nothing changed: nothing set again
      expect(flags).toHaveLength(1);
      large = true; // a 65,536-rule table arrived
      vi.advanceTimersByTime(1000);
      expect(flags).toEqual([SIZE_FLAGS, LARGE_FLAGS]);
      large = false;
      vi.advanceTimersByTime(1000);
      expect(flags.at(-1)).toBe(SIZE_FLAGS);
      stop();
      expect(flags.at(-1)).toBe(DEFAULT_FLAGS);
      vi.advanceTimersByTime(5000);
      expect(flags).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts in speed mode, its heap growth capped, when the data set is already huge', () => {
    const flags: string[] = [];
    const stop = startMemoryPolicy({ large: () => true, setFlags: (f) => flags.push(f) });
    expect(flags).toEqual([LARGE_FLAGS]);
    stop();
    expect(flags).toEqual([LARGE_FLAGS, DEFAULT_FLAGS]);
  });

  it('the flags of each mode are flags this V8 takes', () => {
    // v8.setFlagsFromString ignores what it does not know: `node --v8-options` must list them
    const known = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of `${SIZE_FLAGS} ${LARGE_FLAGS}`.split(' '))
      expect(known).toContain(`  --${flag.replace(/^--(no-)?/, '').replace(/=.*/, '')} `);
  });
});
