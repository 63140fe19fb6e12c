import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exposition, escapeLabelValue, formatValue } from './exposition.js';

describe('exposition text', () => {
  it('writes a 64-bit counter as its exact decimal digits', () => {
    expect(formatValue(2n ** 64n - 1n)).toBe('18446744073709551615');
    expect(formatValue(2n ** 53n + 1n)).toBe('9007199254740993');
    expect(formatValue(0.25)).toBe('0.25');
    expect(formatValue(Number.NaN)).toBe('NaN');
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe('+Inf');
  });

  it('a larger counter never reads smaller, even through a float64 (as Prometheus parses it)', () => {
    fc.assert(
      // neighbours (a few counts apart, where float64 rounding bites) and far apart
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 5000n }),
        fc.bigInt({ min: 0n, max: 4096n }),
        (lo, d) => {
          const hi = lo + d;
          expect(Number.parseFloat(formatValue(lo))).toBeLessThanOrEqual(
            Number.parseFloat(formatValue(hi)),
          );
          expect(BigInt(formatValue(hi))).toBe(hi);
        },
      ),
    );
  });

  it('escapes label values: backslash, quote, line feed', () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
  });

  it('groups samples under one HELP and TYPE per family, in declaration order, none empty', () => {
    const e = new Exposition([
      { name: 'x_total', type: 'counter', help: 'X.' },
      { name: 'unused', type: 'gauge', help: 'never' },
      { name: 'y', type: 'gauge', help: 'Y.' },
    ]);
    e.add('y', { device: 'b' }, 2);
    e.add('x_total', { device: 'a', port: 'eth-0-1' }, 5n);
    e.add('x_total', { device: 'b', port: 'eth-0-1' }, 6n);
    expect(e.text()).toBe(
      [
        '# HELP x_total X.',
        '# TYPE x_total counter',
        'x_total{device="a",port="eth-0-1"} 5',
        'x_total{device="b",port="eth-0-1"} 6',
        '# HELP y Y.',
        '# TYPE y gauge',
        'y{device="b"} 2',
        '',
      ].join('\n'),
    );
    expect(() => e.add('nope', {}, 1)).toThrow(/undeclared/);
  });
});
