/**
 * One scrape of a fleet: every device read at once (at most `concurrency` at a time), each
 * device's answers kept for `cacheMs` so that two Prometheus servers scraping the same
 * exporter do not double the load, and a fetch already under way is joined, not repeated.
 * A device that does not answer in time gives `pbc_up{device} 0` and no other series; its
 * answer, when it comes (within LATE_ANSWER_MAX_AGE_MS), serves the next scrape.
 */
import type { Registry } from 'prom-client';
import type { Client } from '../api/client.js';
import { DEFAULT_LIMITS, type SeriesLimits } from './bounds.js';
import {
  addDeviceSamples,
  type DeviceSnapshot,
  type Health,
  METRICS,
  readSnapshot,
} from './metrics.js';
import { ScrapeRegistry } from './registry.js';

export interface Target {
  /** The `device` label: the context's name. */
  name: string;
  client: Client;
}

export interface CollectorOptions {
  /** How long one device's answers (or its failure) are reused, ms. */
  cacheMs: number;
  /** Devices read at the same time. */
  concurrency: number;
  /**
   * How long environment, load average and memory (which change slowly) are reused, ms
   * (default 10 s): a scrape then sends 3 GETs to a device instead of 6.
   */
  healthMs?: number;
  /** Rules whose counters are exported (by name); none when empty. */
  ruleNames: ReadonlySet<string>;
  /** Series per device (bounds.ts); DEFAULT_LIMITS when not given. */
  limits?: SeriesLimits;
  now?: () => number;
  /** Told when a device stops or starts answering (once per change, not per scrape). */
  onChange?: (device: string, up: boolean, why: string) => void;
}

type Result = { ok: true; snap: DeviceSnapshot; seconds: number } | { ok: false; why: string };

interface Entry {
  started: number;
  promise: Promise<Result>;
  result?: Result;
  /** When the result came (collector clock). */
  arrived?: number;
  /** A scrape has exported this result (else it came after its scrape's deadline, or unasked). */
  served?: boolean;
}

/**
 * How old an answer no scrape has had yet (it came after its scrape's deadline) may be and
 * still serve the next scrape: Prometheus's own lookback (5 min), beyond which it would read
 * the series as stale anyway.
 */
export const LATE_ANSWER_MAX_AGE_MS = 5 * 60_000;

export class FleetCollector {
  private readonly entries = new Map<string, Entry>();
  private readonly health = new Map<string, { at: number; health: Health }>();
  private readonly up = new Map<string, boolean>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly now: () => number;

  constructor(
    readonly targets: readonly Target[],
    private readonly options: CollectorOptions,
  ) {
    const names = new Set<string>();
    for (const t of targets) {
      if (names.has(t.name)) throw new Error(`device '${t.name}' is listed twice`);
      names.add(t.name);
    }
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * One scrape: a fresh prom-client Registry holding this scrape's samples only (its text is
   * `await registry.metrics()`); devices not answered within `deadlineMs` read as down.
   */
  async scrape(deadlineMs: number): Promise<Registry> {
    const entries = this.targets.map((t) => this.result(t));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), Math.max(0, deadlineMs));
    });
    const results = await Promise.all(entries.map((e) => Promise.race([e.promise, late])));
    clearTimeout(timer);
    entries.forEach((e, i) => {
      if (results[i] !== 'late') e.served = true;
    });
    const out = new ScrapeRegistry(METRICS);
    this.targets.forEach((t, i) => {
      const r = results[i]!;
      const ok = r !== 'late' && r.ok;
      out.add('pbc_up', { device: t.name }, ok ? 1 : 0);
      this.note(
        t.name,
        ok,
        r === 'late' ? 'no answer within the scrape timeout' : r.ok ? '' : r.why,
      );
      if (r === 'late' || !r.ok) return;
      out.add('pbc_scrape_duration_seconds', { device: t.name }, r.seconds);
      addDeviceSamples(out, t.name, r.snap);
    });
    return out.registry();
  }

  private note(device: string, up: boolean, why: string): void {
    if (this.up.get(device) === up) return;
    const known = this.up.has(device);
    this.up.set(device, up);
    // the first scrape reports only devices that are down
    if (known || !up) this.options.onChange?.(device, up, why);
  }

  /**
   * The read this scrape exports: the one under way (joined), the cached one while it is
   * fresh, a late answer no scrape has had yet (the device is then read again for the next
   * scrape), else a new read.
   */
  private result(t: Target): Entry {
    const e = this.entries.get(t.name);
    const now = this.now();
    if (e && (e.result === undefined || now - e.started < this.options.cacheMs)) return e;
    const unserved =
      e && !e.served && e.arrived !== undefined && now - e.arrived < LATE_ANSWER_MAX_AGE_MS;
    const entry: Entry = { started: now, promise: this.fetch(t) };
    entry.promise.then((r) => {
      entry.result = r;
      entry.arrived = this.now();
    });
    this.entries.set(t.name, entry);
    return unserved ? e : entry;
  }

  private async fetch(t: Target): Promise<Result> {
    await this.slot();
    const started = performance.now();
    const now = this.now();
    const last = this.health.get(t.name);
    const reuse =
      last && now - last.at < (this.options.healthMs ?? 10_000) ? last.health : undefined;
    try {
      const limits = this.options.limits ?? DEFAULT_LIMITS;
      const { snap, health } = await readSnapshot(t.client, this.options.ruleNames, limits, reuse);
      if (!reuse) this.health.set(t.name, { at: now, health });
      return { ok: true, snap, seconds: (performance.now() - started) / 1000 };
    } catch (e) {
      // a device that comes back is read whole
      this.health.delete(t.name);
      return { ok: false, why: (e as Error).message };
    } finally {
      this.release();
    }
  }

  private slot(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
