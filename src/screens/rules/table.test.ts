import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../model/index.js';
import { cookieIs, filterRows, ruleRows, sortRows, winnerAt } from './table.js';

const rule = (i: number, name: string): Rule => ({
  cookie: BigInt(i),
  name,
  description: i % 3 === 0 ? 'Web Tap' : '',
  priority: 100 + (i % 5),
  match:
    i % 2 ? { in_port: String(i), tcp: '', tcp_dst: String(1000 + i) } : { in_port: String(i) },
  actions: [`output:${i}`],
  n_packets: BigInt(i * 7),
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: 1,
});

describe('rules table', () => {
  it('sorts by priority (high first) then name', () => {
    const rows = sortRows(ruleRows([rule(1, 'b'), rule(6, 'a'), rule(3, 'z')]), 0, false);
    expect(rows.map((r) => `${r.rule.priority}:${r.rule.name}`)).toEqual([
      '103:z',
      '101:a',
      '101:b',
    ]);
  });

  it('filters over every column, case-insensitively, keeping the order', () => {
    const rows = sortRows(
      ruleRows(Array.from({ length: 30 }, (_, i) => rule(i, `r${i}`))),
      0,
      false,
    );
    expect(filterRows(rows, 'WEB').every((r) => r.rule.description === 'Web Tap')).toBe(true);
    expect(filterRows(rows, 'tcp_dst=1029').map((r) => r.rule.name)).toEqual(['r29']);
    expect(filterRows(rows, '  ')).toBe(rows);
    expect(filterRows(rows, 'nothing-like-this')).toEqual([]);
  });

  it('two lists filtered in turn each find their own rows (one index is kept, the last)', () => {
    const a = ruleRows([rule(1, 'alpha'), rule(2, 'beta')]);
    const b = ruleRows([rule(3, 'gamma'), rule(4, 'alphabet')]);
    for (let i = 0; i < 3; i++) {
      expect(filterRows(a, 'alpha').map((r) => r.rule.name)).toEqual(['alpha']);
      expect(filterRows(b, 'alpha').map((r) => r.rule.name)).toEqual(['alphabet']);
    }
  });

  it('finds exactly the rows a plain substring test finds (property)', () => {
    const names = fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 25 });
    fc.assert(
      fc.property(names, fc.string({ maxLength: 3 }), (ns, f) => {
        const rows = ruleRows(ns.map((n, i) => rule(i, n)));
        const want = f.trim()
          ? rows.filter((r) => r.search.includes(f.trim().toLowerCase()))
          : rows;
        expect(filterRows(rows, f)).toEqual(want);
      }),
    );
  });
});

describe('picking a rule by cookie and by a trace', () => {
  it('a cookie typed in decimal or hex matches exactly, all 64 bits', () => {
    expect(cookieIs(18446744073709551615n, '18446744073709551615')).toBe(true);
    expect(cookieIs(18446744073709551615n, '0xFFFFFFFFFFFFFFFF')).toBe(true);
    expect(cookieIs(18446744073709551615n, '18446744073709551614')).toBe(false);
    expect(cookieIs(12n, 'web')).toBe(false);
  });

  it("a trace's winning rule is found by identity, else by cookie and priority; -1 when filtered out", () => {
    const rows = ruleRows([rule(1, 'a'), rule(2, 'b')]);
    expect(winnerAt(rows, rows[1]!.rule)).toBe(1);
    expect(winnerAt(rows, { ...rule(2, 'b') })).toBe(1);
    expect(winnerAt(rows, { ...rule(2, 'b'), priority: 1 })).toBe(-1);
  });
});
