import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { normalizeRuleList, normalizeRuleListInSlices } from './normalize-rules.js';
import { MAP_AT_ONCE, mapInSlices } from './slices.js';

describe('mapInSlices', () => {
  it('maps like Array.map, pausing between slices only for long lists (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer(), { maxLength: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        async (items, atOnce, size) => {
          let pauses = 0;
          const pause = async () => {
            pauses++;
          };
          const out = await mapInSlices(items, (v, i) => `${i}:${v}`, { atOnce, size, pause });
          expect(out).toEqual(items.map((v, i) => `${i}:${v}`));
          expect(pauses).toBe(items.length <= atOnce ? 0 : Math.ceil(items.length / size) - 1);
        },
      ),
    );
  });
});

describe('normalizeRuleListInSlices', () => {
  const wire = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      cookie: (1n << 60n) + BigInt(i),
      name: `r${i}`,
      priority: String(100 + (i % 9)),
      match: { in_port: String(i % 28), tcp: null },
      actions: 'output:2,3',
      n_packets: 'n/a',
      n_bytes: 2n ** 64n - 1n,
      datarate_raw: i % 2 ? 'n/a' : 1.5,
      real_flow_ct: i % 3,
    }));

  it('gives what normalizeRuleList gives, for a bare array and {rules, used_flows}', async () => {
    const rules = wire(MAP_AT_ONCE + 1500);
    expect(await normalizeRuleListInSlices(rules)).toEqual(normalizeRuleList(rules));
    const answer = { rules, used_flows: 7 };
    const list = await normalizeRuleListInSlices(answer);
    expect(list).toEqual(normalizeRuleList(answer));
    expect(list.used_flows).toBe(7);
    expect(list.rules[MAP_AT_ONCE + 1499]?.cookie).toBe((1n << 60n) + BigInt(MAP_AT_ONCE + 1499));
  });

  it('fails on the same rule with the same message', async () => {
    const rules: unknown[] = wire(MAP_AT_ONCE + 1500);
    rules[MAP_AT_ONCE + 700] = { cookie: 'x', priority: 1 };
    const want = (() => {
      try {
        normalizeRuleList({ rules });
      } catch (e) {
        return e;
      }
    })();
    expect(want).toBeInstanceOf(ParseError);
    await expect(normalizeRuleListInSlices({ rules })).rejects.toThrow((want as Error).message);
    expect((want as Error).message).toContain(`rules[${MAP_AT_ONCE + 700}].cookie`);
  });
});
