/** React access to the console's store and session, for screens and the app frame. */
import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from 'react';
import { useStore } from 'zustand';
import type { Client } from '../api/index.js';
import type { Poller } from './poller.js';
import type { ResourceKey } from './resources.js';
import type { ConsoleState, ConsoleStore } from './store.js';

export interface Session {
  url: string;
  user?: string;
  readonly: boolean;
  insecure: boolean;
  demo: boolean;
}

/** What changes when the console reconnects; unset fields keep their value. */
export interface ReconnectChange {
  url?: string;
  /** A new user; without `password` (or `keepPassword`) it logs in with no password. '' = no user. */
  user?: string;
  password?: string;
  /** Keep the password in use although the user name changes (an account was renamed). */
  keepPassword?: boolean;
  insecure?: boolean;
  /** PEM file to trust; null drops the one in use. */
  ca?: string | null;
}

export interface ConsoleContextValue {
  client: Client;
  store: ConsoleStore;
  poller: Poller;
  session: Session;
  /**
   * Opens a new connection with the change applied, checks that the device answers on it,
   * then swaps it in (client, poller and session; the store's data stays). Rejects, with
   * the old connection still in use, when the new one does not answer. Absent where the
   * console cannot reconnect (some tests).
   */
  reconnect?: (change: ReconnectChange) => Promise<void>;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function ConsoleProvider(props: { value: ConsoleContextValue; children?: ReactNode }) {
  return createElement(ConsoleContext.Provider, { value: props.value }, props.children);
}

export function useConsole(): ConsoleContextValue {
  const v = useContext(ConsoleContext);
  if (!v) throw new Error('useConsole outside ConsoleProvider');
  return v;
}

export function useConsoleState<T>(selector: (s: ConsoleState) => T): T {
  return useStore(useConsole().store, selector);
}

export function useResource<K extends ResourceKey>(key: K): ConsoleState['resources'][K] {
  return useConsoleState((s) => s.resources[key]);
}

/** Re-renders every `ms` (for ages such as "stale 12 s"). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/** A screen declares what it polls while it is visible. */
export function useDemand(keys: readonly ResourceKey[]): void {
  const { poller } = useConsole();
  const id = keys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the joined list
  useEffect(() => {
    poller.setDemand(keys);
  }, [poller, id]);
}
