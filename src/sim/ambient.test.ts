import { describe, expect, it } from 'vitest';
import { ambientLog } from './ambient.js';
import { SimState } from './state.js';

describe('ambient log', () => {
  it('adds each event once, in time order, at the same instants for the same seed', () => {
    let now = 1_000_000;
    const make = () => {
      const s = new SimState({ seed: 3, now: () => now });
      s.log.beforeAppend = () => ambientLog(s);
      return s;
    };
    const a = make();
    const b = make();
    now += 60_000;
    ambientLog(a);
    a.log.append('rules: a change');
    b.log.append('rules: a change');
    const lines = a.log.all();
    expect(lines.length).toBeGreaterThan(3);
    expect(new Set(lines).size).toBe(lines.length);
    expect([...lines].sort()).toEqual(lines);
    expect(b.log.all()).toEqual(lines);
  });
});
