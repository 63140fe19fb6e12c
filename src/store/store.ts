/**
 * The console's state: one zustand store, one commit per poll result. Screens select the
 * slice they show (a resource, the rates, the log) so they re-render only when it changes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyLog, type LogBuffer, mergeLog } from './logbuffer.js';
import { emptyRates, type RateState, updateRates } from './rates.js';
import type { ResourceData, ResourceKey } from './resources.js';

export type ErrorKind = 'connection' | 'timeout' | 'auth' | 'device' | 'parse' | 'other';

export interface Resource<T> {
  data?: T;
  /** ms of the last successful answer. */
  updatedAt?: number;
  error?: { message: string; kind: ErrorKind; at: number };
  inFlight: boolean;
  failures: number;
}

export type Resources = { [K in ResourceKey]: Resource<ResourceData[K]> };

export interface ConsoleState {
  resources: Resources;
  rates: RateState;
  log: LogBuffer;
  paused: boolean;
  /** The last error of any request, for the status bar. */
  lastError?: { message: string; at: number; key: ResourceKey };
  /** A transient note for the status bar (e.g. "refreshed"). */
  notice?: { message: string; at: number };
}

export type ConsoleStore = StoreApi<ConsoleState>;

function emptyResources(): Resources {
  const r = {} as Record<ResourceKey, Resource<unknown>>;
  for (const k of [
    'identity',
    'access',
    'settings',
    'flows',
    'environment',
    'system',
    'stats',
    'info',
    'config',
    'sfp',
    'log',
    'rules',
    'groups',
    'savepoints',
    'users',
    'radius',
    'apps',
    'running',
    'deviceConfig',
  ] as ResourceKey[])
    r[k] = { inFlight: false, failures: 0 };
  return r as Resources;
}

export function createConsoleStore(): ConsoleStore {
  return createStore<ConsoleState>(() => ({
    resources: emptyResources(),
    rates: emptyRates(),
    log: emptyLog(),
    paused: false,
  }));
}

export function markInFlight(store: ConsoleStore, key: ResourceKey): void {
  store.setState((s) => ({
    resources: { ...s.resources, [key]: { ...s.resources[key], inFlight: true } },
  }));
}

/** One commit: the resource's new data plus whatever derives from it (rates, log). */
export function commitSuccess<K extends ResourceKey>(
  store: ConsoleStore,
  key: K,
  data: ResourceData[K],
  at: number,
): void {
  store.setState((s) => {
    const next: Partial<ConsoleState> = {
      resources: { ...s.resources, [key]: { data, updatedAt: at, inFlight: false, failures: 0 } },
    };
    if (s.lastError?.key === key) next.lastError = undefined;
    if (key === 'stats') next.rates = updateRates(s.rates, data as ResourceData['stats'], at);
    if (key === 'log') next.log = mergeLog(s.log, (data as ResourceData['log']).logs);
    return next;
  });
}

export function commitFailure(
  store: ConsoleStore,
  key: ResourceKey,
  message: string,
  kind: ErrorKind,
  at: number,
): void {
  store.setState((s) => {
    const prev = s.resources[key];
    return {
      resources: {
        ...s.resources,
        [key]: {
          ...prev,
          inFlight: false,
          failures: prev.failures + 1,
          error: { message, kind, at },
        },
      },
      lastError: { message, at, key },
    };
  });
}
