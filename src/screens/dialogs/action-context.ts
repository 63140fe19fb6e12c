/** What a screen's dialog actions are given: the device, the poller, the dialog, the status bar. */
import { sanitizeLine } from '../../model/index.js';
import { describeRequest, type Operation, type WireRequest } from '../../ops/operation.js';
import { revertPlanOf } from '../../ops/revert/plans.js';
import type { Poller } from '../../store/poller.js';
import type { ConsoleContextValue, ReconnectChange, Session } from '../../store/react.js';
import type { RevertOffer } from './dialog.js';
import type { DialogControl } from './use-dialog.js';

export interface ActionContext {
  /** The device: operations are sent to it, and ops' read functions read it. */
  client: ConsoleContextValue['client'];
  poller: Poller;
  dialog: DialogControl;
  notify: (message: string) => void;
  /** Refuses (with a message) in --readonly or below the level. */
  allowed: (operation: string, level: number) => boolean;
}

/** For actions that change the session itself (login, UAC, address): it and a reconnect. */
export interface SessionActionContext extends ActionContext {
  session: Session;
  reconnect: ((change: ReconnectChange) => Promise<void>) | undefined;
}

/**
 * `Sends POST /device/idled activated=true`: the confirmation's line, from the requests
 * themselves (`describeRequest`, secrets masked). Device text in them (a hostile name) is
 * shown as the rest of the console shows it: control sequences dropped, before quoting.
 */
export function sendsLine(...ops: Operation[]): string {
  return `Sends ${requestsText(ops)}`;
}

function requestsText(ops: Operation[]): string {
  return ops
    .map((op) =>
      describeRequest(shownRequest(op.request))
        .filter((s) => s !== '')
        .join(' '),
    )
    .join(', then ');
}

/** `R` in the confirmation that sends `ops`: how they are reverted, or why they cannot be. */
export function revertOf(...ops: Operation[]): RevertOffer {
  return { what: requestsText(ops), plan: revertPlanOf(...ops) };
}

function shownRequest(r: WireRequest): WireRequest {
  return {
    ...r,
    ...(r.query ? { query: shownValue(r.query) as Record<string, unknown> } : {}),
    ...(r.json !== undefined ? { json: shownValue(r.json) } : {}),
  };
}

function shownValue(v: unknown): unknown {
  if (typeof v === 'string') return sanitizeLine(v);
  if (Array.isArray(v)) return v.map(shownValue);
  if (v !== null && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [sanitizeLine(k), shownValue(x)]));
  return v;
}
