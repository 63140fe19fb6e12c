import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// A JSON Schema validator already in node_modules (fastify's); used by this test only.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseDesired } from './file.js';
import { desiredSchema } from './schema.js';

const shipped = join(import.meta.dirname, '../../../docs/schema/pbc-config.schema.json');

describe('docs/schema/pbc-config.schema.json', () => {
  it('is the schema generated from the vocabulary (regenerate: node scripts/gen-schema.mjs)', () => {
    expect(JSON.parse(readFileSync(shipped, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(desiredSchema())),
    );
  });
});

const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(JSON.parse(readFileSync(shipped, 'utf8')));

// An empty document is an empty file, which owns nothing (editors do not flag it either).
const schemaAccepts = (text: string) => validate(parse(text) ?? {});
const parserAccepts = (text: string) => {
  try {
    parseDesired(text, 'x.yaml');
    return true;
  } catch {
    return false;
  }
};

const rule = (body: string) => `rules:\n  - ${body}\n`;

const GOOD = [
  '',
  'rules: []\ngroups: []\nports: {}\n',
  rule('{ priority: 100, match: { in_port: 1, tcp: "", tcp_dst: 80 }, actions: [output:2, 3] }'),
  rule(
    '{ priority: 0, match: { ip: null, nw_src: 10.0.0.0/8 }, actions: [drop], cookie: "18446744073709551615" }',
  ),
  rule(
    '{ priority: 65535, match: { dl_type: 0x0800 }, actions: ["group:4"], name: a, description: b }',
  ),
  rule(
    '{ priority: 5, match: { protocol: tcp, tcp_dst: 22 }, actions: [" output:1"], cookie: 12 }',
  ),
  rule(
    '{ priority: 5, match: { vlan: match, vlan_id: 100 }, actions: ["push_vlan:0x8100", "output:3,4"] }',
  ),
  // The device trims and lower-cases the vendor's words (so does the parser); so does the schema.
  rule('{ priority: 5, match: { protocol: TCP, tcp_dst: 22 }, actions: [drop] }'),
  rule('{ priority: 5, match: { protocol: " tcp" }, actions: [drop] }'),
  rule('{ priority: 5, match: { protocol: "Custom ", dl_type: 0x0800 }, actions: [drop] }'),
  rule('{ priority: 5, match: { vlan: MATCH, vlan_id: 100 }, actions: [drop] }'),
  rule('{ priority: 5, match: { vlan: " Neg_Match " }, actions: [drop] }'),
  'groups:\n  - { id: 1, type: ff, buckets: [{ watch_port: 2, actions: [output:2] }] }\n',
  'groups:\n  - { id: 4294967040, type: all, description: x, buckets: [{ actions: ["3"] }] }\n',
  'ports:\n  eth-0-1: { speed: 10G, duplex: full, shutdown: true, xg_speed: XG }\n  eth-0-2: { speed: 1000, crc_check: false }\n',
  'group_hash: { macsa: true, dst_port: false }\nboot_savepoint: Quicksave\n',
  '$schema: pbc-config.schema.json\nrules: []\n',
];

const BAD = [
  'rulez: []\n',
  '- 1\n',
  rule('{ priority: 1, match: { in_port: 1 }, actions: [drop], prio: 2 }'),
  rule('{ priority: 1, match: { in_porrt: 1 }, actions: [drop] }'),
  rule('{ priority: 70000, match: { in_port: 1 }, actions: [drop] }'),
  rule('{ priority: "1", match: { in_port: 1 }, actions: [drop] }'),
  rule('{ match: { in_port: 1 }, actions: [drop] }'),
  rule('{ priority: 1, match: { in_port: 1 } }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [] }'),
  rule('{ priority: 1, match: { tcp: "", tcp_dst: 70000 }, actions: [drop] }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [flood] }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [true] }'),
  rule('{ priority: 1, match: { tcp: x }, actions: [drop] }'),
  rule('{ priority: 1, match: { protocol: gre }, actions: [drop] }'),
  rule('{ priority: 1, match: { protocol: "t cp" }, actions: [drop] }'),
  rule('{ priority: 1, match: { protocol: tcpx }, actions: [drop] }'),
  rule('{ priority: 1, match: { protocol: 6 }, actions: [drop] }'),
  rule('{ priority: 1, match: { vlan: matched }, actions: [drop] }'),
  rule('{ priority: 1, match: { vlan: neg-match }, actions: [drop] }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [drop], cookie: "0x10" }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [drop], name: 5 }'),
  'groups:\n  - { id: 1, type: fast, buckets: [{ actions: [output:2] }] }\n',
  'groups:\n  - { id: 1, type: all, buckets: [{ actions: [output:2], weight: 1 }] }\n',
  'groups:\n  - { id: 1, type: all, buckets: [] }\n',
  'groups:\n  - { type: all, buckets: [{ actions: [output:2] }] }\n',
  'ports:\n  eth-0-1: { sped: 10G }\n',
  'ports:\n  eth-0-1: { duplex: both }\n',
  'ports:\n  eth-0-1: { shutdown: "yes" }\n',
  'group_hash: { macsa: 1 }\n',
  'group_hash: { mac_sa: true }\n',
  'boot_savepoint: ""\n',
];

/** What only the parser can tell: the rule editor's checks beyond the shape. */
const PARSER_ONLY = [
  rule('{ priority: 1, match: { ip: "", nw_src: 10.0.0.300 }, actions: [drop] }'),
  rule('{ priority: 1, match: { tcp_dst: 80 }, actions: [drop] }'),
  rule('{ priority: 1, match: { in_port: 1 }, actions: [drop, output:2] }'),
  rule('{ priority: 1, match: { protocol: tcp, vlan_id: 3 }, actions: [drop] }'),
  'groups:\n  - { id: 1, type: ff, buckets: [{ actions: [output:2] }] }\n',
];

describe('the parser and the schema', () => {
  it.each(GOOD)('both accept %j', (text) => {
    expect(parserAccepts(text)).toBe(true);
    expect(schemaAccepts(text), JSON.stringify(validate.errors)).toBe(true);
  });
  it.each(BAD)('both refuse %j', (text) => {
    expect(parserAccepts(text)).toBe(false);
    expect(schemaAccepts(text)).toBe(false);
  });
  it.each(PARSER_ONLY)('the schema takes the shape of %j, the parser refuses it', (text) => {
    expect(schemaAccepts(text)).toBe(true);
    expect(parserAccepts(text)).toBe(false);
  });
});
