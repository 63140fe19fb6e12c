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

describe('checkLines', () => {
  it('names the rule that takes a class and its measured rate; no rate when not measured', () => {
    const intents: Intents = {
      tools: [{ name: 'apm', port: 10, wants: [{ tcp: '' }] }],
      sources: [1],
      band: [10000, 19999],
      unwanted: 'drop',
    };
    const rules = [
      rule(30000, 'thief', { in_port: '1', tcp: '', tcp_dst: '443' }, ['output:12'], 2.5e9),
      rule(100, 'tap', { in_port: '1', tcp: '' }, ['output:10'], null),
    ];
    const c = checkDelivery(intents, {
      rules,
      groups: new Map(),
      portUp: () => true,
      hashFields: [],
    });
    const ports = [{ no: 10, name: 'eth-0-10', up: true }];
    expect(checkLines(c, ports, rules)).toEqual([
      'apm (eth-0-10): 1 starved, 0 extra',
      "  starved in_port=1 tcp tcp_dst=443 — taken by a rule that does not send it to the tool: 30000 'thief' (in_port=1 tcp tcp_dst=443) · rule at 2.50Gb/s",
    ]);
  });
});
