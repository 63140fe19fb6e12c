import { describe, expect, it } from 'vitest';
import { formatCountdown, formatDuration, parseDuration } from './duration.js';

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and mixes', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1m30s')).toBe(90_000);
    expect(parseDuration('1h')).toBe(3_600_000);
    expect(parseDuration(' 2S ')).toBe(2000);
  });
  it('refuses bare numbers, junk, zero and more than a day with one line', () => {
    for (const bad of ['30', '', 'm', '5x', '1s30m', '-5s', '0s', '25h'])
      expect(() => parseDuration(bad), bad).toThrow(/--revert-after/);
  });
});

describe('formatCountdown / formatDuration', () => {
  it('shows m:ss and h:mm:ss, rounding up', () => {
    expect(formatCountdown(252_000)).toBe('4:12');
    expect(formatCountdown(4_001)).toBe('0:05');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
    expect(formatCountdown(-5)).toBe('0:00');
  });
  it('writes durations back as they are typed', () => {
    expect(formatDuration(300_000)).toBe('5m');
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(45_000)).toBe('45s');
  });
});
