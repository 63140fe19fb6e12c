import { describe, expect, it } from 'vitest';
import { emptyLog, mergeLog, overlap } from './logbuffer.js';

const lines = (a: number, b: number) =>
  Array.from({ length: b - a }, (_, i) => `t${a + i} line ${a + i}`);

describe('log buffer', () => {
  it('appends only new lines when the device answers its whole window each time', () => {
    let buf = mergeLog(emptyLog(), lines(0, 5));
    buf = mergeLog(buf, lines(0, 8));
    expect(buf.lines).toEqual(lines(0, 8));
    expect(buf.appended).toBe(8);
    buf = mergeLog(buf, lines(0, 8));
    expect(buf.appended).toBe(8);
  });
  it('follows a sliding device window', () => {
    let buf = mergeLog(emptyLog(), lines(0, 100));
    buf = mergeLog(buf, lines(50, 150));
    expect(buf.lines).toEqual(lines(0, 150));
  });
  it('starts afresh after the device log was cleared', () => {
    let buf = mergeLog(emptyLog(), lines(0, 10));
    buf = mergeLog(buf, ['t99 weblog cleared by admin']);
    expect(buf.lines.slice(-1)).toEqual(['t99 weblog cleared by admin']);
    expect(buf.lines).toHaveLength(11);
  });
  it('stays bounded', () => {
    let buf = emptyLog();
    for (let i = 0; i < 30; i++) buf = mergeLog(buf, lines(i * 1000, i * 1000 + 1000), 10_000);
    expect(buf.lines).toHaveLength(10_000);
    expect(buf.lines.at(-1)).toBe('t29999 line 29999');
    expect(buf.appended).toBe(30_000);
  });
  it('computes the overlap from our tail', () => {
    expect(overlap(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(2);
    expect(overlap(['a', 'b'], ['x', 'y'])).toBe(0);
    expect(overlap([], ['x'])).toBe(0);
  });
});
