/**
 * DesiredConfig → the config file's text, YAML or JSON, in a stable order (rules as given —
 * export sorts them by priority —, groups by id, ports by name; fields in a fixed order),
 * cookies as strings. parseDesired reads it back to the same config (a property test holds
 * them to that). YAML gets a header naming the device, the time and the JSON Schema.
 */
import { Document, isScalar, Scalar, visit, YAMLMap, YAMLSeq } from 'yaml';
import { byPortName } from './export.js';
import {
  BUCKET_FIELDS,
  GROUP_FIELDS,
  HASH_FIELDS,
  PORT_BOOL_FIELDS,
  PORT_TEXT_FIELDS,
} from './fields.js';
import type { DesiredConfig } from './types.js';

/** Where editors find the schema: a copy of docs/schema/pbc-config.schema.json beside the file. */
export const SCHEMA_REF = 'pbc-config.schema.json';

export interface FormatHeader {
  /** The device the configuration was read from (its URL or name). */
  device?: string;
  /** When it was read. */
  at?: Date;
}

/** Rule fields in the order they are written (RULE_FIELDS is the parser's list). */
const RULE_ORDER = ['priority', 'name', 'description', 'match', 'actions', 'cookie'] as const;
const PORT_ORDER = [...PORT_TEXT_FIELDS, ...PORT_BOOL_FIELDS];

function pick<T extends object>(o: T, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The config as plain data in the file's order, without positions. */
export function plainDesired(config: DesiredConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (config.rules)
    out.rules = config.rules.map((r) => ({
      ...pick(r, RULE_ORDER),
      match: { ...r.match },
      actions: [...r.actions],
    }));
  if (config.groups)
    out.groups = [...config.groups]
      .sort((a, b) => a.id - b.id)
      .map((g) => ({
        ...pick(g, GROUP_FIELDS),
        buckets: g.buckets.map((b) => ({ ...pick(b, BUCKET_FIELDS), actions: [...b.actions] })),
      }));
  if (config.ports) {
    const ports: Record<string, unknown> = {};
    for (const name of Object.keys(config.ports).sort(byPortName))
      ports[name] = pick(config.ports[name]!, PORT_ORDER);
    out.ports = ports;
  }
  if (config.group_hash) out.group_hash = pick(config.group_hash, HASH_FIELDS);
  if (config.boot_savepoint !== undefined) out.boot_savepoint = config.boot_savepoint;
  return out;
}

// Code points yaml and JSON.stringify leave raw although a terminal may act on them (the
// same set as src/commands/output.ts): written as \uXXXX inside double quotes.
const RAW_CONTROL = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const escapeControls = (text: string) =>
  text.replace(
    new RegExp(RAW_CONTROL.source, 'g'),
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** A decimal integer without leading zeros reads back as the same text when written plainly. */
const PLAIN_INT = /^(0|[1-9][0-9]{0,30})$/;

/** Port numbers and speeds written plainly in YAML (`in_port: 1`, `- 3`), not as "1". */
function plainNumbers(plain: Record<string, unknown>): Record<string, unknown> {
  const num = (v: string): string | number =>
    PLAIN_INT.test(v) && BigInt(v) < 2n ** 53n ? Number(v) : v;
  const actions = (list: unknown) => (list as string[]).map(num);
  type Obj = Record<string, unknown>;
  const out: Obj = { ...plain };
  if (plain.rules)
    out.rules = (plain.rules as Obj[]).map((r) => ({
      ...r,
      match: Object.fromEntries(
        Object.entries(r.match as Obj).map(([k, v]) => [k, num(v as string)]),
      ),
      actions: actions(r.actions),
    }));
  if (plain.groups)
    out.groups = (plain.groups as Obj[]).map((g) => ({
      ...g,
      buckets: (g.buckets as Obj[]).map((b) => ({
        ...b,
        ...(b.watch_port !== undefined ? { watch_port: num(b.watch_port as string) } : {}),
        actions: actions(b.actions),
      })),
    }));
  if (plain.ports)
    out.ports = Object.fromEntries(
      Object.entries(plain.ports as Obj).map(([name, p]) => {
        const port = p as Obj;
        return [
          name,
          port.speed !== undefined ? { ...port, speed: num(port.speed as string) } : port,
        ];
      }),
    );
  return out;
}

export function formatDesired(
  config: DesiredConfig,
  format: 'yaml' | 'json',
  header: FormatHeader = {},
): string {
  const plain = plainDesired(config);
  if (format === 'json')
    return escapeControls(`${JSON.stringify({ $schema: SCHEMA_REF, ...plain }, null, 2)}\n`);
  const doc = new Document(plainNumbers(plain));
  visit(doc, {
    Pair(_k, pair, path) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const parent = path[path.length - 1];
      // match and actions on one line each: `match: { in_port: 1, tcp: "" }`.
      if ((key === 'match' || key === 'actions') && parent instanceof YAMLMap) {
        if (pair.value instanceof YAMLMap || pair.value instanceof YAMLSeq) pair.value.flow = true;
      }
    },
    Scalar(_key, node) {
      if (typeof node.value === 'string' && RAW_CONTROL.test(node.value))
        node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  const lines = [
    '# pbc configuration (pbc export): pbc diff -f FILE shows what apply would change',
  ];
  if (header.device) lines.push(`# device: ${oneLine(header.device)}`);
  if (header.at) lines.push(`# read at: ${header.at.toISOString()}`);
  lines.push(`# yaml-language-server: $schema=${SCHEMA_REF}`);
  return escapeControls(`${lines.join('\n')}\n${doc.toString({ lineWidth: 0 })}`);
}

const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
