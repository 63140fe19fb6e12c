/**
 * What a confirmation says it sends (src/ops/sends.ts, the text the CLI's question shows too),
 * and `R`: how those operations are reverted, or why they cannot be.
 */
import type { Operation } from '../../ops/operation.js';
import { revertPlanOf } from '../../ops/revert/plans.js';
import type { RevertPlan } from '../../ops/revert/recipe.js';
import { requestsText } from '../../ops/sends.js';

export { requestsText, requestText, sendsLine } from '../../ops/sends.js';

/**
 * Apply-with-auto-revert for a confirmation (`R`): how the change is reverted and what it is
 * (for the pending list); a plan of kind `none` offers no `R` and says why in the dialog.
 */
export interface RevertOffer {
  what: string;
  plan: RevertPlan;
}

/** `R` in the confirmation that sends `ops`: how they are reverted, or why they cannot be. */
export function revertOf(...ops: Operation[]): RevertOffer {
  return { what: requestsText(ops), plan: revertPlanOf(...ops) };
}
