/**
 * The one way to start the console: the store, the connection to the device (client,
 * poller, session, reconnect) and the app drawn by `mount` — Ink's render on the operator's
 * terminal (main.ts), the fake terminal of the test harness, a benchmark's. Loads no React
 * or Ink itself until the first requests are on their way: the device answers while they
 * load.
 */
import type { ReactElement } from 'react';
import type { ConsoleContextValue } from '../store/react.js';
import { type ConsoleStore, createConsoleStore } from '../store/store.js';
import {
  type Connection,
  type ConnectionSettings,
  makeReconnect,
  openConnection,
} from './connection.js';
import { untilAnswered } from './first-answers.js';
import type { ScreenId } from './keymap.js';
import { firstFrameResources } from './screen-resources.js';

/** What `mount` returns: something that can draw a new tree in place of the first. */
export interface ConsoleView {
  rerender(tree: ReactElement): void;
}

export interface CreateConsoleOptions<V extends ConsoleView> {
  settings: ConnectionSettings;
  /** The screen shown first; Overview by default. */
  screen?: ScreenId;
  /** The store to show (a test may fill one first); a new one by default. */
  store?: ConsoleStore;
  /**
   * false: the poller is not started (the caller commits answers itself; the app still asks
   * for its screen's resources when it mounts, as it always does).
   */
  poll?: boolean;
  /**
   * ms to wait, once the first requests are out, for their answers before mounting (at most;
   * first-answers.ts): the first frame is drawn once, with the data. Not waited by default.
   */
  firstAnswersMs?: number;
  /**
   * Called once the first screen's requests are out (at once when not polling): what the
   * first frame needs but the requests need not wait for starts here (main.ts: Ink's layout
   * engine, ~2 ms of compiling before the first request otherwise).
   */
  requested?: () => void;
  /** Sees each connection as it is opened, the first and every reconnect's. */
  onConnection?: (connection: Connection) => void;
  /** Draws the tree. */
  mount(tree: ReactElement): V | Promise<V>;
}

export interface RunningConsole<V extends ConsoleView> {
  store: ConsoleStore;
  view: V;
  /** The connection in use (a reconnect replaces it). */
  current(): ConsoleContextValue;
  /** Stops polling and closes the connection in use (the caller unmounts its view). */
  close(): Promise<void>;
}

export async function createConsole<V extends ConsoleView>(
  options: CreateConsoleOptions<V>,
): Promise<RunningConsole<V>> {
  const store = options.store ?? createConsoleStore();
  const screen = options.screen;
  const first = openConnection(options.settings, store);
  options.onConnection?.(first);
  let current: ConsoleContextValue = { ...first, store };
  let answered: Promise<void> | undefined;
  if (options.poll !== false) {
    // The first screen's requests go out now, while React, Ink and the screens load; the
    // app asks for its screen's resources when it mounts, which starts nothing twice and
    // the rest (what the first frame cannot show) then.
    current.poller.setDemand(firstFrameResources(screen ?? 'overview'));
    current.poller.start();
    if (options.firstAnswersMs)
      answered = untilAnswered(store, current.poller.demanded(), options.firstAnswersMs);
  }
  options.requested?.();
  const [{ consoleTree }] = await Promise.all([import('./root.js'), answered]);
  let view: V | undefined;
  current.reconnect = makeReconnect({
    settings: options.settings,
    store,
    current: () => current,
    apply: (next) => {
      current = next;
      view?.rerender(consoleTree(current, screen));
    },
    ...(options.onConnection ? { onOpen: options.onConnection } : {}),
  });
  view = await options.mount(consoleTree(current, screen));
  const mounted = view;
  return {
    store,
    view: mounted,
    current: () => current,
    async close() {
      current.poller.stop();
      await current.client.close().catch(() => {});
    },
  };
}
