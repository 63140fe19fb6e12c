/**
 * The console's bases (issue 31): a plan's writes take the objects they touch as the operator
 * saw them. The rule editor keeps the rules it was opened on (`seenRules`): a colleague's
 * change polled in while the editor is open does not become the base. A confirmation of
 * anything else takes its base when it opens: the rule table from what the console holds,
 * the rest read as the confirmation appears. A write that already has a base keeps it.
 */
import type { Client } from '../api/index.js';
import type { Rule } from '../model/index.js';
import type { Plan } from './execute.js';
import type { Operation } from './operation.js';
import { seenThrough } from './seen.js';

/** `c` with its rule list answered by `rules` (what the operator was shown). */
export function seenRules(c: Client, rules: readonly Rule[]): Client {
  const list = async () => ({ rules: [...rules], used_flows: 0 });
  return { ...c, rules: { ...c.rules, list } };
}

const based = (op: Operation, seen: Client) =>
  op.base.from === 'send' ? seenThrough(op, seen) : Promise.resolve(op);

/**
 * The plan with each step's base taken through `seen`. Not its undo step: that puts back what
 * the plan's own first step removed, so the state before the plan is not its base.
 */
export async function planSeenThrough(plan: Plan, seen: Client): Promise<Plan> {
  const steps: Operation[] = [];
  for (const op of plan.steps) steps.push(await based(op, seen));
  return { ...plan, steps };
}
