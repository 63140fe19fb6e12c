/**
 * Concurrent GET /rules/all for the same device state share one serialization (issue 15: ten
 * clients each wrote a >4,096-rule table separately, in slices), a write in between starts a
 * new one, and every client gets the whole table.
 */
import { describe, expect, it, vi } from 'vitest';
import { engineOf } from '../../src/sim/engine.js';
import { RULES_AT_ONCE } from '../../src/sim/rule-wire.js';
import { loadSyntheticRules } from '../harness/device-fixtures.js';
import { simPerTest } from './helpers.js';

const t = simPerTest();
const N = RULES_AT_ONCE + 1; // written in slices, over several turns of the event loop

describe('GET /rules/all under concurrent clients', () => {
  it('ten concurrent requests for one state share one serialization', async () => {
    // one counter step throughout: the state is the same for all ten
    const at = Date.now();
    await t.restart({ now: () => at });
    loadSyntheticRules(t.sim.state, N, 'c');
    const before = t.sim.answers?.serializations ?? 0;
    // each serialization reads every rule's counters once
    const counters = vi.spyOn(engineOf(t.sim.state), 'ruleCounters');
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.get('/rules/all')));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.rules.length).toBeGreaterThanOrEqual(N);
      expect(a.text).toBe(answers[0]!.text);
    }
    expect(counters.mock.calls.length).toBe(t.sim.state.rules.size);
    expect(t.sim.answers.serializations - before).toBe(1);
  });

  it('a change of state starts a new one, which shows the change', async () => {
    loadSyntheticRules(t.sim.state, N, 'c');
    const first = t.get('/rules/all');
    const added = await t.call('POST', '/rules', {
      json: { priority: 9, match: { in_port: '5' }, actions: 'output:6', name: 'late' },
    });
    expect(added.status).toBe(200);
    const second = await t.get('/rules/all');
    expect((await first).status).toBe(200);
    expect(second.body.rules.some((r: { name: string }) => r.name === 'late')).toBe(true);
  });
});
