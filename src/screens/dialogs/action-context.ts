/** What a screen's dialog actions are given: the device, the poller, the dialog, the status bar. */
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

export { revertOf, sendsLine } from './sends.js';
