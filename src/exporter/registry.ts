/**
 * One scrape's metrics as a prom-client Registry: a fresh Registry per scrape holding a Gauge
 * or Counter per metric of the catalogue (with its label names), filled from the devices'
 * answers of that scrape only — so a device that did not answer has no series left over from
 * an earlier scrape (no stale series). Prometheus pulls the text (`await registry.metrics()`,
 * served as `registry.contentType`).
 *
 * Counters: prom-client counters only go up (`inc`), so a fresh Counter gets the device's
 * value with one `inc(labels, value)`. 64-bit counters (bigint) become a JavaScript number by
 * `Number(v)`, which rounds to the nearest float64: exact up to 2^53, and monotone above it
 * (a larger counter never becomes a smaller number), so rounding never fakes a counter reset.
 * Prometheus stores float64 samples, so what it stores is the same as from exact digits
 * (docs/fleet.md, "64-bit counters").
 */
import { Counter, Gauge, Registry } from 'prom-client';

export type MetricType = 'counter' | 'gauge';

export interface MetricDef {
  name: string;
  type: MetricType;
  help: string;
  /** The label names every sample of the metric has, in this order. */
  labels: readonly string[];
}

export type Labels = Readonly<Record<string, string>>;

/** A device's value as prom-client takes it: bigint rounded to the nearest float64 (monotone). */
export function sampleValue(v: number | bigint): number {
  return typeof v === 'bigint' ? Number(v) : v;
}

/** The metrics of one scrape; `registry()` holds the families that got a sample, in catalogue order. */
export class ScrapeRegistry {
  private readonly metrics = new Map<string, { def: MetricDef; metric: Gauge | Counter }>();
  private readonly used = new Set<string>();

  constructor(defs: readonly MetricDef[]) {
    for (const def of defs) {
      const config = { name: def.name, help: def.help, labelNames: def.labels, registers: [] };
      const metric = def.type === 'counter' ? new Counter(config) : new Gauge(config);
      this.metrics.set(def.name, { def, metric });
    }
  }

  /** One sample. A counter's value is set once per scrape (a second add to one series adds up). */
  add(name: string, labels: Labels, value: number | bigint): void {
    const m = this.metrics.get(name);
    if (!m) throw new Error(`undeclared metric '${name}'`);
    for (const k of m.def.labels)
      if (labels[k] === undefined) throw new Error(`${name}: label '${k}' missing`);
    const v = sampleValue(value);
    if (m.metric instanceof Counter) m.metric.inc(labels, v);
    else m.metric.set(labels, v);
    this.used.add(name);
  }

  /** A Registry of the metrics that have samples (families without any are left out). */
  registry(): Registry {
    const r = new Registry();
    for (const [name, { metric }] of this.metrics)
      if (this.used.has(name)) r.registerMetric(metric);
    return r;
  }
}
