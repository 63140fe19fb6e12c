/** `pbc tools check` in words: each class with the rule responsible and, where measured, its rate. */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../model/index.js';
import { checkDelivery, type Intents } from '../traffic/intents/index.js';
import { checkLines } from './tools.js';

const rule = (
  priority: number,
  name: string,
  match: Rule['match'],
  actions: string[],
  bps: number | null,
) => ({ priority, name, match, actions, datarate_raw: bps }) as unknown as Rule;

const intents: Intents = {
  tools: [{ name: 'apm', port: 10, wants: [{ tcp: '' }] }],
  sources: [1],
  band: [10000, 19999],
  unwanted: 'drop',
};
const ports = [{ no: 10, name: 'eth-0-10', up: true }];
const checked = (rules: Rule[]) =>
  checkDelivery(intents, { rules, groups: new Map(), portUp: () => true, hashFields: [] });

describe('checkLines', () => {
  it('a class that is all its rule counts has the rule’s rate; no rate when not measured', () => {
    const c = checked([
      rule(30000, 'thief', { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:12'], 2.5e9),
      rule(100, 'tap', { in_port: '1', tcp: '' }, ['output:10'], null),
    ]);
    expect(checkLines(c, ports)).toEqual([
      'apm (eth-0-10): 1 starved, 0 extra',
      "  starved in_port=1 tcp tcp_dst=443 — taken by a rule that does not send it to the tool: 30000 'thief' (in_port=1 tcp tcp_dst=443) · 2.50Gb/s",
    ]);
    expect(c.tools[0]?.starved[0]?.rate).toEqual({ bps: 2.5e9, exact: true });
  });

  it('a class that is part of what its rule counts: the rule’s rate bounds it (≤)', () => {
    // the thief also takes port 2's HTTPS and untagged UDP: the starved class is part of it
    const c = checked([
      rule(30000, 'thief', { in_port: '1,2', tcp: '', tcp_dst: '443' }, ['output:12'], 4e6),
      rule(20000, 'wide', { in_port: '1' }, ['output:10'], 1.5e6),
    ]);
    const lines = checkLines(c, ports);
    expect(lines[1]).toMatch(/starved in_port=1 tcp tcp_dst=443 .*'thief'.* · ≤ 4.00Mb\/s$/);
    // the extra class (port 1's non-TCP) is part of what 'wide' counts (it takes TCP too)
    expect(lines.find((l) => l.startsWith('  extra'))).toMatch(/'wide'.* · ≤ 1.50Mb\/s$/);
    expect(c.tools[0]?.starved[0]?.rate).toEqual({ bps: 4e6, exact: false });
  });
});
