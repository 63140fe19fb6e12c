/** What a screen's dialog actions are given: the device, the poller, the dialog, the status bar. */
import type { Operation } from '../../ops/operation.js';
import type { Poller } from '../../store/poller.js';
import type { ConsoleContextValue, ReconnectChange, Session } from '../../store/react.js';
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
 * Sends `op`, then has the poller read again what it changed (`op.affects`): the one
 * refresh route after a write. Returns the device's answer.
 */
export async function perform<R>(
  ctx: Pick<ActionContext, 'client' | 'poller'>,
  op: Operation<R>,
): Promise<R> {
  const answer = await op.send(ctx.client);
  ctx.poller.refresh(op.affects);
  return answer;
}

/** `Sends POST /device/idled activated=true`: the confirmation's line, from the request itself. */
export function sendsLine(...ops: Operation[]): string {
  return `Sends ${ops
    .map((op) => op.describe().filter((s) => s !== '').join(' '))
    .join(', then ')}`;
}
