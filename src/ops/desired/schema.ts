/**
 * The JSON Schema (draft 2020-12) of the config file, generated from the vocabulary
 * (src/model/vocabulary.ts, dialect.ts) and the parser's own field lists (file.ts), so it
 * cannot drift from what parseDesired accepts. `node scripts/gen-schema.mjs` writes it to
 * docs/schema/pbc-config.schema.json; a test fails when the shipped copy is out of date.
 *
 * The schema is the shape (fields, types, simple ranges) that editors complete and check as
 * you type; parseDesired holds every rule to the rule editor's full validation besides.
 */
import {
  ACTIONS,
  MATCH_FIELDS,
  type ValueKind,
  VENDOR_FIELDS,
  VENDOR_PROTOCOLS,
} from '../../model/index.js';
import {
  BAND_PATTERN,
  BUCKET_FIELDS,
  COOKIE_PATTERN,
  GROUP_FIELDS,
  GROUP_TYPES,
  HASH_FIELDS,
  PORT_BOOL_FIELDS,
  PORT_CHOICES,
  PORT_TEXT_FIELDS,
  RULE_FIELDS,
  TOOL_FIELDS,
  TOP_FIELDS,
  UNWANTED_CHOICES,
} from './fields.js';

type Schema = Record<string, unknown>;

/** Integer ranges of the value kinds that have one (an integer outside it is refused). */
const RANGES: Partial<Record<ValueKind, [number, number]>> = {
  ethertype: [0, 0xffff],
  vlan: [0, 4095],
  pcp: [0, 7],
  u8: [0, 255],
  l4port: [0, 65535],
  mpls: [0, 0xfffff],
};

function matchValue(kind: ValueKind, name: string, help: string): Schema {
  if (kind === 'flag')
    return {
      description: `${help}; key-only: write '' (or leave the value empty)`,
      enum: ['', null],
    };
  const range = name === 'vlan_vid' ? ([0, 0x1fff] as const) : RANGES[kind];
  const integer: Schema = { type: 'integer', minimum: range?.[0] ?? 0 };
  if (range) integer.maximum = range[1];
  return { description: help, anyOf: [{ type: 'string' }, integer] };
}

/**
 * A word of the vendor's, as the device takes it: it trims and lower-cases `protocol` and
 * `vlan` (src/model/dialect.ts does the same), so ` TCP` is tcp. The enum is what editors
 * complete; the pattern accepts the other spellings the device and the parser accept.
 */
function vendorWord(help: string, words: readonly string[]): Schema {
  const caseless = (w: string) =>
    [...w].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  return {
    description: help,
    anyOf: [
      { enum: [...words] },
      { type: 'string', pattern: `^\\s*(?:${words.map(caseless).join('|')})\\s*$` },
    ],
  };
}

function vendorValue(name: string, help: string): Schema {
  switch (name) {
    case 'protocol':
      return vendorWord(help, VENDOR_PROTOCOLS);
    case 'vlan':
      return vendorWord(help, ['match', 'neg_match']);
    case 'vlan_id':
      return {
        description: help,
        anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0, maximum: 4096 }],
      };
    case 'vlan_priority':
      return {
        description: help,
        anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0, maximum: 7 }],
      };
    default:
      return { description: help, type: 'string' };
  }
}

/** An action as written: a known action name with its argument, or bare output port(s). */
export const ACTION_PATTERN = `^\\s*(?:(?:${ACTIONS.map((a) => a.name).join('|')})\\s*(?::[\\s\\S]*)?|\\d+(?:\\s*,\\s*\\d+)*\\s*)$`;

const actionList = (what: string): Schema => ({
  description: `${what}: ${ACTIONS.map((a) => a.example).join('; ')}; a bare port number (or list) is output`,
  type: 'array',
  items: {
    anyOf: [
      { type: 'string', pattern: ACTION_PATTERN },
      { type: 'integer', minimum: 0 },
    ],
  },
});

const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  additionalProperties: false,
  ...(required.length > 0 ? { required } : {}),
  properties,
});

/**
 * An object of exactly the parser's fields `order` (a schema naming other fields throws),
 * the `required` ones required.
 */
const fieldsObject = (
  order: readonly string[],
  required: string[],
  properties: Record<string, Schema>,
): Schema => {
  const have = Object.keys(properties).sort().join(',');
  const want = [...order].sort().join(',');
  if (have !== want) throw new Error(`schema fields ${have} differ from the parser's ${want}`);
  return object(properties, required);
};

export function desiredSchema(): Schema {
  const match: Record<string, Schema> = {};
  for (const f of MATCH_FIELDS) match[f.name] = matchValue(f.kind, f.name, f.help);
  for (const [name, help] of Object.entries(VENDOR_FIELDS)) match[name] = vendorValue(name, help);
  const rule = fieldsObject(RULE_FIELDS, ['priority', 'match', 'actions'], {
    priority: {
      description: 'higher matches first; with the match it is the rule’s identity',
      type: 'integer',
      minimum: 0,
      maximum: 65535,
    },
    match: { $ref: '#/$defs/match' },
    actions: { ...actionList('what to do with a matching packet'), minItems: 1 },
    name: { type: 'string', maxLength: 256 },
    description: { type: 'string', maxLength: 1024 },
    cookie: {
      description: '64-bit identification value, a decimal string (exact past 2^53)',
      anyOf: [
        { type: 'string', pattern: COOKIE_PATTERN },
        { type: 'integer', minimum: 0 },
      ],
    },
  });
  const tool = fieldsObject(TOOL_FIELDS, ['name', 'port', 'wants'], {
    name: {
      description: 'the tool, for people and the rule names',
      type: 'string',
      minLength: 1,
    },
    port: {
      description: 'the tool port: if_name (eth-0-9) or port number',
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'integer', minimum: 1 },
      ],
    },
    wants: {
      description:
        'any of these matches (the rules’ form; VLAN IDs may be lists and ranges: vlan_id: 1-3)',
      type: 'array',
      minItems: 1,
      items: { $ref: '#/$defs/match' },
    },
  });
  const bucket = fieldsObject(BUCKET_FIELDS, ['actions'], {
    watch_port: {
      description: 'the port whose link decides the bucket (fast-failover needs one)',
      anyOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }],
    },
    actions: actionList('what the bucket does'),
  });
  const group = fieldsObject(GROUP_FIELDS, ['id', 'type', 'buckets'], {
    id: { type: 'integer', minimum: 0, maximum: 0xffffff00 },
    type: {
      description: 'select = load-balance, ff = fast-failover, all = clone',
      enum: [...GROUP_TYPES],
    },
    description: { type: 'string', maxLength: 1024 },
    buckets: { type: 'array', minItems: 1, maxItems: 16, items: { $ref: '#/$defs/bucket' } },
  });
  const port: Record<string, Schema> = {};
  for (const k of PORT_TEXT_FIELDS) {
    const choices = PORT_CHOICES[k];
    port[k] =
      k === 'speed' && choices
        ? {
            anyOf: [
              { enum: [...choices] },
              { enum: choices.filter((c) => /^\d+$/.test(c)).map(Number) },
            ],
          }
        : choices
          ? { enum: [...choices] }
          : { type: 'string' };
  }
  for (const k of PORT_BOOL_FIELDS) port[k] = { type: 'boolean' };
  const hash: Record<string, Schema> = {};
  for (const k of HASH_FIELDS) hash[k] = { type: 'boolean' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'pbc configuration file',
    description:
      'The configuration a team owns (pbc export writes it; pbc diff -f / apply -f read it). A section left out is not owned: diff and apply leave that part of the device alone.',
    ...fieldsObject(TOP_FIELDS, [], {
      $schema: { description: 'the schema, for editors (ignored by pbc)', type: 'string' },
      rules: { type: 'array', items: { $ref: '#/$defs/rule' } },
      groups: { type: 'array', items: { $ref: '#/$defs/group' } },
      ports: {
        description: 'interface name (eth-0-1 …) → the settings POST /ports/config changes',
        type: 'object',
        propertyNames: { minLength: 1 },
        additionalProperties: { $ref: '#/$defs/port' },
      },
      group_hash: object(hash),
      boot_savepoint: {
        description: 'the rule save-point that loads on boot',
        type: 'string',
        pattern: '\\S',
      },
      tools: {
        description: 'tool intents (pbc tools plan|apply|check; diff and apply leave them alone)',
        type: 'array',
        items: { $ref: '#/$defs/tool' },
      },
      sources: {
        description:
          'network ports whose traffic tools may receive (default: every port that is no tool’s port)',
        type: 'array',
        items: {
          anyOf: [
            { type: 'string', minLength: 1 },
            { type: 'integer', minimum: 1 },
          ],
        },
      },
      band: {
        description: 'the priorities pbc tools owns, lo-hi (default 10000-19999)',
        type: 'string',
        pattern: BAND_PATTERN,
      },
      unwanted: {
        description:
          'a source packet no tool wants: drop (the band’s last rule) or pass (fall through)',
        enum: [...UNWANTED_CHOICES],
      },
      tool_groups: {
        description:
          'the group IDs pbc tools owns, lo-hi: given, each set of tool ports is one group of type all (absent: output lists)',
        type: 'string',
        pattern: '^\\s*\\d{1,10}\\s*-\\s*\\d{1,10}\\s*$',
      },
    }),
    $defs: {
      rule,
      match: {
        description: 'match field → value as the device takes it (OpenFlow names or the vendor’s)',
        ...object(match),
      },
      tool,
      group,
      bucket,
      port: object(port),
    },
  };
}
