/**
 * What a confirmation says it sends: each operation's own `describe()` (operation.ts), the one
 * text of a request (device text in it already made safe for the terminal). The console's
 * dialogs and the CLI's question both show it, so the two never word a write differently.
 */
import type { Operation } from './operation.js';

/** `POST /device/idled activated=true`: one request as a confirmation shows it. */
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
