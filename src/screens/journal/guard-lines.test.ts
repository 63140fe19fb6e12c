import { describe, expect, it } from 'vitest';
import { guardLines } from './guard-lines.js';

describe("the Journal detail's guard timeline", () => {
  it('says the trip and draws each affected port from before the change to the end', () => {
    const lines = guardLines(
      {
        guards: ['drops', 'oversub', 'quiet'],
        tripped: { guard: 'oversub', what: 'eth-0-14 oversubscribed 12.2G of 10G', sample: 2 },
        timeline: [
          { before: true, ports: { 'eth-0-14': { tx_bps: 0 } } },
          { ports: { 'eth-0-14': { tx_bps: 5e9 } } },
          { ports: { 'eth-0-14': { tx_bps: 1e10 } } },
        ],
      },
      3,
    );
    expect(lines).toEqual([
      "guarded (drops, oversub, quiet): tripped — eth-0-14 oversubscribed 12.2G of 10G (guard 'oversub'), reverted",
      '  eth-0-14 tx ▁▅█ 0 → 10.0Gb/s',
    ]);
  });
  it('says nothing of an entry that was not guarded, and strips control characters', () => {
    expect(guardLines(undefined)).toEqual([]);
    const [head] = guardLines({
      guards: ['quiet'],
      tripped: { guard: 'quiet', what: 'rule \u001b[31mx' },
    });
    expect(head).not.toContain('\u001b');
  });
});
