import { describe, expect, it } from 'vitest';
import { FREE_FAILURES, LoginThrottle, MAX_DELAY_MS, TooManyLogins } from './login-throttle.js';

const held = (t: LoginThrottle, address: string): number | null => {
  try {
    t.check(address);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(TooManyLogins);
    return (e as TooManyLogins).retryAfterS;
  }
};

describe('LoginThrottle', () => {
  it('holds an address back after FREE_FAILURES failures, doubling up to the maximum', () => {
    let now = 1_000_000;
    const t = new LoginThrottle(() => now);
    for (let i = 0; i < FREE_FAILURES - 1; i++) t.failed('a');
    expect(held(t, 'a')).toBeNull();
    const delays: number[] = [];
    for (let i = 0; i < 6; i++) {
      t.failed('a');
      delays.push(held(t, 'a')!);
      now += 60_000; // the delay passes
      expect(held(t, 'a')).toBeNull();
    }
    expect(delays).toEqual([1, 2, 4, 8, 8, 8].map((s) => Math.min(s, MAX_DELAY_MS / 1000)));
    expect(held(t, 'b')).toBeNull();
    expect(t.failures('a')).toBe(FREE_FAILURES + 5);
    t.succeeded('a');
    expect(t.failures('a')).toBe(0);
  });
});
