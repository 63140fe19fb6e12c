import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseExposition } from '../../test/ops/exposition-parse.js';
import { type MetricDef, ScrapeRegistry, sampleValue } from './registry.js';

const DEFS: MetricDef[] = [
  { name: 'x_total', type: 'counter', help: 'X.', labels: ['device', 'port'] },
  { name: 'unused', type: 'gauge', help: 'never', labels: ['device'] },
  { name: 'y', type: 'gauge', help: 'Y.', labels: ['device'] },
];

/** The value prom-client writes for one counter sample, as text. */
async function written(v: bigint): Promise<string> {
  const r = new ScrapeRegistry(DEFS);
  r.add('x_total', { device: 'a', port: 'p' }, v);
  return parseExposition(await r.registry().metrics()).samples[0]!.value;
}

describe('one scrape as a prom-client registry', () => {
  it('64-bit counters: exact up to 2^53, then the nearest float64; never smaller for a larger counter', async () => {
    // a counter walking across 2^53 one count at a time
    let before = -1;
    for (let v = 2n ** 53n - 4n; v <= 2n ** 53n + 8n; v++) {
      const text = await written(v);
      const value = Number.parseFloat(text);
      if (v <= 2n ** 53n) expect(BigInt(text)).toBe(v);
      expect(value).toBe(Number(v));
      expect(value).toBeGreaterThanOrEqual(before);
      before = value;
    }
    expect(await written(2n ** 64n - 1n)).toBe(String(2 ** 64));
  });

  it('monotone over the whole 64-bit range, neighbours and far apart (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 64n - 5000n }),
        fc.bigInt({ min: 0n, max: 4096n }),
        (lo, d) => {
          expect(sampleValue(lo)).toBeLessThanOrEqual(sampleValue(lo + d));
          const n = lo + d;
          const v = sampleValue(n);
          if (n <= 2n ** 53n) {
            expect(BigInt(v)).toBe(n);
            return;
          }
          // rounding to nearest: neither neighbouring float64 is closer to the counter
          const err = (x: number) => {
            const e = BigInt(x) - n;
            return e < 0n ? -e : e;
          };
          expect(err(v)).toBeLessThanOrEqual(err(nextUp(v)));
          expect(err(v)).toBeLessThanOrEqual(err(nextDown(v)));
        },
      ),
    );
  });

  it('HELP and TYPE per family in catalogue order, labels escaped, families without samples left out', async () => {
    const r = new ScrapeRegistry(DEFS);
    r.add('y', { device: 'b' }, 2);
    r.add('x_total', { device: 'a', port: 'eth-0-1' }, 5n);
    r.add('x_total', { device: 'b', port: 'q"\\\nz' }, 6n);
    const reg = r.registry();
    const p = parseExposition(await reg.metrics());
    expect([...p.types]).toEqual([
      ['x_total', 'counter'],
      ['y', 'gauge'],
    ]);
    expect(p.helps.get('x_total')).toBe('X.');
    expect(p.samples).toEqual([
      { name: 'x_total', labels: { device: 'a', port: 'eth-0-1' }, value: '5' },
      { name: 'x_total', labels: { device: 'b', port: 'q"\\\nz' }, value: '6' },
      { name: 'y', labels: { device: 'b' }, value: '2' },
    ]);
    expect(reg.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('a fresh registry per scrape: nothing of an earlier scrape is left', async () => {
    const first = new ScrapeRegistry(DEFS);
    first.add('y', { device: 'gone' }, 1);
    await first.registry().metrics();
    const second = new ScrapeRegistry(DEFS);
    second.add('y', { device: 'here' }, 1);
    const p = parseExposition(await second.registry().metrics());
    expect(p.samples.map((s) => s.labels.device)).toEqual(['here']);
  });

  it('refuses an undeclared metric, a missing label and a label it does not know', () => {
    const r = new ScrapeRegistry(DEFS);
    expect(() => r.add('nope', { device: 'a' }, 1)).toThrow(/undeclared/);
    expect(() => r.add('x_total', { device: 'a' }, 1n)).toThrow(/label 'port' missing/);
    expect(() => r.add('y', { device: 'a', extra: 'x' }, 1)).toThrow(/extra/);
  });
});

function nextUp(x: number): number {
  const b = new BigInt64Array(new Float64Array([x]).buffer);
  b[0]! += 1n;
  return new Float64Array(b.buffer)[0]!;
}

function nextDown(x: number): number {
  const b = new BigInt64Array(new Float64Array([x]).buffer);
  b[0]! -= 1n;
  return new Float64Array(b.buffer)[0]!;
}
