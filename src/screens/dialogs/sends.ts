/**
 * What a confirmation says it sends: each operation's own `describe()` (src/ops/operation.ts),
 * the one text of a request, shown as the rest of the console shows device text (control
 * sequences dropped). And `R`: how those operations are reverted, or why they cannot be.
 */
import { sanitizeLine } from '../../model/index.js';
import type { Operation } from '../../ops/operation.js';
import { revertPlanOf } from '../../ops/revert/plans.js';
import type { RevertOffer } from './dialog.js';

/** `POST /device/idled activated=true`: one request as the confirmation shows it. */
export function requestText(op: Operation): string {
  return sanitizeLine(
    op
      .describe()
      .filter((s) => s !== '')
      .join(' '),
  );
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
