/**
 * Property: whatever JSON-like value a device sends, every normalizer returns a value or
 * throws ParseError — never a TypeError or any other exception (a hang shows as the test timing out).
 *
 * Inputs: mutations of a recorded sample (a node replaced or removed), random JSON-like
 * values (lossless-json numbers, bigint beyond 2^64, NaN/±Infinity/-0, strings with control
 * characters and lone surrogates, keys such as __proto__ and toString, deep nesting), and
 * sample texts with one number replaced (1e400, 2^64, …) read through the client's own
 * parseJson.
 *
 * SIZE: RUNS cases per shape and property. `npm test` runs DEFAULT_RUNS; the full
 * 10,000 run with `PBC_FUZZ_FULL=1` (see DEFAULT_RUNS for the measured times).
 * `PBC_FUZZ_SEED=n` fixes fast-check's seed (it prints the seed of any failure).
 */
import fc from 'fast-check';
import { LosslessNumber } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { deviceApi } from './device.js';
import { ParseError } from './errors.js';
import { parseJson } from './json.js';
import {
  normalizePortConfigs,
  normalizePortInfo,
  normalizePortStats,
  normalizeSfp,
} from './normalize-ports.js';
import { normalizeGroupList, normalizeRuleList } from './normalize-rules.js';
import {
  normalizeExport,
  normalizeOnePortSavePoint,
  normalizeOneRuleSavePoint,
  normalizePortSavePoint,
  normalizeRuleSavePoint,
  normalizeSavePointList,
  normalizeSavePoints,
} from './normalize-savepoints.js';
import * as sys from './normalize-system.js';
import { normalizeResult } from './shape.js';
import type { Transport } from './transport.js';

/**
 * Runs per shape and property in `npm test`. At the full 10,000 this file took ~41 s on
 * the 2-core machine (over the ~20 s budget), at 2,000 ~12 s; full size: PBC_FUZZ_FULL=1.
 */
const DEFAULT_RUNS = 2_000;
const RUNS = process.env.PBC_FUZZ_FULL === '1' ? 10_000 : DEFAULT_RUNS;
const SEED =
  process.env.PBC_FUZZ_SEED === undefined ? undefined : Number(process.env.PBC_FUZZ_SEED);
const PARAMS = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

const RULE = `{"cookie":1152921504606846978,"name":"r","description":"d","priority":"100",
  "match":{"in_port":"1","tcp":""},"actions":"output:2,3","datarate":"n/a","datarate_raw":"n/a",
  "n_bytes":"1","n_packets":2,"real_flow_ct":1}`;
const GROUP = `{"group_id":"1","type":"SELECT","description":"","buckets":[{"watch_port":"1","actions":"output:2"}]}`;
const PORT = `{"ifName":"eth-0-1","type":4,"mediaType":"sfp","speed":"10G","duplex":"full",
  "xg_speed":{"currSetting":"XG","nextSetting":"1G"},"split":"default","shutdown":false}`;
const RULE_SP = `{"name":"a","readonly":false,"rules":[${RULE}],"groups":[${GROUP}],"flowusage":1,"groupusage":"1"}`;
const PORT_SP = `{"name":"p","readonly":true,"ports":[${PORT}]}`;
const STATS = `{"portnum":"1","rxpkts":"1","rxbytes":18446744073709551615,"rxdrop":0,"rxerrs":"n/a","txpkts":1}`;

type Normalizer = (wire: unknown) => unknown;

/** Each normalizer with a valid recorded sample to mutate. */
const CASES: [string, Normalizer, string][] = [
  ['rules', (w) => normalizeRuleList(w), `{"rules":[${RULE}],"used_flows":1}`],
  ['groups', (w) => normalizeGroupList(w), `{"rules":[${GROUP}]}`],
  ['ports/config', (w) => normalizePortConfigs(w), `{"port_config":[${PORT}]}`],
  [
    'ports/info',
    (w) => normalizePortInfo(w),
    `{"result":[{"properties":{"port_no":1,"if_name":"e","admin_status":"PORT_UP"},"type":"object"}]}`,
  ],
  ['ports/stats', (w) => normalizePortStats(w), `{"result":[${STATS}]}`],
  ['ports/sfp', (w) => normalizeSfp(w), '{"result":"x"}'],
  [
    'savepoints',
    (w) => normalizeSavePoints(w),
    `{"RuleSavePoints":{"a":${RULE_SP}},"PortSavePoints":[${PORT_SP}]}`,
  ],
  [
    'export',
    (w) => normalizeExport(w),
    `{"meta_data":{"device":"d","software_version":"1"},"RuleSavePoints":[${RULE_SP}],"PortSavePoints":[]}`,
  ],
  ['one rule save-point', (w) => normalizeOneRuleSavePoint(w, 'POST /x', 'a'), RULE_SP],
  [
    'one port save-point',
    (w) => normalizeOnePortSavePoint(w, 'POST /x'),
    `{"PortSavePoints":[${PORT_SP}]}`,
  ],
  [
    'quicksave',
    (w) => normalizeSavePointList(w, 'PUT /x', 'RuleSavePoints', normalizeRuleSavePoint),
    `{"RuleSavePoints":[${RULE_SP}]}`,
  ],
  [
    'modport',
    (w) => normalizeSavePointList(w, 'POST /x', 'PortSavePoints', normalizePortSavePoint),
    `{"portSavePoints":[${PORT_SP}]}`,
  ],
  [
    'users',
    (w) => sys.normalizeUsers(w),
    '{"admin":{"userid":1,"username":"admin","accesslevel":31,"description":""}}',
  ],
  [
    'radius',
    (w) => sys.normalizeRadius(w),
    '{"enabled":true,"server":"s","port":1812,"secret":"x","radius_login_level":1,"refresh_rate":5}',
  ],
  [
    'apps',
    (w) => sys.normalizeApps(w),
    '{"a":{"name":"a","description":"","canBeInstantiated":true,"paramFormat":[["p","P","text","","true","1"]],"actions":[{}]}}',
  ],
  [
    'apps/running',
    (w) => sys.normalizeRunning(w),
    '{"12":{"name":"a","user_description":"u","params":{"p":"1"},"actions":[]}}',
  ],
  [
    'environment',
    (w) => sys.normalizeEnvironment(w),
    '{"fan":[{"index":"1","status":"OK","speed_rate":"50","mode":"auto"}],"psu":[{"index":1,"status":"PRESENT","power":"OK","type":"AC","alert":"NO"}],"temp_sensors":[{"index":1,"temp":40,"lower_alarm":0,"upper_alarm":70,"critical_limit":90,"position":""}]}',
  ],
  [
    'grouphash',
    (w) => sys.normalizeGroupHash(w),
    '{"macsa":true,"macda":false,"ethertype":true,"ipsa":true,"ipda":true,"ip_protocol":false,"src_port":false,"dst_port":false}',
  ],
  [
    'ipconfig',
    (w) => sys.normalizeIpConfig(w),
    '{"current_ip":"1.2.3.4","current_netmask":"255.0.0.0","current_gateway":"","stored_ip":"","stored_netmask":"","stored_gateway":""}',
  ],
  [
    'loadaverage',
    (w) => sys.normalizeLoadAverage(w),
    '{"average_1m":0.1,"average_5m":0.2,"average_15m":0.3,"proc_no_running":1,"proc_no_total":80}',
  ],
  ['memory', (w) => sys.normalizeMemory(w), '{"total":1024,"free":512}'],
  ['customident', (w) => sys.normalizeCustomIdent(w), '{"name":"n","notes":"x"}'],
  ['dns', (w) => sys.normalizeDns(w), '{"dns":["8.8.8.8"]}'],
  [
    'storage mode',
    (w) => sys.normalizeStorageModes(w),
    '{"modeCurrent":"simple","modeNext":"ipv6"}',
  ],
  [
    'controllers',
    (w) => sys.normalizeControllers(w),
    '{"controllers":[{"connection":"tcp","ip":"1.2.3.4","port":"6653"}]}',
  ],
  ['dpid', (w) => sys.normalizeDpid(w), '{"dpid":"0x1"}'],
  ['flownumbers', (w) => sys.normalizeFlowNumbers(w), '{"used_flows":1,"maximum_flows":2000}'],
  ['weblog', (w) => sys.normalizeWebLog(w), '{"logs":["a"],"systemDateTime":"now"}'],
  ['flag', (w) => sys.normalizeFlag(w, 'GET /users/uac', 'state'), '{"state":true}'],
  [
    'optional flag',
    (w) => sys.normalizeOptionalFlag(w, 'POST /users/uac', 'state'),
    '{"state":true}',
  ],
  ['text', (w) => sys.normalizeText(w, 'GET /device/model', 'model'), '{"model":"PB"}'],
  ['result', (w) => normalizeResult(w, 'POST /rules'), '{"result":"OK"}'],
];

const KEYS = [
  ...new Set(
    CASES.flatMap(([, , sample]) => [...sample.matchAll(/"([A-Za-z_]+)":/g)].map((m) => m[1]!)),
  ),
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

/** Strings a device should never send: control characters, lone surrogates, escapes. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      '\u0000',
      '\u001b',
      '\r',
      '\n',
      '\t',
      '\u007f',
      '\u2028',
      '\ud800',
      '\udfff',
      '\ufeff',
      'a',
      '1',
      ' ',
    ),
    maxLength: 12,
  }),
  fc.constantFrom(
    '\u001b[31mred\u001b[0m',
    'x'.repeat(5000),
    '9'.repeat(400),
    `-${'9'.repeat(30)}`,
    `0x${'f'.repeat(40)}`,
  ),
);

const scalar = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    2 ** 53,
    2 ** 64,
  ),
  fc.bigInt(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
  fc
    .constantFrom('1', '12345678901234567890', '1.5', '1e400', '-0')
    .map((v) => new LosslessNumber(v)),
  fc.constantFrom(
    'n/a',
    '',
    '-',
    '1',
    '-5',
    '0x1f',
    '1e400',
    'true',
    'NaN',
    'SELECT',
    'ipv6',
    'output:1,2',
    ' 7 ',
    '+5',
    '18446744073709551616',
    'Infinity',
  ),
  fc.constantFrom('[{"actions":"output:1","watch_port":"1"}]', '[1,', '{}', '12345678901234567890'),
  fc.string(),
  nastyString,
);

/** Arrays or objects nested 10..2000 deep. */
const deep = fc
  .tuple(fc.integer({ min: 10, max: 2000 }), fc.boolean(), scalar)
  .map(([depth, asArray, leaf]) => {
    let v: unknown = leaf;
    // a chain, not a DAG: a parsed body never shares nodes
    for (let i = 0; i < depth; i++) v = asArray ? [v] : { [i % 2 ? 'rules' : 'result']: v };
    return v;
  });

const { value: wireValue } = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    { arbitrary: scalar, weight: 20 },
    { arbitrary: tie('array'), weight: 20 },
    { arbitrary: tie('object'), weight: 20 },
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(
    fc.oneof(fc.constantFrom(...KEYS), fc.string(), nastyString),
    tie('value'),
    {
      maxKeys: 5,
    },
  ),
}));

/** Replaces (or deletes) one node of `root`, chosen by walking `path`. */
function mutate(root: unknown, path: number[], replacement: unknown, remove: boolean): unknown {
  const copy = structuredClone(root);
  let parent: Record<string, unknown> | unknown[] | undefined;
  let key: string | number | undefined;
  let node: unknown = copy;
  for (const step of path) {
    if (typeof node !== 'object' || node === null) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    parent = node as Record<string, unknown>;
    key = keys[step % keys.length]!;
    node = (node as Record<string, unknown>)[key];
  }
  if (parent === undefined || key === undefined) return replacement;
  if (remove && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[key];
  else (parent as Record<string, unknown>)[key] = replacement;
  return copy;
}

/** The sample text with its n-th number literal replaced (the parse goes through parseJson). */
function retext(sample: string, n: number, replacement: string): unknown {
  const numbers = [...sample.matchAll(/-?\d+(\.\d+)?([eE][+-]?\d+)?/g)];
  if (numbers.length === 0) return parseJson(sample);
  const m = numbers[n % numbers.length]!;
  const text = sample.slice(0, m.index) + replacement + sample.slice(m.index + m[0].length);
  try {
    return parseJson(text);
  } catch {
    return parseJson(sample); // the number sat inside a string; the mutation broke the JSON
  }
}

const NUMBER_TEXTS = fc.constantFrom(
  '18446744073709551616',
  '-18446744073709551617',
  '123456789012345678901234567890',
  '9007199254740993',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0.5',
  '4294967296',
  '"n/a"',
  '""',
  'null',
  'true',
  '[]',
  '{}',
  '"\\u0000"',
  '"\\ud800"',
  '{"__proto__":1,"toString":2}',
);

function check(normalize: Normalizer, wire: unknown): void {
  try {
    normalize(wire);
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    expect(err.message).toMatch(/^unexpected response from /);
  }
}

describe.each(CASES)('%s normalizer', (_name, normalize, sample) => {
  const valid = parseJson(sample);

  it('accepts its recorded sample', () => {
    expect(() => normalize(valid)).not.toThrow();
  });

  it(`returns a value or a ParseError for mutated samples (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.oneof({ arbitrary: wireValue, weight: 30 }, { arbitrary: deep, weight: 1 }),
        fc.boolean(),
        (path, replacement, remove) => check(normalize, mutate(valid, path, replacement, remove)),
      ),
      PARAMS,
    );
  });

  it(`returns a value or a ParseError for random JSON (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { arbitrary: wireValue, weight: 8 },
          { arbitrary: fc.jsonValue(), weight: 6 },
          { arbitrary: fc.json().map((text) => parseJson(text)), weight: 5 },
          { arbitrary: deep, weight: 1 },
        ),
        (wire) => check(normalize, wire),
      ),
      PARAMS,
    );
  });

  it(`returns a value or a ParseError for sample texts with odd numbers (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(fc.nat(), NUMBER_TEXTS, (n, replacement) =>
        check(normalize, retext(sample, n, replacement)),
      ),
      PARAMS,
    );
  });
});

/** GET /device/serialno is read inline by the device API (not by a normalize-* function). */
describe('client reads with their own parsing', () => {
  const api = (wire: unknown) => deviceApi({ request: async () => wire } as unknown as Transport);

  it.each([
    ['serial number', (w: unknown) => api(w).serialNo(), '{"generation":"PB28100001"}'],
    ['telnet (POST)', (w: unknown) => api(w).setTelnet(), '{"activated":true}'],
    [
      'storage mode (POST)',
      (w: unknown) => api(w).setRuleStorageMode('ipv6'),
      '{"modeCurrent":"ipv6","modeNext":"ipv6"}',
    ],
  ] as const)('%s returns a value or a ParseError', async (_name, read, sample) => {
    const valid = parseJson(sample);
    await expect(read(valid)).resolves.toBeDefined();
    const settle = async (wire: unknown) => {
      try {
        await read(wire);
      } catch (err) {
        if (!(err instanceof ParseError)) throw err;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          wireValue,
          fc
            .tuple(fc.array(fc.nat(), { maxLength: 3 }), wireValue, fc.boolean())
            .map(([path, r, remove]) => mutate(valid, path, r, remove)),
        ),
        settle,
      ),
      PARAMS,
    );
  });
});

describe('normalized rules never carry NaN or lossy numbers', () => {
  it('datarate_raw is a finite number or null; counters are bigint', () => {
    const valid = parseJson(`{"rules":[${RULE}]}`);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 4 }), wireValue, (path, replacement) => {
        let out: ReturnType<typeof normalizeRuleList>;
        try {
          out = normalizeRuleList(mutate(valid, path, replacement, false));
        } catch (err) {
          if (err instanceof ParseError) return;
          throw err;
        }
        for (const r of out.rules) {
          expect(r.datarate_raw === null || Number.isFinite(r.datarate_raw)).toBe(true);
          expect(typeof r.cookie).toBe('bigint');
          expect(typeof r.n_bytes).toBe('bigint');
          expect(Number.isSafeInteger(r.priority)).toBe(true);
        }
      }),
      PARAMS,
    );
  });
});
