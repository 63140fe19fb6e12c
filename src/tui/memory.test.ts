import { describe, expect, it, vi } from 'vitest';
import { startMemoryPolicy } from './memory.js';

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
      expect(flags).toEqual(['--optimize-for-size']);
      vi.advanceTimersByTime(3000); // nothing changed: nothing set again
      expect(flags).toHaveLength(1);
      large = true; // a 65,536-rule table arrived
      vi.advanceTimersByTime(1000);
      expect(flags).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
      large = false;
      vi.advanceTimersByTime(1000);
      expect(flags.at(-1)).toBe('--optimize-for-size');
      stop();
      expect(flags.at(-1)).toBe('--no-optimize-for-size');
      vi.advanceTimersByTime(5000);
      expect(flags).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts in speed mode when the data set is already huge', () => {
    const flags: string[] = [];
    const stop = startMemoryPolicy({ large: () => true, setFlags: (f) => flags.push(f) });
    expect(flags).toEqual(['--no-optimize-for-size']);
    stop();
    expect(flags).toHaveLength(1);
  });
});
