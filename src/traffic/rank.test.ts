import { describe, expect, it } from 'vitest';
import { ruleRank } from './rank.js';

describe('rule rank', () => {
  it('puts the higher priority first, then the rule listed earlier', () => {
    expect(ruleRank(100, 5)).toBeLessThan(ruleRank(99, 0));
    expect(ruleRank(100, 1)).toBeLessThan(ruleRank(100, 2));
    expect(ruleRank(65535, 0xffffffff)).toBeLessThan(ruleRank(65534, 0));
  });
});
