/**
 * The Prometheus text exposition format (version 0.0.4), written by hand: `# HELP`, `# TYPE`,
 * then every sample of the family. Written here rather than with prom-client (not a
 * dependency) because the device's counters are 64-bit (bigint): a bigint is written as its
 * exact decimal text, never through a float64, so a reader that parses integers exactly sees
 * the device's value, and Prometheus, which parses into a float64, rounds to nearest, which
 * never makes a larger counter smaller (see docs/fleet.md, "64-bit counters").
 */

export type MetricType = 'counter' | 'gauge';

export interface MetricDef {
  name: string;
  type: MetricType;
  help: string;
}

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  labels: Labels;
  value: number | bigint;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A sample value: bigint exact, numbers as JavaScript prints them, NaN and ±Inf spelled out. */
export function formatValue(v: number | bigint): string {
  if (typeof v === 'bigint') return v.toString();
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

/** A label value: backslash, double quote and line feed escaped (the format's only escapes). */
export function escapeLabelValue(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function labelText(labels: Labels): string {
  const keys = Object.keys(labels);
  if (keys.length === 0) return '';
  return `{${keys.map((k) => `${k}="${escapeLabelValue(labels[k]!)}"`).join(',')}}`;
}

/** Samples grouped by family, in the order the families were declared. */
export class Exposition {
  private readonly families = new Map<string, { def: MetricDef; samples: string[] }>();

  constructor(defs: readonly MetricDef[]) {
    for (const def of defs) {
      if (!NAME.test(def.name)) throw new Error(`bad metric name '${def.name}'`);
      this.families.set(def.name, { def, samples: [] });
    }
  }

  add(name: string, labels: Labels, value: number | bigint): void {
    const family = this.families.get(name);
    if (!family) throw new Error(`undeclared metric '${name}'`);
    for (const k of Object.keys(labels))
      if (!LABEL.test(k)) throw new Error(`bad label name '${k}' on ${name}`);
    family.samples.push(`${name}${labelText(labels)} ${formatValue(value)}`);
  }

  /** The whole text; families without samples are left out. Ends with a line feed. */
  text(): string {
    let out = '';
    for (const { def, samples } of this.families.values()) {
      if (samples.length === 0) continue;
      out += `# HELP ${def.name} ${escapeHelp(def.help)}\n# TYPE ${def.name} ${def.type}\n`;
      out += `${samples.join('\n')}\n`;
    }
    return out;
  }
}
