/**
 * Polls the resources the visible screen needs (plus the header's): each on its own
 * interval, at most one request in flight per resource, exponential backoff with jitter
 * on errors, data kept (and shown stale) while the device is unreachable, and automatic
 * recovery when it answers again: the fastest resource never backs off (a heartbeat), and
 * the first answer after failures re-polls every resource still backing off.
 */
import {
  AuthError,
  type Client,
  ConnectionError,
  DeviceError,
  ForbiddenError,
  ParseError,
  PbcError,
  TimeoutError,
} from '../api/index.js';
import {
  DEFAULT_INTERVALS,
  type Fetchers,
  fetchers,
  HEADER_RESOURCES,
  type ResourceKey,
} from './resources.js';
import {
  type ConsoleStore,
  commitFailure,
  commitSuccess,
  type ErrorKind,
  markInFlight,
  markRebooting,
  setIntervals,
} from './store.js';

const MAX_BACKOFF_MS = 60_000;

export interface PollerOptions {
  user?: string;
  intervals?: Partial<Record<ResourceKey, number>>;
  now?: () => number;
  random?: () => number;
  /** Timer functions, for tests. */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

function errorKind(e: unknown): ErrorKind {
  if (e instanceof TimeoutError) return 'timeout';
  if (e instanceof ConnectionError) return 'connection';
  if (e instanceof AuthError || e instanceof ForbiddenError) return 'auth';
  if (e instanceof ParseError) return 'parse';
  if (e instanceof DeviceError && e.status === 503) return 'unavailable';
  if (e instanceof DeviceError) return 'device';
  return 'other';
}

/** Delay after `failures` consecutive failures: interval·2^n, capped, ±25 % jitter. */
export function backoff(
  interval: number,
  failures: number,
  random: () => number = Math.random,
): number {
  if (failures <= 0) return interval;
  const base = Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(failures, 10));
  return Math.round(base * (0.75 + 0.5 * random()));
}

export class Poller {
  private readonly fetch: Fetchers;
  private readonly intervals: Record<ResourceKey, number>;
  private readonly timers = new Map<ResourceKey, unknown>();
  private demand = new Set<ResourceKey>(HEADER_RESOURCES);
  private stopped = false;
  private paused = false;
  /** Requests started, per resource (for tests and benchmarks). */
  readonly started = new Map<ResourceKey, number>();
  /** Per resource: fetches begun, and the latest of them whose answer was committed. */
  private readonly begun = new Map<ResourceKey, number>();
  private readonly committed = new Map<ResourceKey, number>();
  /** Per resource: this console's writes of it, counted at their start and at their end. */
  private readonly writes = new Map<ResourceKey, number>();
  /** Per resource: that count when the fetch of the data held began. */
  private readonly writesAtHeld = new Map<ResourceKey, number>();
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;

  constructor(
    private readonly client: Client,
    private readonly store: ConsoleStore,
    options: PollerOptions = {},
  ) {
    this.fetch = fetchers(options.user);
    this.intervals = { ...DEFAULT_INTERVALS, ...options.intervals };
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms).unref());
    this.clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as NodeJS.Timeout));
    setIntervals(store, this.intervals);
  }

  /** This console sent a reboot: the header says rebooting until the device is back. */
  expectReboot(): void {
    markRebooting(this.store, this.now());
  }

  /** The wait for that reboot ended (the device is back, or pbc gave up or stopped waiting). */
  rebootOver(): void {
    this.store.setState({ reboot: undefined });
  }

  interval(key: ResourceKey): number {
    return this.intervals[key];
  }

  /** The visible screen's resources; the header's are always added. */
  setDemand(keys: readonly ResourceKey[]): void {
    const next = new Set<ResourceKey>([...HEADER_RESOURCES, ...keys]);
    for (const k of this.demand) if (!next.has(k)) this.cancel(k);
    const added = [...next].filter((k) => !this.demand.has(k));
    this.demand = next;
    if (this.paused || this.stopped) return;
    for (const k of added) this.run(k);
  }

  demanded(): ResourceKey[] {
    return [...this.demand];
  }

  /**
   * A write of this console that changes `keys` begins; call the answer once it has ended.
   * A difference between two polls with no write of the resource begun or ended between the
   * first's start and the second's commit is someone else's (the store's `observed`).
   */
  writing(keys: readonly ResourceKey[]): () => void {
    const count = () => {
      for (const k of keys) this.writes.set(k, (this.writes.get(k) ?? 0) + 1);
    };
    count();
    return count;
  }

  /** Polls now (all demanded resources, or the given ones), whatever their schedule. */
  refresh(keys: readonly ResourceKey[] = [...this.demand]): void {
    if (this.stopped) return;
    for (const k of keys) {
      this.cancel(k);
      this.run(k);
    }
  }

  /**
   * Fetches these resources now — after a write, whatever their schedule, demand or pause,
   * even with a poll of them under way — and commits each answer the way a poll does
   * (commitSuccess / commitFailure). Resolves when every one is committed; never rejects.
   * This is the one route by which the console sees what a write changed.
   */
  async refreshNow(keys: readonly ResourceKey[]): Promise<void> {
    const unique = [...new Set(keys)];
    for (const k of unique) this.cancel(k);
    await Promise.all(unique.map((k) => this.poll(k)));
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.store.setState({ paused });
    if (paused) for (const k of [...this.timers.keys()]) this.cancel(k);
    else this.refresh();
  }

  /**
   * Polls waiting for their time (0 while paused or stopped): with none scheduled and none in
   * flight, no request can come from this poller until something starts it again.
   */
  scheduled(): number {
    return this.timers.size;
  }

  isPaused(): boolean {
    return this.paused;
  }

  start(): void {
    this.stopped = false;
    this.refresh();
  }

  stop(): void {
    this.stopped = true;
    for (const k of [...this.timers.keys()]) this.cancel(k);
  }

  private cancel(key: ResourceKey): void {
    const t = this.timers.get(key);
    if (t !== undefined) this.clearTimer(t);
    this.timers.delete(key);
  }

  private schedule(key: ResourceKey, ms: number): void {
    if (this.stopped || this.paused || !this.demand.has(key)) return;
    this.cancel(key);
    this.timers.set(
      key,
      this.setTimer(() => {
        this.timers.delete(key);
        this.run(key);
      }, ms),
    );
  }

  private run(key: ResourceKey): void {
    if (this.stopped || this.paused || !this.demand.has(key)) return;
    if (this.store.getState().resources[key].inFlight) return; // one request in flight per resource
    void this.poll(key);
  }

  /**
   * One fetch of `key`, committed unless a fetch started later has already committed (an
   * answer that was under way when the device changed must not undo a refresh after the
   * change); then its next poll is scheduled.
   */
  private async poll(key: ResourceKey): Promise<void> {
    const generation = (this.begun.get(key) ?? 0) + 1;
    this.begun.set(key, generation);
    this.started.set(key, (this.started.get(key) ?? 0) + 1);
    const writes = this.writes.get(key) ?? 0;
    markInFlight(this.store, key);
    const fetcher = this.fetch[key] as (c: Client) => Promise<never>;
    let outcome: { data: never } | { error: unknown };
    try {
      outcome = { data: await fetcher(this.client) };
    } catch (e) {
      outcome = { error: e };
    }
    if (generation < (this.committed.get(key) ?? 0)) return; // a newer answer is in
    this.committed.set(key, generation);
    if ('data' in outcome) this.succeeded(key, outcome.data, writes);
    else this.failed(key, outcome.error);
  }

  /** `writes`: this console's write count of `key` when the fetch began. */
  private succeeded(key: ResourceKey, data: never, writes: number): void {
    const recovered = this.store.getState().resources[key].failures > 0;
    // a poller's first answer is not compared: the data held may be another connection's
    const held = this.writesAtHeld.get(key);
    const outside = held !== undefined && (this.writes.get(key) ?? 0) === held;
    this.writesAtHeld.set(key, writes);
    commitSuccess(this.store, key, data, this.now(), outside);
    this.schedule(key, this.intervals[key]);
    // an error of a resource no longer polled (its screen was left) would stay forever
    const last = this.store.getState().lastError;
    if (last && !this.demand.has(last.key)) this.store.setState({ lastError: undefined });
    // The device answers again: ask now for everything still waiting out a backoff.
    if (recovered)
      this.refresh(
        [...this.demand].filter(
          (k) => k !== key && this.store.getState().resources[k].failures > 0,
        ),
      );
  }

  private failed(key: ResourceKey, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    const status = e instanceof PbcError ? e.status : undefined;
    commitFailure(this.store, key, message, errorKind(e), this.now(), status);
    const failures = this.store.getState().resources[key].failures;
    // The heartbeat keeps its interval, so a device that answers again is seen within it.
    this.schedule(
      key,
      key === this.heartbeat()
        ? this.intervals[key]
        : backoff(this.intervals[key], failures, this.random),
    );
  }

  /**
   * The demanded resource with the shortest interval. While the device fails it alone
   * polls at its interval (the others back off); its first answer brings the rest back.
   */
  private heartbeat(): ResourceKey | undefined {
    let best: ResourceKey | undefined;
    for (const k of this.demand)
      if (best === undefined || this.intervals[k] < this.intervals[best]) best = k;
    return best;
  }
}

export { type Connection, connectionOf } from './freshness.js';
