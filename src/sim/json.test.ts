import { describe, expect, it } from 'vitest';
import { parseBody, stringify } from './json.js';

describe('sim json', () => {
  it('writes bigint as an exact JSON number', () => {
    expect(stringify({ cookie: 1152921504606846978n, n: 1 })).toBe(
      '{"cookie":1152921504606846978,"n":1}',
    );
  });
  it('does not let a string pose as a marked number', () => {
    const s = stringify({ name: '\uE000123\uE000' });
    expect(JSON.parse(s).name).toBe('\uFFFD123\uFFFD');
  });
  it('keeps integers beyond 2^53 from a body exactly', () => {
    expect(parseBody('{"cookie":1152921504606846979,"p":5}')).toEqual({
      cookie: '1152921504606846979',
      p: 5,
    });
  });
});
