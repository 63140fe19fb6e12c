/** React access to the console's store and session, for screens and the app frame. */
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useStore } from 'zustand';
import type { Client, ClientOptions } from '../api/index.js';
import { isStale, staleAfter } from './freshness.js';
import type { Poller } from './poller.js';
import { NO_RATE, type PortRate } from './rates.js';
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
  /** The options `client` was made with, credentials included: handed to the revert guard. */
  clientOptions?: ClientOptions;
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

/** The console, or null where none is provided (a dialog drawn on its own in a test). */
export function useConsoleIfAny(): ConsoleContextValue | null {
  return useContext(ConsoleContext);
}

export function useConsoleState<T>(selector: (s: ConsoleState) => T): T {
  return useStore(renderView(useConsole().store), selector);
}

/**
 * Ink draws at most ~15 frames a second, so React need not re-render for every commit: a
 * burst of poll answers (a screen switch, a fast poll rate) reaches the screens as one
 * render. A commit after a quiet spell still renders at once; the ones that follow within
 * RENDER_MS are gathered into one render at its end. Screens read the live state when they
 * render, so nothing is lost, only merged.
 */
const RENDER_MS = 60;
const views = new WeakMap<ConsoleStore, ConsoleStore>();

function renderView(store: ConsoleStore, ms = RENDER_MS): ConsoleStore {
  let view = views.get(store);
  if (!view) {
    view = throttled(store, ms);
    views.set(store, view);
  }
  return view;
}

type Listener = (state: ConsoleState, previous: ConsoleState) => void;

/** The render view of a store: also says when every commit so far has been passed on. */
type RenderView = ConsoleStore & { idle(): Promise<void> };

/**
 * Resolves once every commit of `store` so far has been passed on to the screens (the render
 * view's gathering of RENDER_MS is over): what a test waits on before a key that needs data
 * just polled — the screen acts on what it has drawn, not on what the store got a moment ago.
 */
export function untilRendered(store: ConsoleStore): Promise<void> {
  return (views.get(store) as RenderView | undefined)?.idle() ?? Promise.resolve();
}

function throttled(store: ConsoleStore, ms: number): RenderView {
  const listeners = new Set<Listener>();
  let unsubscribe: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let last = Number.NEGATIVE_INFINITY;
  let previous = store.getState();
  const waiting: (() => void)[] = [];
  const notify = () => {
    timer = undefined;
    last = performance.now();
    const state = store.getState();
    const before = previous;
    previous = state;
    for (const l of listeners) l(state, before);
    for (const done of waiting.splice(0)) done();
  };
  const onChange = () => {
    if (timer !== undefined) return;
    const wait = last + ms - performance.now();
    if (wait <= 0) notify();
    else timer = setTimeout(notify, wait);
  };
  return {
    ...store,
    idle: () =>
      timer === undefined ? Promise.resolve() : new Promise<void>((done) => waiting.push(done)),
    subscribe(listener: Listener) {
      listeners.add(listener);
      unsubscribe ??= store.subscribe(onChange);
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        unsubscribe?.();
        unsubscribe = undefined;
        clearTimeout(timer);
        timer = undefined;
        for (const done of waiting.splice(0)) done();
      };
    },
  };
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

/**
 * The age (ms) of the stalest figures among `keys` while any of them is older than its poll
 * interval plus slack (freshness.ts), else null. Re-renders when that flips and, with
 * `counting`, every second while stale (the age counts up); never otherwise.
 */
export function useStaleAge(keys: readonly ResourceKey[], counting = true): number | null {
  const stamps = useConsoleState((s) =>
    keys.map((k) => `${s.resources[k].updatedAt ?? ''}/${s.resources[k].interval}`).join(','),
  );
  const { store } = useConsole();
  const [tick, setTick] = useState(0);
  const now = Date.now();
  let age: number | null = null;
  let due = Number.POSITIVE_INFINITY;
  for (const k of keys) {
    const r = store.getState().resources[k];
    if (r.updatedAt === undefined) continue;
    if (isStale(r, now)) age = Math.max(age ?? 0, now - r.updatedAt);
    else due = Math.min(due, r.updatedAt + staleAfter(r.interval) + 1 - now);
  }
  // stale: fresh again only with a new answer, which changes `stamps`
  const wait = age !== null ? (counting ? 1000 : Number.POSITIVE_INFINITY) : due;
  // biome-ignore lint/correctness/useExhaustiveDependencies: stamps and tick re-arm the timer
  useEffect(() => {
    if (!Number.isFinite(wait)) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.max(0, wait));
    return () => clearTimeout(t);
  }, [stamps, tick, wait]);
  return age;
}

const STATS = ['stats'] as const;

/**
 * The port rates, or — while the port counters are stale — the same entries without their
 * current rates (history and peak kept): a frozen rate is never shown as "now".
 */
export function usePortRates(): Map<string, PortRate> {
  const rates = useConsoleState((s) => s.rates.rates);
  const stale = useStaleAge(STATS, false) !== null;
  return useMemo(
    () => (stale ? new Map([...rates].map(([name, r]) => [name, { ...r, ...NO_RATE }])) : rates),
    [rates, stale],
  );
}
