/**
 * The one way tests and benchmarks mount the whole console: createConsole (src/tui, the
 * same store, connection and reconnect code as `pbc`) drawing into the harness's fake
 * terminal.
 */
import type { ConsoleStore } from '../../src/store/store.js';
import type { Connection, ConnectionSettings } from '../../src/tui/connection.js';
import { createConsole, type RunningConsole } from '../../src/tui/create-console.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { type Harness, renderTui } from './render.js';

export interface TestConsoleOptions {
  settings: ConnectionSettings;
  screen?: ScreenId;
  columns?: number;
  rows?: number;
  /** A store filled by the test; a new one by default. */
  store?: ConsoleStore;
  /** false: the poller is not started (the test commits answers itself). */
  poll?: boolean;
  /** Sees each connection as it is opened (e.g. to record what its client sends). */
  onConnection?: (connection: Connection) => void;
}

export interface MountedConsole extends Omit<RunningConsole<Harness>, 'view' | 'close'> {
  ui: Harness;
  /** Unmounts, stops polling and closes the connection in use; twice is harmless. */
  close(): Promise<void>;
}

export async function mountTestConsole(options: TestConsoleOptions): Promise<MountedConsole> {
  const running = await createConsole({
    settings: options.settings,
    ...(options.screen ? { screen: options.screen } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.poll === false ? { poll: false } : {}),
    ...(options.onConnection ? { onConnection: options.onConnection } : {}),
    mount: (tree) => renderTui(tree, { columns: options.columns ?? 100, rows: options.rows ?? 30 }),
  });
  let closed: Promise<void> | undefined;
  return {
    ui: running.view,
    store: running.store,
    current: running.current,
    close() {
      closed ??= (async () => {
        running.view.unmount();
        await running.close();
      })();
      return closed;
    },
  };
}

/**
 * Resolves once `predicate` holds for the store's state: at once, or at the commit that makes
 * it true (a poll's answer, an operation's result). No polling of the clock.
 */
export function untilStore(
  store: ConsoleStore,
  predicate: (state: ReturnType<ConsoleStore['getState']>) => boolean,
  timeoutMs = 10_000,
): Promise<void> {
  if (predicate(store.getState())) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`untilStore: not reached in ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = store.subscribe((state) => {
      if (!predicate(state)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    });
  });
}
