import { describe, expect, it } from 'vitest';
import { pendingEntry as entry } from '../../test/harness/pending-entry.js';
import { guardOutcome } from './guard-trips.js';

const health = { spec: {} as never, keepAtEnd: true };

describe('the status line of a guarded change that ended', () => {
  it('says the trip, with its figures, once it has reverted', () => {
    const trip = { kind: 'oversub' as const, what: 'eth-0-14 …', sample: 2, at: 5 };
    const detail =
      "reverted: eth-0-14 oversubscribed 12.2G of 10G, drops 1.14M/s (guard 'oversub')";
    expect(guardOutcome(entry({ state: 'reverted', detail, health: { ...health, trip } }), 0)).toBe(
      `auto-revert abc123 ${detail}`,
    );
    // not while it reverts, nor an entry that ended before the console started
    expect(
      guardOutcome(entry({ state: 'reverting', health: { ...health, trip } }), 0),
    ).toBeUndefined();
    expect(
      guardOutcome(entry({ state: 'reverted', detail, health: { ...health, trip } }), 11),
    ).toBeUndefined();
  });
  it('says a change kept at the end of its window; says nothing of a plain auto-revert', () => {
    const kept = entry({
      state: 'confirmed',
      detail: 'kept: the guard window ended without a trip',
      health,
    });
    expect(guardOutcome(kept, 0)).toBe(
      'guarded change abc123 kept: the guard window ended without a trip',
    );
    expect(guardOutcome(entry({ state: 'reverted' }), 0)).toBeUndefined();
  });
});
