/**
 * Output formats. JSON and YAML carry 64-bit values (cookies, rule and port counters) as
 * exact decimal strings; tables are built lazily (table.ts) so `-o json` never loads them.
 */
import { loadYaml } from '../config/yaml.js';
import { UsageError } from '../model/errors.js';

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

/**
 * Code points JSON.stringify and yaml leave raw although a terminal may act on them: DEL,
 * the C1 controls (U+009B is CSI, U+0085 a line break) and the bidi overrides `sanitize`
 * also neutralizes. Device strings are untrusted, and the output may go to a terminal.
 */
const RAW_CONTROL = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const RAW_CONTROLS = new RegExp(RAW_CONTROL.source, 'g');

/**
 * JSON text (or YAML whose strings holding such code points are double-quoted) with them
 * as \uXXXX escapes: they only occur inside quoted strings, which parse back the same.
 */
export function escapeControls(text: string): string {
  return RAW_CONTROL.test(text)
    ? text.replace(RAW_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : text;
}

export async function serialize(format: 'json' | 'yaml', data: unknown): Promise<string> {
  const plain = toPlain(data);
  if (format === 'json') return escapeControls(`${JSON.stringify(plain, null, 2)}\n`);
  const { Document, visit } = await loadYaml();
  const doc = new Document(plain);
  // Only a double-quoted scalar can carry an escape (keys are scalars too).
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && RAW_CONTROL.test(node.value))
        node.type = 'QUOTE_DOUBLE';
    },
  });
  return escapeControls(doc.toString({ lineWidth: 0 }));
}

export function write(text: string): void {
  process.stdout.write(text.endsWith('\n') || text === '' ? text : `${text}\n`);
}
