/**
 * The compiler's promise, over 1,000+ random cases against the forwarding engine the
 * simulator uses (src/tcam Classifier + forward, in process): every source packet reaches
 * exactly the tools whose intent matches it — the ground truth computed by tcam's own
 * matchesFlow on each want (a VLAN range written as one match per VID), not by the compiler's
 * algebra. compile-sim.test.ts does the same for 100 cases over HTTP on the simulator.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Classifier, forward } from '../index.js';
import { checkDelivery } from './check.js';
import { compileIntents } from './compile.js';
import { arbFlow, arbIntents, wantedBy } from './test-arbitraries.js';

/** The forwarding context of a compiled table: its groups of type all (tool_groups). */
const ctxOf = (c: ReturnType<typeof compileIntents>) => ({
  groups: new Map(c.groups.map((g) => [g.group_id, g])),
  portUp: () => true,
  hashFields: [] as string[],
});

describe('compileIntents on the forwarding engine', () => {
  it('delivers every flow to exactly the tools that want it (1,200 random cases)', () => {
    let withGroups = 0;
    fc.assert(
      fc.property(
        arbIntents(),
        fc.array(arbFlow(), { minLength: 1, maxLength: 30 }),
        (intents, flows) => {
          const compiled = compileIntents(intents);
          expect(compiled.refused).toBeUndefined();
          const ctx = ctxOf(compiled);
          // with tool_groups every rule to several ports sends to a group, none to a list
          if (intents.groups)
            expect(compiled.rules.filter((r) => r.actions.length > 1)).toEqual([]);
          if (compiled.groups.length > 0) withGroups++;
          const c = new Classifier(
            compiled.rules.map((r, id) => ({ id, ...r })),
            flows.map((f, id) => ({ ...f, id })),
          );
          for (const [id, f] of flows.entries()) {
            const rule = c.winner(id);
            const got = rule
              ? [...new Set(forward(rule.actions, f, ctx).outputs.map((o) => o.port))].sort(
                  (a, b) => a - b,
                )
              : [];
            expect({ flow: f, got }).toEqual({ flow: f, got: wantedBy(intents, f) });
          }
        },
      ),
      { numRuns: 1200 },
    );
    // groups of type all are in play in a good share of the cases
    expect(withGroups).toBeGreaterThan(200);
  }, 300_000);

  it('the delivery check finds nothing wrong with a compiled table (300 random cases)', () => {
    fc.assert(
      fc.property(arbIntents(), (intents) => {
        const compiled = compileIntents(intents);
        const checked = checkDelivery(intents, { rules: compiled.rules, ...ctxOf(compiled) });
        expect(checked.tools.filter((t) => !t.ok)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 300_000);
});
