import { describe, expect, it } from 'vitest';
import { moveTo, selectedAt } from './selection.js';

describe('the Overview selection', () => {
  const ids = ['env:fan1', 'err:eth-0-3', 'busy:eth-0-1', 'rule:7'];

  it('is the item picked wherever it moved, else the start (the first port)', () => {
    expect(selectedAt(ids, 'busy:eth-0-1', 1)).toBe(2);
    expect(selectedAt(ids, 'err:eth-0-9', 1)).toBe(1);
    expect(selectedAt(ids, null, 1)).toBe(1);
  });

  it('moves by one and by pages of five, and stops at the ends', () => {
    expect(moveTo('down', 1, 4)).toBe(2);
    expect(moveTo('up', 0, 4)).toBe(0);
    expect(moveTo('pageDown', 1, 4)).toBe(3);
    expect(moveTo('pageUp', 3, 4)).toBe(0);
    expect(moveTo('home', 3, 4)).toBe(0);
    expect(moveTo('end', 0, 4)).toBe(3);
    expect(moveTo('end', 0, 0)).toBe(0);
  });
});
