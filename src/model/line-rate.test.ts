import { describe, expect, it } from 'vitest';
import { lineRateBps } from './line-rate.js';

describe('line rate', () => {
  it('reads the speed vocabulary, with the setting in parentheses after it', () => {
    expect(lineRateBps('10G (auto)')).toBe(10e9);
    expect(lineRateBps('1000 (1000)')).toBe(1e9);
    expect(lineRateBps('100')).toBe(100e6);
    expect(lineRateBps('40G')).toBe(40e9);
    expect(lineRateBps('100G (100G)')).toBe(100e9);
  });
  it('has none for a port that is down, negotiating or unknown', () => {
    expect(lineRateBps('- (auto)')).toBeNull();
    expect(lineRateBps('auto')).toBeNull();
    expect(lineRateBps('–')).toBeNull();
    expect(lineRateBps(undefined)).toBeNull();
    expect(lineRateBps('0')).toBeNull();
  });
});
