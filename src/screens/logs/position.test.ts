import { describe, expect, it } from 'vitest';
import { positionText } from './position.js';

describe('the Logs position in words', () => {
  it('says paused plainly: how far up, and new lines below, never "0 up"', () => {
    expect(positionText(false, 0, 1)).toBe(' · paused · 1 new line below (f follows)');
    expect(positionText(false, 0, 0)).toBe(' · paused (f follows)');
    expect(positionText(false, 3, 12)).toBe(
      ' · paused 3 lines up · 12 new lines below (f follows)',
    );
    expect(positionText(true, 0, 0)).toBe(' · following');
    expect(positionText(true, 5, 0)).toBe(' · following from 5 up');
  });
});
