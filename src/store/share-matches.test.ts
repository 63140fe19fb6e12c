import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { Rule } from '../model/index.js';
import { fetchers } from './resources.js';
import { shareMatches } from './share-matches.js';

const rule = (cookie: number, match: Record<string, string>): Rule => ({
  cookie: BigInt(cookie),
  name: `r${cookie}`,
  description: '',
  priority: 100,
  match,
  actions: ['output:2'],
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: 0,
});

describe('shareMatches: a poll reuses the previous poll’s equal match objects', () => {
  it('an unchanged match takes the previous object; a changed, new or reordered one keeps its own', () => {
    const prev = [
      rule(1, { in_port: '1', tcp: '' }),
      rule(2, { in_port: '2' }),
      rule(3, { in_port: '3', udp: '' }),
      rule(4, { in_port: '4', tcp: '' }),
    ];
    const next = [
      rule(1, { in_port: '1', tcp: '' }), // same
      rule(2, { in_port: '2', udp: '' }), // a field more
      rule(3, { in_port: '3' }), // a field less
      rule(4, { tcp: '', in_port: '4' }), // same fields, another order: not shared
      rule(5, { in_port: '1', tcp: '' }), // a new cookie
    ];
    const mine = next.map((r) => r.match);
    expect(shareMatches(prev, next)).toBe(1);
    expect(next[0]!.match).toBe(prev[0]!.match);
    for (const i of [1, 2, 3, 4]) expect(next[i]!.match).toBe(mine[i]);
    expect(next[1]!.match).toEqual({ in_port: '2', udp: '' });
    expect(shareMatches(undefined, next)).toBe(0);
  });

  it('the store’s rules fetcher shares across its polls', async () => {
    let n = 0;
    const client = {
      rules: {
        list: async (share = (r: Rule) => r) => ({
          rules: [rule(1, { in_port: '1' }), rule(2, { in_port: String(++n) })].map(share),
          used_flows: 2,
        }),
      },
    } as unknown as Client;
    const f = fetchers(undefined);
    const a = await f.rules(client);
    const b = await f.rules(client);
    expect(b.rules[0]!.match).toBe(a.rules[0]!.match);
    expect(b.rules[1]!.match).not.toBe(a.rules[1]!.match);
    expect(b.rules[1]!.match).toEqual({ in_port: '2' });
  });
});
