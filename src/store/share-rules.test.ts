import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { Rule } from '../model/index.js';
import { fetchers } from './resources.js';
import { ruleSharer } from './share-rules.js';

const rule = (cookie: number, over: Partial<Rule> = {}): Rule => ({
  cookie: BigInt(cookie),
  name: `r${cookie}`,
  description: '',
  priority: 100,
  match: { in_port: String(cookie), tcp: '' },
  actions: ['output:2'],
  n_packets: 5n,
  n_bytes: 320n,
  datarate: '0 bps',
  datarate_raw: 0,
  real_flow_ct: 1,
  ...over,
});

describe('ruleSharer: a poll reuses the previous poll’s equal rules and parts', () => {
  it('an unchanged rule is the previous object; a changed one is its own, with the equal parts shared', () => {
    const prev = [rule(1), rule(2), rule(3), rule(4, { malformed: 'priority missing' })];
    const frozen = prev.map((r) => ({ ...r }));
    let next = [
      rule(1), // same
      rule(2, { n_packets: 9n, n_bytes: 640n }), // counters moved
      rule(3, { actions: ['output:3'] }), // actions changed
      rule(4), // no longer malformed
      rule(5), // a new cookie
    ];
    const own = [...next];
    next = next.map(ruleSharer(prev)!);
    expect(next[0]).toBe(prev[0]);
    for (const i of [1, 2, 3, 4]) expect(next[i]).toBe(own[i]);
    expect(next[1]).toMatchObject({ n_packets: 9n, n_bytes: 640n });
    expect(next[1]!.match).toBe(prev[1]!.match);
    expect(next[1]!.actions).toBe(prev[1]!.actions);
    expect(next[2]!.actions).toEqual(['output:3']);
    expect(next[2]!.match).toBe(prev[2]!.match);
    expect(next[3]!.malformed).toBeUndefined();
    expect(prev).toEqual(frozen); // the previous poll's rules are never changed
    expect(ruleSharer(undefined)).toBeUndefined();
    expect(ruleSharer([])).toBeUndefined();
  });

  it('the store’s rules fetcher shares across its polls, and shows what changed', async () => {
    let n = 0;
    const client = {
      rules: {
        // as the API does: each rule read goes through the store's `share`
        list: async (share = (r: Rule) => r) => ({
          rules: [rule(1), rule(2, { n_packets: BigInt(++n) })].map(share),
          used_flows: 2,
        }),
      },
    } as unknown as Client;
    const f = fetchers(undefined);
    const a = await f.rules(client);
    const b = await f.rules(client);
    expect(b.rules[0]).toBe(a.rules[0]);
    expect(b.rules[1]).not.toBe(a.rules[1]);
    expect(b.rules[1]!.n_packets).toBe(2n);
    expect(a.rules[1]!.n_packets).toBe(1n);
  });
});
