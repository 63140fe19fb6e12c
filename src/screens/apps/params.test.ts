/** A number parameter's range comes from the app's help text; other text sets none. */
import { describe, expect, it } from 'vitest';
import { paramField } from './params.js';
import type { AppParam } from './types.js';

const numberParam = (help: string): AppParam => ['n', 'N', 'number', help, 'true', '1'];

describe('paramField: the documented range of a number', () => {
  it.each([
    ['Seconds between polls, 16..1024', 16, 1024],
    ['Stratum announced when serving time, 1..15', 1, 15],
    ['Port number 1–65535', 1, 65535],
    ['Bytes kept 64 .. 65535 per packet', 64, 65535],
  ])('%s → %i–%i', (help, min, max) => {
    const f = paramField(numberParam(help), undefined);
    expect(f.kind).toBe('number');
    expect([f.min, f.max]).toEqual([min, max]);
  });

  it('no range in the help: no limit (the device alone checks)', () => {
    for (const help of ['Seconds between polls', 'at most 3 retries', '']) {
      const f = paramField(numberParam(help), undefined);
      expect(f.min).toBeUndefined();
      expect(f.max).toBeUndefined();
    }
  });

  it('a range in the help of a text field limits nothing', () => {
    const f = paramField(['t', 'T', 'text', 'ports 1..8', 'true', ''], undefined);
    expect(f.kind).toBe('text');
    expect(f.min).toBeUndefined();
  });
});
