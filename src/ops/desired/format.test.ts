import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../model/index.js';
import { ACTIONS } from '../../model/index.js';
import { exportRules } from './export.js';
import { parseDesired } from './file.js';
import { formatDesired } from './format.js';
import type { DesiredConfig, DesiredGroup, DesiredPort, DesiredRule } from './types.js';

/** The config without positions, groups by id: what a file holds. */
function content(c: DesiredConfig): DesiredConfig {
  const strip = <T extends { at?: unknown }>(x: T): T => {
    const { at: _at, ...rest } = x;
    return rest as T;
  };
  const out: DesiredConfig = { ...c };
  if (c.rules) out.rules = c.rules.map(strip);
  if (c.groups) out.groups = [...c.groups].sort((a, b) => a.id - b.id).map(strip);
  if (c.ports)
    out.ports = Object.fromEntries(Object.entries(c.ports).map(([k, p]) => [k, strip(p)]));
  return out;
}

// Strings that YAML would read as something else unless quoted, and terminal controls.
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('yes', 'no', 'null', '~', '123', '0x10', '1e3', '- a', 'a: b', '#x', ' x '),
  fc.constantFrom('\u009b31m', 'ab\u202ecd', '\u001b[2J', 'line\nbreak', 'tab\there', '"q"'),
);
const port = fc.integer({ min: 1, max: 64 }).map(String);
const ipv4 = fc
  .tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 32 }))
  .map(([a, b, c, d, n]) => `${a}.${b}.${c}.${d}/${n}`);
const l4 = fc.oneof(
  fc.nat(65535).map(String),
  fc.tuple(fc.nat(1000), fc.nat(1000)).map(([a, b]) => `${a}-${a + b}`),
);

/** A valid match, built from the vocabulary's shorthands and fields. */
const match = fc
  .record(
    {
      in_port: fc.oneof(
        port,
        fc.tuple(port, port).map(([a, b]) => `${a},${b}`),
      ),
      l3: fc.constantFrom('none', 'ip', 'tcp', 'udp', 'dl_type', 'arp', 'ipv6'),
      nw_src: ipv4,
      l4src: l4,
      l4dst: l4,
      dl_vlan: fc.nat(4095).map(String),
      ipv6_src: fc.constantFrom('fe80::1/64', '2001:db8::/32', '::1'),
    },
    { requiredKeys: ['l3'] },
  )
  .map((m) => {
    const out: Record<string, string> = {};
    if (m.in_port !== undefined) out.in_port = m.in_port;
    if (m.dl_vlan !== undefined) out.dl_vlan = m.dl_vlan;
    if (m.l3 === 'dl_type') out.dl_type = '0x0800';
    else if (m.l3 !== 'none') out[m.l3] = '';
    if (['ip', 'tcp', 'udp', 'dl_type'].includes(m.l3) && m.nw_src) out.nw_src = m.nw_src;
    if (m.l3 === 'tcp' || m.l3 === 'udp') {
      if (m.l4src !== undefined) out[`${m.l3}_src`] = m.l4src;
      if (m.l4dst !== undefined) out[`${m.l3}_dst`] = m.l4dst;
    }
    if (m.l3 === 'ipv6' && m.ipv6_src) out.ipv6_src = m.ipv6_src;
    return out;
  });

const action = fc.oneof(
  port.map((p) => `output:${p}`),
  port,
  fc.tuple(port, port).map(([a, b]) => `output:${a},${b}`),
  fc.nat(100).map((g) => `group:${g}`),
  fc.constantFrom('push_vlan:0x8100', 'strip_vlan', 'pop_vlan', 'mod_vlan_vid:100'),
);
const actions = fc.oneof(
  fc.constant<string[]>(['drop']),
  fc.array(action, { minLength: 1, maxLength: 4 }),
);

const rule: fc.Arbitrary<DesiredRule> = fc.record(
  {
    priority: fc.nat(65535),
    match,
    actions,
    name: text,
    description: text,
    cookie: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String),
  },
  { requiredKeys: ['priority', 'match', 'actions'] },
);

const group: fc.Arbitrary<DesiredGroup> = fc.record(
  {
    id: fc.nat(0xffffff00),
    type: fc.constantFrom('select', 'ff', 'all') as fc.Arbitrary<DesiredGroup['type']>,
    description: text,
    buckets: fc.array(
      fc.record({
        watch_port: port,
        actions: fc.array(
          port.map((p) => `output:${p}`),
          { minLength: 1, maxLength: 2 },
        ),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  },
  { requiredKeys: ['id', 'type', 'buckets'] },
);

const portSettings: fc.Arbitrary<DesiredPort> = fc.record(
  {
    speed: fc.constantFrom('10', '100', '1000', '10G', '40G', '100G', 'auto'),
    duplex: fc.constantFrom('full', 'half', 'auto'),
    xg_speed: fc.constantFrom('1G', 'XG'),
    shutdown: fc.boolean(),
    unidirectional: fc.boolean(),
    crc_check: fc.boolean(),
    crc_recalculation: fc.boolean(),
  },
  { requiredKeys: [] },
);

const ruleKey = (r: DesiredRule) =>
  `${r.priority} ${JSON.stringify(Object.entries(r.match).sort())}`;

const config: fc.Arbitrary<DesiredConfig> = fc.record(
  {
    rules: fc.uniqueArray(rule, { selector: ruleKey, maxLength: 8 }),
    groups: fc.uniqueArray(group, { selector: (g) => g.id, maxLength: 4 }),
    ports: fc.dictionary(
      fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 48 })).map(([s, p]) => `eth-${s}-${p}`),
      portSettings,
      { maxKeys: 6 },
    ),
    group_hash: fc.record(
      {
        macsa: fc.boolean(),
        macda: fc.boolean(),
        ipsa: fc.boolean(),
        dst_port: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    boot_savepoint: fc.oneof(
      fc.constant('Quicksave'),
      text.filter((s) => s.trim() !== ''),
    ),
  },
  { requiredKeys: [] },
);

describe('formatDesired → parseDesired', () => {
  it('is the identity on valid configurations, in YAML and in JSON', () => {
    fc.assert(
      fc.property(
        config,
        fc.constantFrom('yaml', 'json') as fc.Arbitrary<'yaml' | 'json'>,
        (c, format) => {
          const written = formatDesired(c, format, { device: 'http://sim/rest', at: new Date(0) });
          expect(content(parseDesired(written, `x.${format}`))).toEqual(content(c));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes no raw terminal control, and cookies as strings', () => {
    const c: DesiredConfig = {
      rules: [
        {
          priority: 1,
          name: 'evil\u001b[2J\u009b31m\u202e',
          match: { in_port: '1' },
          actions: ['output:2'],
          cookie: '18446744073709551615',
        },
      ],
    };
    for (const format of ['yaml', 'json'] as const) {
      const out = formatDesired(c, format);
      expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
      expect(out).toMatch(/"cookie": "18446744073709551615"|cookie: "18446744073709551615"/);
    }
  });

  it('YAML starts with a header naming the device, the time and the schema', () => {
    const out = formatDesired({ rules: [] }, 'yaml', {
      device: 'http://10.0.0.1/rest',
      at: new Date('2026-01-02T03:04:05Z'),
    });
    expect(out.split('\n').slice(0, 5)).toEqual([
      expect.stringMatching(/^# pbc configuration/),
      '# device: http://10.0.0.1/rest',
      '# read at: 2026-01-02T03:04:05.000Z',
      '# yaml-language-server: $schema=pbc-config.schema.json',
      'rules: []',
    ]);
  });
});

describe('exportRules', () => {
  const r = (priority: number, name: string, extra: Partial<Rule> = {}): Rule => ({
    priority,
    match: { in_port: '1' },
    actions: ['output:2'],
    name,
    description: '',
    cookie: 2n ** 60n + 1n,
    n_packets: 5n,
    n_bytes: 6n,
    datarate: '1 Mbps',
    datarate_raw: 1e6,
    real_flow_ct: 1,
    ...extra,
  });

  it('orders by priority, highest first, keeps the device order within one, and leaves out malformed rules with a warning', () => {
    const warnings: string[] = [];
    const out = exportRules(
      [
        r(10, 'a'),
        r(20, 'b'),
        r(10, 'c'),
        r(-1, 'bad', { malformed: 'priority missing' }),
        r(20, 'd'),
      ],
      (m) => warnings.push(m),
    );
    expect(out.map((x) => x.name)).toEqual(['b', 'd', 'a', 'c']);
    expect(out[0]).toEqual({
      priority: 20,
      name: 'b',
      match: { in_port: '1' },
      actions: ['output:2'],
      cookie: '1152921504606846977',
    });
    expect(warnings).toEqual([
      "rule 'bad' (priority -1) left out: the device describes it malformed (priority missing)",
    ]);
  });
});

// The vocabulary's every action name is one the schema pattern and the parser accept.
it('every action of the vocabulary parses in its example form', () => {
  for (const a of ACTIONS) {
    const example = a.example.split(' or ')[0]!;
    const text = `rules:\n  - { priority: 1, match: { in_port: 1 }, actions: ["${example}"] }\n`;
    expect(() => parseDesired(text, 'x.yaml'), example).not.toThrow();
  }
});
