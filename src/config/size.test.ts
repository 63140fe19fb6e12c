import { describe, expect, it } from 'vitest';
import { parseSize } from './size.js';

describe('parseSize', () => {
  it('reads bytes and K/M/G as powers of 1024', () => {
    expect(parseSize('67108864', '--x')).toBe(64 * 1024 ** 2);
    expect(parseSize('64MiB', '--x')).toBe(64 * 1024 ** 2);
    expect(parseSize('64m', '--x')).toBe(64 * 1024 ** 2);
    expect(parseSize('128 MB', '--x')).toBe(128 * 1024 ** 2);
    expect(parseSize('512k', '--x')).toBe(512 * 1024);
    expect(parseSize('0.25G', '--x')).toBe(256 * 1024 ** 2);
  });

  it('refuses nonsense and sizes outside 1 KiB..256 MiB with one line', () => {
    for (const bad of ['', 'lots', '-5', '12 parsecs', '10', '1TiB', '300M'])
      expect(() => parseSize(bad, '--max-answer-size')).toThrow(
        /^--max-answer-size must be a size from 1KiB to 256MiB, e\.g\. 64MiB or 128M, got '/,
      );
  });
});
