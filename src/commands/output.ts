/**
 * Output formats. JSON and YAML carry 64-bit values (cookies, rule and port counters) as
 * exact decimal strings; tables are built lazily (table.ts) so `-o json` never loads them.
 */
import { UsageError } from './errors.js';

export type Format = 'table' | 'json' | 'yaml';

/** -o/--output, else table on a terminal and JSON in a pipe or file. */
export function pickFormat(
  option: string | undefined,
  isTty = Boolean(process.stdout.isTTY),
): Format {
  if (option === undefined || option === '') return isTty ? 'table' : 'json';
  const o = option.toLowerCase();
  if (o === 'table' || o === 'json' || o === 'yaml') return o;
  if (o === 'yml') return 'yaml';
  throw new UsageError(`unknown output format '${option}' (use -o table, -o json or -o yaml)`);
}

/** bigint → decimal string, at any depth; everything else as JSON would see it. */
export function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toPlain(v);
    return out;
  }
  return value;
}

type YamlModule = typeof import('yaml');

/**
 * yaml is CommonJS: in esbuild's code-split bundle a dynamic import of it yields only
 * `default` (module.exports), under Node/vitest a namespace with both. Take either.
 */
export async function loadYaml(): Promise<YamlModule> {
  const mod = (await import('yaml')) as YamlModule & { default?: YamlModule };
  return mod.default ?? mod;
}

export async function serialize(format: 'json' | 'yaml', data: unknown): Promise<string> {
  const plain = toPlain(data);
  if (format === 'json') return `${JSON.stringify(plain, null, 2)}\n`;
  const { stringify } = await loadYaml();
  return stringify(plain, { lineWidth: 0 });
}

export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
}
