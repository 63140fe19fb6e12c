/**
 * The console's state: one zustand store, one commit per poll result. Screens select the
 * slice they show (a resource, the rates, the log) so they re-render only when it changes.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { emptyLog, type LogBuffer, mergeLog } from './logbuffer.js';
import { type ObservedChange, withObserved } from './outside.js';
import { emptyRates, type RateState, updateRates } from './rates.js';
import { DEFAULT_INTERVALS, type ResourceData, type ResourceKey } from './resources.js';

/** `unavailable`: HTTP 503, what the device (and the simulator) answers while it reboots. */
export type ErrorKind =
  | 'connection'
  | 'timeout'
  | 'auth'
  | 'unavailable'
  | 'device'
  | 'parse'
  | 'other';

export interface Resource<T> {
  data?: T;
  /** ms of the last successful answer (when its figures were fetched). */
  updatedAt?: number;
  /** Its poll interval, ms: figures older than this (plus slack) are stale (freshness.ts). */
  interval: number;
  error?: { message: string; kind: ErrorKind; at: number; status?: number };
  inFlight: boolean;
  failures: number;
}

/** A reboot this console sent: shown as rebooting until the device was seen down and back. */
export interface RebootMark {
  since: number;
  seenDown: boolean;
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
  /** Set when this console sent a reboot (see markRebooting). */
  reboot?: RebootMark;
  /** The confirmation on screen, what it sends and the answer (confirmation.ts). */
  confirmation?: ShownConfirmation;
  /** Changes seen between two polls that this console did not make, oldest first (outside.ts). */
  observed: readonly ObservedChange[];
}

export type ConsoleStore = StoreApi<ConsoleState>;

/** The confirmation on screen, as confirmation.ts records it. */
export interface ShownConfirmation {
  /** One per opening: a confirmation opened again is another one. */
  id: number;
  title: string;
  /** `[request line, parameters]` of each request it sends, in order (none: a local action). */
  requests: readonly (readonly [string, string])[];
  /** Set for one commit when the operator answers, then the confirmation is cleared. */
  answer?: 'yes' | 'no';
}

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
    r[k] = { inFlight: false, failures: 0, interval: DEFAULT_INTERVALS[k] };
  return r as Resources;
}

export function createConsoleStore(): ConsoleStore {
  return createStore<ConsoleState>(() => ({
    resources: emptyResources(),
    rates: emptyRates(),
    log: emptyLog(),
    paused: false,
    observed: [],
  }));
}

export function markInFlight(store: ConsoleStore, key: ResourceKey): void {
  store.setState((s) => ({
    resources: { ...s.resources, [key]: { ...s.resources[key], inFlight: true } },
  }));
}

/**
 * One commit: the resource's new data plus whatever derives from it (rates, log). `outside`:
 * no write of this console could have changed it since the last commit — a difference is
 * someone else's, kept in `observed`.
 */
export function commitSuccess<K extends ResourceKey>(
  store: ConsoleStore,
  key: K,
  data: ResourceData[K],
  at: number,
  outside = false,
): void {
  store.setState((s) => {
    const { interval, data: before } = s.resources[key];
    const next: Partial<ConsoleState> = {
      resources: {
        ...s.resources,
        [key]: { data, updatedAt: at, interval, inFlight: false, failures: 0 },
      },
    };
    if (s.lastError?.key === key) next.lastError = undefined;
    if (outside) next.observed = withObserved(s.observed, key, before, data, at);
    if (s.reboot && (s.reboot.seenDown || at - s.reboot.since > REBOOT_GRACE_MS))
      next.reboot = undefined;
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
  status?: number,
): void {
  store.setState((s) => {
    const prev = s.resources[key];
    const next: Partial<ConsoleState> = {
      resources: {
        ...s.resources,
        [key]: {
          ...prev,
          inFlight: false,
          failures: prev.failures + 1,
          error: { message, kind, at, ...(status === undefined ? {} : { status }) },
        },
      },
      lastError: { message, at, key },
    };
    // an answer that is not a login problem: the rebooting device went down (or refuses)
    if (s.reboot && !s.reboot.seenDown && kind !== 'auth')
      next.reboot = { ...s.reboot, seenDown: true };
    return next;
  });
}

/**
 * A console that sent a reboot shows `rebooting` until the device has been seen down and
 * answers again, or, if it never went down, for REBOOT_GRACE_MS (it may take a while to go
 * down, and answers normally until then).
 */
export const REBOOT_GRACE_MS = 30_000;

export function markRebooting(store: ConsoleStore, at: number): void {
  store.setState({ reboot: { since: at, seenDown: false } });
}

/** The poll intervals in use, so that views can tell fresh figures from stale ones. */
export function setIntervals(
  store: ConsoleStore,
  intervals: Readonly<Record<ResourceKey, number>>,
): void {
  store.setState((s) => {
    const resources = { ...s.resources } as Record<ResourceKey, Resource<unknown>>;
    for (const k of Object.keys(resources) as ResourceKey[])
      resources[k] = { ...resources[k], interval: intervals[k] };
    return { resources: resources as Resources };
  });
}
