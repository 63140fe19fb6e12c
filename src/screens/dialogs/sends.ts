/**
 * What a confirmation says it sends: each operation's own `describe()` (src/ops/operation.ts),
 * the one text of a request (device text in it already made safe for the terminal). And `R`: how those operations are reverted, or why they cannot be.
 */
import type { Operation } from '../../ops/operation.js';
import { revertPlanOf } from '../../ops/revert/plans.js';
import type { RevertPlan } from '../../ops/revert/recipe.js';

/**
 * Apply-with-auto-revert for a confirmation (`R`): how the change is reverted and what it is
 * (for the pending list); a plan of kind `none` offers no `R` and says why in the dialog.
 */
export interface RevertOffer {
  what: string;
  plan: RevertPlan;
}

/** `POST /device/idled activated=true`: one request as the confirmation shows it. */
export function requestText(op: Operation): string {
  return op
    .describe()
    .filter((s) => s !== '')
    .join(' ');
}

/** The requests, in the order they are sent. */
export function requestsText(ops: readonly Operation[]): string {
  return ops.map(requestText).join(', then ');
}

/** `Sends POST /device/idled activated=true`: the confirmation's line. */
export function sendsLine(...ops: Operation[]): string {
  return `Sends ${requestsText(ops)}`;
}

/** `R` in the confirmation that sends `ops`: how they are reverted, or why they cannot be. */
export function revertOf(...ops: Operation[]): RevertOffer {
  return { what: requestsText(ops), plan: revertPlanOf(...ops) };
}
