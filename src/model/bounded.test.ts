import { describe, expect, it } from 'vitest';
import { rememberBounded, setBounded } from './bounded.js';

describe('setBounded', () => {
  it('keeps at most max entries: full, it starts again from the new one', () => {
    const map = new Map<string, number>();
    for (let i = 0; i < 3; i++) expect(setBounded(map, 3, `k${i}`, i)).toBe(i);
    expect([...map.keys()]).toEqual(['k0', 'k1', 'k2']);
    setBounded(map, 3, 'k3', 3);
    expect([...map.entries()]).toEqual([['k3', 3]]);
  });

  it('rememberBounded makes a value once per key, under the same bound', () => {
    const map = new Map<string, number[]>();
    let made = 0;
    const make = () => [++made];
    const a = rememberBounded(map, 2, 'a', make);
    expect(rememberBounded(map, 2, 'a', make)).toBe(a);
    rememberBounded(map, 2, 'b', make);
    rememberBounded(map, 2, 'c', make);
    expect([...map.keys()]).toEqual(['c']);
    expect(made).toBe(3);
  });
});
