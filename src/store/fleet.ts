/**
 * The fleet screen's data: one summary per device of a `--fleet` (identity, TCAM, the
 * environment, port stats and rates, ports, rules and groups for OVERSUB), polled by one
 * FleetPoller for all devices — one fleet store of summaries, not a console store per
 * device: a device's full store exists only while it is open.
 *
 * Polling: each device's resources at the Overview's intervals (DEFAULT_INTERVALS); hidden
 * devices `hiddenFactor` times slower — while a device is open every other one, and on the
 * fleet screen the rows its `/` filter leaves out (`setHidden`); at
 * most `concurrency` requests at once; and one budget for all devices, `budget` requests a
 * second (a token bucket of one second's worth): 100 devices stay within 10 requests/s, the
 * intervals stretching as needed, the due-soonest first.
 *
 * The open device is not polled here: its own console polls it, its row is fed from that
 * console's answers (`record`, fleet-feed.ts), and that console's requests are charged to
 * the same budget (`charge`), so the fleet and the open device together stay within it.
 */
import type { Client } from '../api/index.js';
import type {
  Environment,
  FlowNumbers,
  Group,
  PortConfig,
  PortInfo,
  PortStats,
  Rule,
} from '../model/index.js';
import { emptyRates, type RateState, updateRates } from './rates.js';
import { DEFAULT_INTERVALS } from './resources.js';

export interface FleetIdentity {
  name: string;
  model: string;
  firmware: string;
}

export interface FleetData {
  identity: FleetIdentity;
  flows: FlowNumbers;
  environment: Environment;
  stats: PortStats[];
  info: PortInfo[];
  config: PortConfig[];
  rules: Rule[];
  groups: Group[];
}
export type FleetKey = keyof FleetData;

/** Requests each resource costs (identity reads three endpoints). */
const COST: Record<FleetKey, number> = {
  identity: 3,
  flows: 1,
  environment: 1,
  stats: 1,
  info: 1,
  config: 1,
  rules: 1,
  groups: 1,
};
export const FLEET_KEYS = Object.keys(COST) as FleetKey[];

/**
 * How far requests charged from outside (the open console) may put the budget into debt, in
 * seconds of budget: a console that alone sends more than the budget stops the fleet's
 * polling (the total stays that console's), and 10 s after it stops the fleet polls again.
 */
const DEBT_SECONDS = 10;

const FETCH: { [K in FleetKey]: (c: Client) => Promise<FleetData[K]> } = {
  identity: async (c) => {
    const [name, model, firmware] = await Promise.all([
      c.device.name(),
      c.device.model(),
      c.device.imageVersion(),
    ]);
    return { name: String(name), model: String(model), firmware: String(firmware) };
  },
  flows: (c) => c.device.flowNumbers(),
  environment: (c) => c.device.environment(),
  stats: (c) => c.ports.stats(),
  info: (c) => c.ports.info(),
  config: (c) => c.ports.config(),
  rules: async (c) => (await c.rules.list()).rules,
  groups: (c) => c.groups.list(),
};

export interface DeviceSummary {
  name: string;
  url: string;
  data: Partial<FleetData>;
  rates: RateState;
  /**
   * When the last answer arrived, and the last failure (newer than it: the device is down;
   * `since`: its first failure after that answer).
   */
  okAt?: number;
  error?: { message: string; at: number; since?: number };
}

export type Reachability = 'live' | 'stale' | 'down' | 'unknown';

/** live: answering; stale: no answer for 30 s (its figures are old); down: its last request failed. */
export function reachability(d: DeviceSummary, now: number): Reachability {
  if (d.error && (d.okAt === undefined || d.error.at > d.okAt)) return 'down';
  if (d.okAt === undefined) return 'unknown';
  return now - d.okAt > 30_000 ? 'stale' : 'live';
}

/** A failure recorded: since when the device has not answered (kept while it keeps failing). */
function failed(s: DeviceSummary, message: string, at: number): DeviceSummary {
  const stillDown = s.error && (s.okAt === undefined || s.error.at > s.okAt);
  return { ...s, error: { message, at, since: stillDown ? (s.error?.since ?? at) : at } };
}

export interface FleetDevice {
  name: string;
  url: string;
  client: Client;
}

export interface FleetPollerOptions {
  concurrency?: number;
  /** Requests per second for all devices together. */
  budget?: number;
  hiddenFactor?: number;
  intervals?: Partial<Record<FleetKey, number>>;
  now?: () => number;
  tickMs?: number;
}

/** One store of summaries, subscribed to by the fleet screen. */
export class FleetPoller {
  private summaries: DeviceSummary[];
  private readonly listeners = new Set<() => void>();
  private readonly due = new Map<string, number>();
  private readonly inFlight = new Set<string>();
  private readonly failures = new Map<string, number>();
  private tokens: number;
  private lastRefill: number;
  private timer?: NodeJS.Timeout;
  private open: string | null = null;
  private hidden = new Set<string>();
  private readonly concurrency: number;
  private readonly budget: number;
  private readonly hiddenFactor: number;
  private readonly intervals: Record<FleetKey, number>;
  private readonly now: () => number;

  constructor(
    readonly devices: readonly FleetDevice[],
    private readonly options: FleetPollerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 4;
    this.budget = options.budget ?? 10;
    this.hiddenFactor = options.hiddenFactor ?? 5;
    this.now = options.now ?? Date.now;
    const intervals: Record<FleetKey, number> = {
      identity: DEFAULT_INTERVALS.identity,
      flows: DEFAULT_INTERVALS.flows,
      environment: DEFAULT_INTERVALS.environment,
      stats: DEFAULT_INTERVALS.stats,
      info: DEFAULT_INTERVALS.info,
      config: DEFAULT_INTERVALS.config,
      rules: DEFAULT_INTERVALS.rules,
      groups: DEFAULT_INTERVALS.groups,
    };
    this.intervals = { ...intervals, ...options.intervals };
    this.summaries = devices.map((d) => ({
      name: d.name,
      url: d.url,
      data: {},
      rates: emptyRates(),
    }));
    this.tokens = this.budget;
    this.lastRefill = this.now();
    const t = this.now();
    for (const d of devices) for (const k of FLEET_KEYS) this.due.set(`${d.name}\u0000${k}`, t);
  }

  getState(): readonly DeviceSummary[] {
    return this.summaries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The device shown on its own (null: the fleet screen): it is left to its own console
   * (not polled here), the others are polled slower.
   */
  setOpen(name: string | null): void {
    this.changeSlow(() => {
      this.open = name;
    });
  }

  /** The devices the fleet screen does not show (its `/` filter left them out): polled slower. */
  setHidden(names: Iterable<string>): void {
    const next = new Set(names);
    if (next.size === this.hidden.size && [...next].every((n) => this.hidden.has(n))) return;
    this.changeSlow(() => {
      this.hidden = next;
    });
  }

  /** Polled `hiddenFactor` times slower: not the open device, or filtered out of the screen. */
  slowed(device: string): boolean {
    return (this.open !== null && this.open !== device) || this.hidden.has(device);
  }

  /** A device that is polled at its full rate again is due now (not at its slow schedule). */
  private changeSlow(change: () => void): void {
    const before = new Set(this.devices.filter((d) => this.slowed(d.name)).map((d) => d.name));
    change();
    const t = this.now();
    for (const name of before) {
      if (this.slowed(name)) continue;
      for (const k of FLEET_KEYS) {
        const id = `${name}\u0000${k}`;
        if ((this.due.get(id) ?? t) > t) this.due.set(id, t);
      }
    }
  }

  /**
   * Requests sent to a device by someone else (the open device's console): taken from the
   * same budget. The bucket goes into debt (a console's first round or identity read is a
   * burst), up to DEBT_SECONDS of budget: the fleet then waits until it is paid back.
   */
  charge(requests = 1): void {
    this.refill(this.now());
    this.tokens = Math.max(-this.budget * DEBT_SECONDS, this.tokens - requests);
  }

  /** What is left of the budget now, requests (below 0: a debt). Tests read it. */
  budgetLeft(): number {
    this.refill(this.now());
    return this.tokens;
  }

  /** Requests of the fleet's own under way: 0 when every one it started has ended. */
  busy(): number {
    return this.inFlight.size;
  }

  /** An answer for one device got elsewhere (its open console): its row shows it. */
  record<K extends FleetKey>(name: string, key: K, value: FleetData[K], at = this.now()): void {
    if (!this.devices.some((d) => d.name === name)) return;
    this.commit(name, key, value, at);
  }

  /** A failure of one device seen elsewhere (its open console): its row reads down. */
  recordError(name: string, message: string, at = this.now()): void {
    if (!this.devices.some((d) => d.name === name)) return;
    this.update(name, (s) => failed(s, message, at));
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 100);
    this.timer.unref?.();
    this.tick();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private interval(device: string, key: FleetKey): number {
    const base = this.intervals[key];
    return this.slowed(device) ? base * this.hiddenFactor : base;
  }

  /** Starts what is due, soonest first, within the concurrency and the request budget. */
  tick(): void {
    const t = this.now();
    this.refill(t);
    const skip = this.open === null ? null : `${this.open}\u0000`;
    const ready = [...this.due.entries()]
      .filter(([id, at]) => at <= t && !this.inFlight.has(id) && !(skip && id.startsWith(skip)))
      .sort((a, b) => a[1] - b[1]);
    for (const [id] of ready) {
      if (this.inFlight.size >= this.concurrency) return;
      const [name, key] = id.split('\u0000') as [string, FleetKey];
      if (this.tokens < COST[key]) return;
      this.tokens -= COST[key];
      this.inFlight.add(id);
      void this.poll(name, key).finally(() => this.inFlight.delete(id));
    }
  }

  private refill(t: number): void {
    // one second's budget saved up at most (never less than the dearest resource costs)
    const most = Math.max(this.budget, COST.identity);
    this.tokens = Math.min(most, this.tokens + ((t - this.lastRefill) / 1000) * this.budget);
    this.lastRefill = t;
  }

  private commit(name: string, key: FleetKey, value: FleetData[FleetKey], at: number): void {
    this.update(name, (s) => {
      const data = { ...s.data, [key]: value };
      // back from down (restarted, or unreachable for a while): its counters start again, a
      // first sample is not a rate
      const before = reachability(s, at) === 'down' ? emptyRates() : s.rates;
      const rates = key === 'stats' ? updateRates(before, value as PortStats[], at) : s.rates;
      return { ...s, data, rates, okAt: at };
    });
  }

  private async poll(name: string, key: FleetKey): Promise<void> {
    const device = this.devices.find((d) => d.name === name)!;
    const id = `${name}\u0000${key}`;
    try {
      const value = await FETCH[key](device.client);
      this.failures.delete(id);
      this.commit(name, key, value, this.now());
      this.due.set(id, this.now() + this.interval(name, key));
    } catch (e) {
      const n = (this.failures.get(id) ?? 0) + 1;
      this.failures.set(id, n);
      const message = e instanceof Error ? e.message : String(e);
      this.update(name, (s) => failed(s, message, this.now()));
      // a device that does not answer is asked again later and later, up to a minute
      const wait = Math.min(60_000, this.interval(name, key) * 2 ** Math.min(n, 5));
      this.due.set(id, this.now() + wait);
    }
  }

  private update(name: string, f: (s: DeviceSummary) => DeviceSummary): void {
    this.summaries = this.summaries.map((s) => (s.name === name ? f(s) : s));
    for (const l of this.listeners) l();
  }
}
