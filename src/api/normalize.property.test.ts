/**
 * Property: whatever JSON-like value a device sends, every normalizer returns a value or
 * throws ParseError — never a TypeError or any other exception.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.bigInt(),
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
  ),
  fc.constantFrom('[{"actions":"output:1","watch_port":"1"}]', '[1,', '{}', '12345678901234567890'),
  fc.string(),
);

const { value: wireValue } = fc.letrec<{
  value: unknown;
  array: unknown[];
  object: Record<string, unknown>;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string()), tie('value'), {
    maxKeys: 5,
  }),
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

  it('returns a value or a ParseError for mutated samples', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 6 }),
        wireValue,
        fc.boolean(),
        (path, replacement, remove) => check(normalize, mutate(valid, path, replacement, remove)),
      ),
      { numRuns: 1000 },
    );
  });

  it('returns a value or a ParseError for random JSON', () => {
    fc.assert(
      fc.property(fc.oneof(wireValue, fc.jsonValue()), (wire) => check(normalize, wire)),
      { numRuns: 1000 },
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
      { numRuns: 1000 },
    );
  });
});
