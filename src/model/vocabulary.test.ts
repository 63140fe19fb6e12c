import { describe, expect, it } from 'vitest';
import { actionListKey } from './vocabulary.js';

describe('actionListKey', () => {
  it('gives every two lists different keys, and one plain action its own text', () => {
    const lists = [
      ['output:9'],
      ['output:9', 'drop'],
      ['["output:9","drop"]'],
      ['["output:9"'],
      ['output:1","output:2'],
      ['output:1', 'output:2'],
      [],
    ];
    const keys = lists.map(actionListKey);
    expect(new Set(keys).size).toBe(lists.length);
    expect(actionListKey(['output:9'])).toBe('output:9');
  });
});
