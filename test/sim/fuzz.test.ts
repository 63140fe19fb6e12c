/**
 * Simulator fuzzer: random and malformed requests over real HTTP against one simulator
 * started in this file (fault injection off, reboots instant so nothing answers 503).
 *
 * SIZE: the full 10,000 requests run in `npm test` (`npx vitest run` of this file took
 * 12-15 s on the 2-core machine, up to ~20 s under load). `PBC_FUZZ_SIZE=n` runs n instead;
 * `PBC_FUZZ_FULL=1` (10,000) is accepted for symmetry with the other fuzz tests.
 * SEED: `PBC_FUZZ_SEED=n` (default 20251122). Request i is generated from hash32(seed, i)
 * alone and requests run one at a time, so a seed replays the same run; a failure prints
 * the seed, the request's index, the request and a command that replays up to it.
 * `PBC_FUZZ_STATS=1` prints counts per kind and status, and the state after each batch.
 *
 * Traffic: real routes (from the simulator's own router) with valid and garbage parameters
 * in the query string, a form body, a JSON body or both; random, bogus and lower-case
 * methods on real and bogus paths; bracket parameters (deep, nested arrays, __proto__,
 * constructor[prototype]); JSON bodies that are truncated, of the wrong type, deeply
 * nested, 1 MB long, with numbers beyond 2^64, lone surrogates and control characters,
 * invalid UTF-8, objects with own toString/valueOf; odd X-HTTP-Method-Override values;
 * right, wrong and malformed credentials (basic auth and username/password parameters);
 * query strings up to and beyond Node's 16 KiB header limit. Every fourth batch runs with
 * UAC on; a SUPER account only the harness knows reads the state and repairs `admin`.
 *
 * Asserted for every answer: a status below 500, a JSON content type, a JSON object body
 * (HEAD: empty; GET /ports/stats: an array) — exactly `{error: "…"}` for 4xx, also when
 * Node's HTTP parser or fastify reject the request before the simulator's code (bogus or
 * lower-case method, header overflow, bad percent-encoding in the path) — no `error` on
 * 2xx, and `result` on a 2xx write unless the write is documented to answer with data.
 * A plain POST /rules that answers 200 must have added exactly the rule it described.
 * After every batch: the device answers, used_flows (GET /rules/all and GET /flownumbers)
 * == Σ real_flow_ct == Σ flowCount(match) ≤ the hard limit of the current storage mode,
 * no two rules share match + priority, cookies are unique, every group:N action names an
 * existing group. At the end: nothing polluted Object.prototype (the simulator runs in this
 * process) and GET /device/name still answers.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hash32 } from '../../src/sim/prng.js';
import { Router } from '../../src/sim/router.js';
import { registerAllRoutes } from '../../src/sim/routes.js';
import { capacity, flowCount, isStorageMode } from '../../src/tcam/index.js';
import { parseLossless, sameMatch, startTestSim, type TestSim, type Wire } from './helpers.js';

/** Requests per `npm test` run: the full size (see SIZE above). */
const FUZZ_DEFAULT = 10_000;
const FULL = process.env.PBC_FUZZ_FULL === '1';
const TOTAL = Number(process.env.PBC_FUZZ_SIZE ?? (FULL ? 10_000 : FUZZ_DEFAULT));
const SEED = Number(process.env.PBC_FUZZ_SEED ?? 20251122);
const BATCH = 500;
/** Batches with UAC on (the factory state is off). */
const uacBatch = (b: number) => b % 4 === 3;

const ADMIN = ['admin', 'admin'] as const;
const KEEPER = ['fuzz-keeper', `keeper-${SEED}-pw`] as const;
const basic = (user: string, pw: string) =>
  `Basic ${Buffer.from(`${user}:${pw}`).toString('base64')}`;

// ---- deterministic randomness ----------------------------------------------------------

class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  /** mulberry32 */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)]!;
  }
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let x = this.next() * items.reduce((s, [, w]) => s + w, 0);
    for (const [v, w] of items) {
      x -= w;
      if (x < 0) return v;
    }
    return items[items.length - 1]![0];
  }
}

// ---- a JSON-ish value model that can say what JSON.stringify cannot ---------------------

/** A JSON number written verbatim (beyond 2^64, 1e400, -0 …). */
class Num {
  constructor(readonly text: string) {}
}
/** An object as ordered entries: keys such as __proto__ stay plain keys. */
class Obj {
  constructor(readonly entries: [string, Val][] = []) {}
}
type Val = string | number | boolean | null | Num | Obj | Val[];

const obj = (o: Record<string, Val>) => new Obj(Object.entries(o));

function toJson(v: Val): string {
  if (v instanceof Num) return v.text;
  if (v instanceof Obj)
    return `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(toJson).join(',')}]`;
  return JSON.stringify(v);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes UTF-8 (a lone surrogate becomes U+FFFD, as a browser sends it). */
function pct(s: string, keepBrackets = false): string {
  const wellFormed = s.replace(LONE_SURROGATE, '\ufffd');
  const out = encodeURIComponent(wellFormed);
  return keepBrackets ? out.replace(/%5B/g, '[').replace(/%5D/g, ']') : out;
}

/** qs-style pairs: a[b]=1, a[]=x or a[0]=x. */
function pairs(prefix: string, v: Val, indexed: boolean): [string, string][] {
  const sub = (k: string) => (prefix === '' ? k : `${prefix}[${k}]`);
  if (v instanceof Obj) return v.entries.flatMap(([k, x]) => pairs(sub(k), x, indexed));
  if (Array.isArray(v))
    return v.flatMap((x, i) => pairs(`${prefix}[${indexed ? i : ''}]`, x, indexed));
  if (v instanceof Num) return [[prefix, v.text]];
  return [[prefix, v === null ? '' : String(v)]];
}

function formEncode(v: Obj, r: Rng): string {
  const rawBrackets = r.chance(0.5);
  return pairs('', v, r.chance(0.3))
    .map(([k, x]) => `${pct(k, rawBrackets)}=${pct(x)}`)
    .join('&');
}

// ---- vocabulary -------------------------------------------------------------------------

const router = new Router();
registerAllRoutes(router);
const ROUTES = router.routes().map((r) => ({ method: r.method as string, path: r.path }));
const PATHS = [...new Set(ROUTES.map((r) => r.path))];
/** Routes weighted so that most traffic changes rules and what rules depend on. */
const WEIGHTED_ROUTES = ROUTES.map((r): readonly [(typeof ROUTES)[number], number] => {
  if (r.path === '/rules' && r.method === 'POST') return [r, 30];
  if (r.path === '/rules') return [r, 8];
  if (r.path === '/rules/all' && r.method === 'DELETE') return [r, 0.5];
  if (r.path === '/groups' && r.method !== 'DELETE') return [r, 4];
  if (r.path.startsWith('/groups')) return [r, 2];
  if (r.path.startsWith('/savepoints') && r.method !== 'GET') return [r, 2];
  if (r.path === '/ports/config' && r.method === 'POST') return [r, 3];
  if (r.path === '/device/rulestoragemode' && r.method === 'POST') return [r, 2];
  return [r, 1];
});

const IF_NAMES = [
  ...Array.from({ length: 22 }, (_, i) => `eth-0-${i + 1}`),
  'eth-0-21/1',
  'eth-0-21/3',
  'eth-0-22/4',
  'eth-0-99',
  'ETH-0-1',
  '',
];

/** A match from a small space (so adds collide and modifies/deletes find their rule). */
function plainMatch(r: Rng): Obj {
  const m: [string, Val][] = [];
  if (r.chance(0.9)) m.push(['in_port', r.pick(['1', '2', '3', '1,2', '5,6,7,8'])]);
  switch (r.int(0, 6)) {
    case 0:
      m.push(['tcp', ''], ['tcp_dst', r.pick(['80', '443', '1000-1999'])]);
      break;
    case 1:
      m.push(['udp', ''], ['udp_dst', r.pick(['53', '1024-65535'])]);
      break;
    case 2: // 900 flows per port (1 in 3): the TCAM fills up fast
      if (r.chance(1 / 3)) m.push(['tcp', ''], ['tcp_src', '1-65534'], ['tcp_dst', '1-65534']);
      else m.push(['tcp', ''], ['tcp_src', '1-65534']);
      break;
    case 3:
      m.push(['ipv6', ''], ['ipv6_src', '2001:db8::1']);
      break;
    default:
      break;
  }
  return new Obj(m);
}

function randomMatch(r: Rng): Obj {
  if (r.chance(0.5)) return plainMatch(r);
  const m = new Map<string, Val>();
  if (r.chance(0.8)) {
    const ports = Array.from(
      {
        length: r.weighted([
          [1, 6],
          [2, 2],
          [4, 1],
          [10, 1],
        ]),
      },
      () => String(r.int(1, r.chance(0.95) ? 28 : 40)),
    );
    m.set('in_port', [...new Set(ports)].join(','));
  }
  const l4 = r.weighted([
    ['', 4],
    ['tcp', 3],
    ['udp', 2],
    ['ip', 1],
    ['ipv6', 1],
    ['bad', 1],
  ] as const);
  if (l4 === 'tcp' || l4 === 'udp') {
    m.set(l4, '');
    const lo = r.int(0, 65535);
    const value = r.chance(0.5) ? String(lo) : `${lo}-${r.int(lo, 65535)}`;
    m.set(`${l4}_${r.pick(['src', 'dst'])}`, value);
    if (r.chance(0.15)) m.set(`${l4}_src`, '1-65534');
  } else if (l4 === 'ip') {
    m.set('ip', '');
    m.set('nw_src', `10.${r.int(0, 300)}.0.0/${r.int(0, 33)}`);
  } else if (l4 === 'ipv6') {
    m.set('ipv6', '');
    m.set('ipv6_src', '2001:db8::1');
  } else if (l4 === 'bad') {
    const [k, v] = r.pick<[string, Val]>([
      ['tcp_dst', '80'],
      ['colour', 'red'],
      ['dl_vlan', '5000'],
      ['in_port', ''],
      ['__proto__', '1'],
      ['constructor', ''],
      ['toString', '1'],
    ]);
    m.set(k, v);
  }
  if (r.chance(0.1)) m.set('dl_vlan', String(r.int(0, 4100)));
  return new Obj([...m.entries()]);
}

const ACTIONS: Val[] = [
  'output:2',
  'output:2,3',
  'output:9',
  'drop',
  'group:1',
  'group:2',
  'push_vlan:0x8100,output:9',
  'set_field:4196->vlan_vid,output:3',
  'pop_vlan,output:4',
  'output:99',
  'teleport:1',
  'drop,output:2',
  '',
  ',,,',
  'output:',
  'group:4294967041',
  ['output:2', 'drop'],
  ['output:3'],
  [],
];

const BOOLS: Val[] = [
  'true',
  'false',
  '1',
  '0',
  'on',
  'off',
  'YES',
  'no',
  'maybe',
  '',
  true,
  false,
  1,
];
const INTS: Val[] = [
  '1',
  '0',
  '-1',
  '65535',
  '65536',
  '',
  ' 7 ',
  '1.5',
  '1e3',
  '0x10',
  7,
  1.5,
  new Num('18446744073709551617'),
  new Num('-0'),
  new Num('1e400'),
];
const IPS: Val[] = [
  '192.0.2.10',
  '192.0.2.1',
  '192.0.2.50',
  '10.0.0.1',
  '0.0.0.0',
  '255.255.255.255',
  '999.1.1.1',
  '010.0.0.1',
  '1.2.3',
  'host.example',
  '::1',
  '',
];
const TEXTS: Val[] = [
  'a',
  'b',
  'x y',
  '',
  ' ',
  'Quicksave',
  'factory-default',
  'factory-ports',
  'é',
  '\u0000',
  'tab\there',
  'x'.repeat(129),
  'x'.repeat(257),
  'x'.repeat(1025),
  '\ud800',
  '🙂',
];

/** Values per parameter name; anything else (and 20 % of these) gets junk. */
const VOCAB: Record<string, (r: Rng) => Val> = {
  priority: (r) =>
    r.pick<Val>([
      '1',
      '100',
      '1000',
      '2000',
      '32768',
      '0',
      '65535',
      '65536',
      '-1',
      '',
      '1.5',
      '0x10',
      new Num('18446744073709551617'),
      ' 7',
      7,
      100,
      String(r.int(0, 70000)),
    ]),
  match: (r) =>
    r.chance(0.85)
      ? randomMatch(r)
      : r.pick<Val>([
          'in_port=1',
          ['in_port'],
          obj({ in_port: ['1'] }),
          obj({ in_port: obj({ x: '1' }) }),
          null,
        ]),
  actions: (r) => r.pick(ACTIONS),
  cookie: (r) =>
    r.pick<Val>([
      '',
      '0x10',
      '1152921504606846978',
      '18446744073709551615',
      '18446744073709551616',
      new Num('18446744073709551617'),
      new Num('18446744073709551615'),
      '-1',
      'x',
      `0x${'f'.repeat(17)}`,
      String(r.int(1, 1e9)),
    ]),
  name: (r) =>
    r.pick<Val>([...TEXTS, 'ntp', 'syslog', 'snmp', 'heartbeat', 'pcap', 'nope', 'fuzz1', 'ro']),
  description: (r) => r.pick(TEXTS),
  group_id: (r) => r.pick<Val>(['1', '2', '3', '0', '4294967040', '4294967041', '-1', 'abc', '']),
  if_name: (r) => r.pick(IF_NAMES),
  speed: (r) => r.pick<Val>(['10', '100', '1000', '10G', '40G', '100G', 'auto', '1G', 'fast', '']),
  duplex: (r) => r.pick<Val>(['full', 'half', 'auto', 'x']),
  xg_speed: (r) => r.pick<Val>(['1G', 'XG', 'xg', '10G']),
  split: (r) => r.pick<Val>(['default', 'sfp', 'break-out', 'x']),
  shutdown: (r) => r.pick(BOOLS),
  unidirectional: (r) => r.pick(BOOLS),
  crc_check: (r) => r.pick(BOOLS),
  crc_recalculation: (r) => r.pick(BOOLS),
  old_name: (r) =>
    r.pick<Val>(['a', 'b', 'Quicksave', 'factory-default', 'factory-ports', '', 'zz']),
  new_name: (r) =>
    r.pick<Val>(['a', 'b', 'c', 'Quicksave', 'factory-default', '', ' ', 'x'.repeat(129)]),
  override: (r) => r.pick(BOOLS),
  rule_save_point_names: (r) =>
    r.pick<Val>([['a', 'b'], '["a"]', '[bad', 'factory-default', [], ['zz'], '', [obj({})]]),
  port_save_point_names: (r) => r.pick<Val>([['factory-ports'], '["factory-ports"]', 'a', '[', []]),
  device_name: (r) => r.pick(TEXTS),
  notes: (r) => r.pick(TEXTS),
  ip: (r) => r.pick(IPS),
  mask: (r) =>
    r.pick<Val>(['255.255.255.0', '255.0.0.0', '255.0.255.0', '0.0.0.0', '255.255.255.255', 'x']),
  gw: (r) => r.pick(IPS),
  dns1: (r) => r.pick(IPS),
  dns2: (r) => r.pick(IPS),
  dns3: (r) => r.pick(IPS),
  macsa: (r) => r.pick(BOOLS),
  macda: (r) => r.pick(BOOLS),
  ether_type: (r) => r.pick(BOOLS),
  ipsa: (r) => r.pick(BOOLS),
  ipda: (r) => r.pick(BOOLS),
  ip_protocol: (r) => r.pick(BOOLS),
  src_port: (r) => r.pick(BOOLS),
  dst_port: (r) => r.pick(BOOLS),
  https_enabled: (r) => r.pick(BOOLS),
  ssl_password: (r) => r.pick(TEXTS),
  activated: (r) => r.pick(BOOLS),
  state: (r) => r.pick(BOOLS),
  mode: (r) => r.pick<Val>(['simple', 'ipv6', 'IPV6', 'client', 'server', 'x', '']),
  connection: (r) => r.pick<Val>(['tcp', 'ssl', 'TCP', 'udp', '']),
  port: (r) => r.pick<Val>([...INTS, '6653', '514', '1812', 'eth-0-1']),
  username: (r) =>
    r.pick<Val>(['fuzz1', 'fuzz2', 'ro', 'admin', '', 'a b', 'x'.repeat(65), '\u0007']),
  password: (r) => r.pick<Val>(['admin', 'pw1', '', 'x']),
  accesslevel: (r) => r.pick<Val>(['1', '7', '31', '0', '32', '', 'super']),
  access_level: (r) => r.pick<Val>(['1', '7', '31', '0', '']),
  new_username: (r) => r.pick<Val>(['fuzz2', 'fuzz3', 'admin', '', 'a b']),
  radius: (r) => r.pick(BOOLS),
  server: (r) => r.pick<Val>([...IPS, 'pool.ntp.org']),
  secret: (r) => r.pick<Val>(['s', '', 'x'.repeat(129)]),
  radius_login_level: (r) => r.pick<Val>(['0', '1', '7', '31', '5']),
  refresh_rate: (r) => r.pick(INTS),
  user_description: (r) => r.pick(TEXTS),
  pid: (r) =>
    r.pick<Val>([
      String(r.int(1200, 1230)),
      String(r.int(1200, 1230)),
      '',
      'abc',
      '-1',
      new Num('99999999999999999999'),
    ]),
  action_name: (r) =>
    r.pick<Val>([
      'sync_now',
      'show_status',
      'send_test',
      'send_test_trap',
      'restart',
      'status',
      'reset_counters',
      'rotate',
      'discard',
      'nope',
      '',
    ]),
  poll_interval: (r) => r.pick(INTS),
  stratum: (r) => r.pick(INTS),
  host: (r) => r.pick(IPS),
  protocol: (r) => r.pick<Val>(['udp', 'tcp', 'tls', 'x']),
  facility: (r) => r.pick<Val>(['local0', 'local7', 'kern']),
  min_severity: (r) => r.pick<Val>(['info', 'debug', 'x']),
  include_weblog: (r) => r.pick(BOOLS),
  version: (r) => r.pick<Val>(['v2c', 'v3', 'v1']),
  community: (r) => r.pick(TEXTS),
  traps: (r) => r.pick(BOOLS),
  trap_host: (r) => r.pick(IPS),
  interval_ms: (r) => r.pick(INTS),
  misses: (r) => r.pick(INTS),
  on_loss: (r) => r.pick<Val>(['log', 'shutdown_port', 'x']),
  filter: (r) => r.pick(TEXTS),
  snaplen: (r) => r.pick(INTS),
  ring: (r) => r.pick(INTS),
};

/** Mostly valid values for a clean request. */
const CLEAN: Record<string, (r: Rng) => Val> = {
  priority: (r) => r.pick<Val>(['100', '100', '', 5]),
  match: (r) => plainMatch(r),
  actions: (r) =>
    r.pick<Val>([
      'output:2',
      'output:2,3',
      'drop',
      'group:1',
      'group:2',
      'push_vlan:0x8100,output:9',
      ['output:3'],
    ]),
  cookie: (r) => r.pick<Val>(['', '', '', String(r.int(1, 50)), `0x${r.int(1, 50).toString(16)}`]),
  name: (r) =>
    r.pick<Val>([
      'a',
      'b',
      'c',
      'ntp',
      'syslog',
      'snmp',
      'pcap',
      'heartbeat',
      'fuzz1',
      'Quicksave',
    ]),
};

/** Parameter names per path (a prefix match picks the longest). */
const PATH_KEYS: [string, string[]][] = [
  ['/rules', ['priority', 'match', 'actions', 'name', 'description', 'cookie']],
  ['/rules/all', []],
  ['/rules/counters', []],
  ['/groups', ['group_id']],
  [
    '/ports/config',
    [
      'if_name',
      'speed',
      'duplex',
      'xg_speed',
      'split',
      'shutdown',
      'unidirectional',
      'crc_check',
      'crc_recalculation',
    ],
  ],
  [
    '/savepoints',
    [
      'name',
      'description',
      'old_name',
      'new_name',
      'override',
      'rule_save_point_names',
      'port_save_point_names',
    ],
  ],
  ['/device/customident', ['name', 'notes']],
  [
    '/device/grouphash',
    ['macsa', 'macda', 'ether_type', 'ipsa', 'ipda', 'ip_protocol', 'src_port', 'dst_port'],
  ],
  ['/device/https', ['https_enabled', 'ssl_password']],
  ['/device/ipconfig', ['ip', 'mask', 'gw']],
  ['/device/name', ['device_name']],
  ['/device/nameresolution', ['dns1', 'dns2', 'dns3']],
  ['/device/rulestoragemode', ['mode']],
  ['/device/controller', ['connection', 'ip', 'port']],
  ['/device', ['activated', 'state']],
  [
    '/users',
    [
      'username',
      'password',
      'accesslevel',
      'access_level',
      'description',
      'new_username',
      'name',
      'radius',
    ],
  ],
  ['/users/uac', ['state']],
  ['/users/radius', ['server', 'port', 'secret', 'radius_login_level', 'refresh_rate']],
  [
    '/apps',
    [
      'name',
      'user_description',
      'pid',
      'mode',
      'server',
      'poll_interval',
      'stratum',
      'host',
      'port',
      'protocol',
      'facility',
      'min_severity',
      'include_weblog',
      'version',
      'community',
      'traps',
      'trap_host',
      'interval_ms',
      'misses',
      'on_loss',
      'filter',
      'snaplen',
      'ring',
    ],
  ],
  ['/apps/action', ['pid', 'action_name']],
];

/** Keys a clean request always sends. */
const REQUIRED: Record<string, string[]> = {
  '/rules': ['priority', 'match', 'actions'],
  '/ports/config': ['if_name'],
  '/apps': ['name', 'pid'],
  '/apps/action': ['pid', 'action_name'],
  '/device/ipconfig': ['ip', 'mask', 'gw'],
  '/device/controller': ['connection', 'ip', 'port'],
};

function keysFor(path: string): string[] {
  let best: [string, string[]] = ['', []];
  for (const e of PATH_KEYS)
    if ((path === e[0] || path.startsWith(`${e[0]}/`)) && e[0].length > best[0].length) best = e;
  return best[1];
}

// ---- junk ---------------------------------------------------------------------------------

function text(r: Rng): string {
  switch (r.int(0, 6)) {
    case 0:
      return Array.from({ length: r.int(0, 12) }, () =>
        String.fromCharCode(r.int(0x20, 0x7e)),
      ).join('');
    case 1: // control characters
      return Array.from({ length: r.int(1, 8) }, () =>
        String.fromCharCode(r.pick([r.int(0, 0x1f), 0x7f, 0x41])),
      ).join('');
    case 2: // any UTF-16 code unit, lone surrogates included
      return Array.from({ length: r.int(1, 8) }, () => String.fromCharCode(r.int(0, 0xffff))).join(
        '',
      );
    case 3:
      return r.pick([
        '\ud800',
        '\udc00x',
        'x\ud83d',
        '\ud83d\ude00',
        '\ufeff',
        '\u2028\u2029',
        '\uffff',
        '\u0000',
        'é',
        '%',
        '%zz',
        '%00',
        '&=[]',
        '"\\',
      ]);
    case 4:
      return 'x'.repeat(r.int(100, 5000));
    case 5:
      return r.pick([
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'valueOf',
      ]);
    default:
      return String(r.int(-5, 70000));
  }
}

/** Objects whose own keys shadow Object.prototype: String(x) throws on some of them. */
function hostileObject(r: Rng): Obj {
  return r.pick([
    obj({ toString: 1 }),
    obj({ valueOf: 'x', toString: 'y' }),
    obj({ toString: obj({}) }),
    obj({ __proto__: obj({ polluted: 'yes' }) }),
    obj({ constructor: obj({ prototype: obj({ polluted: 'yes' }) }) }),
    obj({ hasOwnProperty: 'x', in_port: '1' }),
    obj({ toJSON: 'x' }),
  ]);
}

function junk(r: Rng, depth = 0): Val {
  if (r.chance(0.05)) return hostileObject(r);
  switch (r.int(0, depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, -0, 1e308, 2 ** 53, 65536, 4294967296]);
    case 3:
      return new Num(
        r.pick([
          '18446744073709551616',
          '-18446744073709551617',
          '1e400',
          '-1e-400',
          '123456789012345678901234567890',
          '0.1e1',
          '1E+2',
          '-0',
          '9007199254740993',
        ]),
      );
    case 4:
    case 5:
      return text(r);
    case 6:
      return r.pick(['', '1', 'true', 'output:2', '[', '["a"]', '{}', 'null']);
    case 7:
      return Array.from({ length: r.int(0, 3) }, () => junk(r, depth + 1));
    default:
      return new Obj(
        Array.from({ length: r.int(0, 3) }, (): [string, Val] => [
          r.chance(0.5) ? text(r) : r.pick(['in_port', 'x', '0', '']),
          junk(r, depth + 1),
        ]),
      );
  }
}

// ---- requests -----------------------------------------------------------------------------

interface FuzzReq {
  kind: string;
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
  /** On its own connection: the server may close it (parser errors, 413, 431). */
  fresh?: boolean;
  /** For a plain POST /rules: the rule that must be listed once the device said OK. */
  adds?: { priority: number; match: Record<string, string> };
}

const STANDARD = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
// CONNECT is left out: Node's HTTP server hands it to a 'connect' listener and never answers.
const BOGUS_METHODS = [
  'FOO',
  'get',
  'Post',
  'X',
  'PROPFIND',
  'TRACE',
  'PURGE',
  'M-SEARCH',
  'QUERY',
  'LOCK',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/merge-patch+json',
  'application/json; charset=utf-16',
  '',
];
const OVERRIDES = [
  'PUT',
  'DELETE',
  'put',
  ' delete ',
  'GET',
  'POST',
  'PATCH',
  'HEAD',
  ' ',
  'PUT, DELETE',
  'PUT\tDELETE',
  'DELETE\u00ff',
  '__proto__',
  'x'.repeat(4000),
];

const BRACKETS = [
  'match[in_port]=1',
  'match[in_port][]=1',
  'match[in_port][x]=1',
  'match[][]=',
  'a[][]=',
  'a[b][c][d][e][f][g]=1',
  'match[a][b][c][d][e]=1',
  '__proto__[x]=1',
  '__proto__[polluted]=yes',
  'constructor[prototype][x]=1',
  'constructor[prototype][polluted]=1',
  'match[__proto__][x]=1',
  'match[constructor][prototype][polluted]=1',
  '__proto__=1',
  'x[0]=a&x[1]=b',
  'x[1001]=a',
  'x[]=a&x=b',
  'x=a&x=b',
  'match=1',
  'match[]=in_port',
  'match[in_port]=1&match=2',
  'priority[]=1',
  'priority[a]=1',
  'actions[]=output:2&actions[]=drop',
  'actions[0][x]=1',
  '[]=1',
  '[x]=1',
  ']=1',
  '[=1',
  'a[=1',
  'a]=1',
  '%5B%5D=1',
  'match%5Bin_port%5D=1',
  '=',
  '&&&',
  'a=%',
  'a=%zz',
  'a=%ff',
  'a==b',
  'hasOwnProperty=1',
  'toString[x]=1',
  'valueOf=1',
  'username[]=admin&password[]=admin',
  'username[a]=admin',
  '1[type]=select&1[buckets][0][actions]=output:9',
  '1[buckets][0][__proto__][x]=1',
  'rule_save_point_names[]=a&rule_save_point_names[][x]=1',
  'match[in_port]=1&match[tcp]&match[tcp_dst]=80',
  'a[b]=1&a=2',
  'a=1&a[b]=2',
  'a[999999999]=1',
  'a[-1]=1',
  'a[0x1]=1',
  'a.b=1',
  'a[b.c]=1',
];

function randomBracketKey(r: Rng): string {
  let k = r.pick([
    'match',
    'a',
    '__proto__',
    'constructor',
    'prototype',
    'x',
    '',
    'actions',
    'priority',
  ]);
  for (let i = r.int(0, 8); i > 0; i--)
    k += `[${r.pick(['', '0', 'x', '__proto__', 'prototype', 'constructor', 'in_port', '[', String(r.int(0, 2000))])}]`;
  return k;
}

function authHeaders(
  r: Rng,
  inUacBatch: boolean,
): { headers: Record<string, string>; params: [string, Val][] } {
  const pick = r.weighted<string>([
    ['none', inUacBatch ? 25 : 50],
    ['basic', inUacBatch ? 55 : 25],
    ['params', inUacBatch ? 12 : 10],
    ['unknown-user', 3],
    ['malformed', 4],
    ['param-junk', 2],
    // a wrong password of an existing user costs a 50 ms scrypt under UAC: keep it rare
    ['wrong-password', 1],
  ]);
  switch (pick) {
    case 'basic':
      return {
        headers: { authorization: r.chance(0.9) ? basic(...ADMIN) : 'basic YWRtaW46YWRtaW4=' },
        params: [],
      };
    case 'params':
      return {
        headers: {},
        params: [
          ['username', 'admin'],
          ['password', 'admin'],
        ],
      };
    case 'unknown-user':
      return {
        headers: { authorization: basic(r.pick(['nobody', '', 'Admin', 'admin ']), 'x') },
        params: [],
      };
    case 'malformed':
      return {
        headers: {
          authorization: r.pick([
            'Basic',
            'Basic ',
            'Basic !!!',
            'Basic ====',
            'Basic YWRtaW4=',
            'Bearer x',
            `Basic ${Buffer.from('x'.repeat(2000)).toString('base64')}`,
            'Basic YWRtaW46YWRtaW4= extra',
            `Basic ${Buffer.from(':admin').toString('base64')}`,
            `Basic ${Buffer.from([0xff, 0x3a, 0xfe]).toString('base64')}`,
          ]),
        },
        params: [],
      };
    case 'param-junk':
      return {
        headers: {},
        params: [
          ['username', r.pick<Val>([['admin'], obj({ a: 'admin' }), 'admin', null])],
          ['password', r.pick<Val>([['admin'], 'admin', 1, null])],
        ],
      };
    case 'wrong-password':
      return r.chance(0.5)
        ? { headers: { authorization: basic('admin', 'wrong') }, params: [] }
        : {
            headers: {},
            params: [
              ['username', 'admin'],
              ['password', 'nope'],
            ],
          };
    default:
      return { headers: {}, params: [] };
  }
}

function groupsBody(r: Rng, clean: boolean): Obj {
  if (clean) {
    const id = r.pick(['1', '2', '3']);
    const buckets = Array.from({ length: r.int(1, 2) }, () =>
      obj({
        actions: r.pick(['output:2', 'output:3', 'push_vlan:0x8100,output:4']),
        watch_port: r.pick(['', '2', '3']),
      }),
    );
    return obj({ [id]: obj({ group_id: id, type: r.pick(['select', 'all', 'ff']), buckets }) });
  }
  const groups: [string, Val][] = [];
  for (let n = r.int(1, 3); n > 0; n--) {
    const id = r.pick([
      '1',
      '2',
      '3',
      '1',
      '2',
      '0',
      '4294967040',
      '4294967041',
      '-1',
      'abc',
      '__proto__',
      'constructor',
    ]);
    const buckets = Array.from(
      {
        length: r.weighted([
          [1, 5],
          [2, 3],
          [0, 1],
          [17, 1],
        ]),
      },
      () =>
        obj({
          actions: r.pick<Val>([
            'output:2',
            'output:3',
            'push_vlan:0x8100,output:4',
            'output:99',
            'group:1',
            ['output:5'],
            '',
          ]),
          watch_port: r.pick<Val>(['', '', '2', '3', '99', 2, null]),
        }),
    );
    const g: [string, Val][] = [
      ['type', r.pick<Val>(['select', 'ff', 'all', 'SELECT', 'bogus', '', 1])],
      ['buckets', r.chance(0.95) ? buckets : junk(r)],
    ];
    if (r.chance(0.5)) g.push(['group_id', r.chance(0.9) ? id : r.pick<Val>(['9', 1, null])]);
    if (r.chance(0.2)) g.push(['description', r.pick(TEXTS)]);
    groups.push([id, r.chance(0.95) ? new Obj(g) : junk(r)]);
  }
  return new Obj(groups);
}

/** The identity of the rule a POST /rules with these parameters adds, when it is certain. */
function ruleOracle(params: [string, Val][]): FuzzReq['adds'] {
  const keys = params.map(([k]) => k);
  if (new Set(keys).size !== keys.length) return undefined;
  const p = params.find(([k]) => k === 'priority')?.[1];
  const text =
    p === undefined ? '' : typeof p === 'number' ? String(p) : p instanceof Num ? p.text : p;
  if (typeof text !== 'string' || !/^(-?\d+)?$/.test(text.trim())) return undefined;
  const priority = text.trim() === '' ? 32768 : Number(text.trim());
  const m = params.find(([k]) => k === 'match')?.[1];
  const match: Record<string, string> = {};
  if (m instanceof Obj) {
    for (const [k, v] of m.entries) {
      if (Object.hasOwn(match, k) || (v !== null && typeof v !== 'string')) return undefined;
      Object.defineProperty(match, k, { value: v ?? '', enumerable: true, writable: true });
    }
  } else if (m !== undefined) return undefined;
  return { priority, match };
}

/** A request to a real route, mostly with plausible parameters. */
function routeRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.weighted(WEIGHTED_ROUTES);
  const params: [string, Val][] = [];
  // half the requests are clean: the route's required keys present, values from the vocabulary
  const clean = r.chance(0.5);
  let groupBody: Obj | undefined;
  const groupWrite = route.path === '/groups' && route.method !== 'DELETE';
  if (groupWrite || (route.path === '/groups' && r.chance(0.1))) groupBody = groupsBody(r, clean);
  const keys = clean && groupWrite ? [] : keysFor(route.path);
  for (const k of keys) {
    const required = clean && (REQUIRED[route.path]?.includes(k) ?? false);
    if (!required && !r.chance(clean ? 0.3 : 0.6)) continue;
    const gen = VOCAB[k];
    const cleanGen = clean ? CLEAN[k] : undefined;
    params.push([k, cleanGen ? cleanGen(r) : gen && (clean || r.chance(0.85)) ? gen(r) : junk(r)]);
  }
  if (r.chance(0.1))
    params.push([r.pick([text(r), 'extra', 'matchx', 'Priority', 'ACTIONS']), junk(r)]);
  const auth = authHeaders(r, inUacBatch);
  let method = route.method;
  const headers: Record<string, string | string[]> = { ...auth.headers };
  if ((method === 'PUT' || method === 'DELETE') && r.chance(0.15)) {
    headers['x-http-method-override'] = r.chance(0.8) ? method : method.toLowerCase();
    method = 'POST';
  }
  const all = new Obj([...params, ...auth.params, ...(groupBody?.entries ?? [])]);
  const adds = route.path === '/rules' && route.method === 'POST' ? ruleOracle(params) : undefined;
  const enc = r.weighted([
    ['query', 35],
    ['form', 20],
    ['json', 35],
    ['split', 10],
  ] as const);
  const base = `/rest${route.path}${r.chance(0.05) ? '/' : ''}`;
  if (enc === 'query') {
    const q = formEncode(all, r);
    return { kind: 'route/query', method, target: q ? `${base}?${q}` : base, headers, adds };
  }
  if (enc === 'form') {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return {
      kind: 'route/form',
      method,
      target: base,
      headers,
      body: Buffer.from(formEncode(all, r)),
      adds,
    };
  }
  if (enc === 'json') {
    headers['content-type'] = 'application/json';
    return {
      kind: 'route/json',
      method,
      target: base,
      headers,
      body: Buffer.from(toJson(all)),
      adds,
    };
  }
  // split: credentials and some parameters in the query, the rest (overlapping) as JSON
  const cut = r.int(0, all.entries.length);
  const q = formEncode(new Obj(all.entries.slice(0, cut)), r);
  headers['content-type'] = 'application/json';
  return {
    kind: 'route/split',
    method,
    adds,
    target: q ? `${base}?${q}` : base,
    headers,
    body: Buffer.from(toJson(new Obj(all.entries.slice(Math.max(0, cut - 1))))),
  };
}

function mutatePath(r: Rng): string {
  const p = r.pick(PATHS);
  switch (r.int(0, 14)) {
    case 0:
      return `/rest${p}/`;
    case 1:
      return `/rest${p}//`;
    case 2:
      return `/rest/${p}`;
    case 3:
      return `/rest${p.toUpperCase()}`;
    case 4:
      return `/rest${p}/x`;
    case 5:
      return `/rest${p.replace('/', '/%2F')}`;
    case 6:
      return `/rest${p}%00`;
    case 7:
      return `/rest${p};x=1`;
    case 8:
      return `/rest${p}/..`;
    case 9:
      return r.pick([
        '/rest',
        '/rest/',
        '/restx',
        '/rest.json',
        '/rest/__proto__',
        '/rest/constructor',
        '/rest/toString',
        '/rest/hasOwnProperty',
        '/rest/rules/all/../all',
        '/rest/%zz',
        '/rest/%',
        '/rest/%c0%ae',
        '/rest/\u00ff',
        '/rest/*',
        '/rest?',
        '/rest/#x',
        '/rest/rules/all#frag',
      ]);
    case 10:
      return `/rest/${pct(text(r))}`;
    case 11:
      return `/rest${p}${'/x'.repeat(r.int(1, 200))}`;
    default:
      return `/rest${p}`;
  }
}

function randomMethodRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const method = r.chance(0.75) ? r.pick(STANDARD) : r.pick(BOGUS_METHODS);
  const auth = authHeaders(r, inUacBatch);
  const path = mutatePath(r);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  const q =
    auth.params.length || r.chance(0.3)
      ? formEncode(
          new Obj([...auth.params, ...(r.chance(0.3) ? [['x', junk(r)] as [string, Val]] : [])]),
          r,
        )
      : '';
  let body: Buffer | undefined;
  if (r.chance(0.3)) {
    headers['content-type'] = r.pick(CONTENT_TYPES);
    body = Buffer.from(toJson(junk(r)));
  }
  return {
    kind: 'method',
    method,
    target: q ? `${path}${path.includes('?') ? '&' : '?'}${q}` : path,
    headers,
    body,
  };
}

function bracketRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const parts = Array.from({ length: r.int(1, 8) }, () =>
    r.chance(0.7) ? r.pick(BRACKETS) : `${pct(randomBracketKey(r), true)}=${pct(text(r))}`,
  );
  const auth = authHeaders(r, inUacBatch);
  const q = [...parts, formEncode(new Obj(auth.params), r)].filter((s) => s !== '').join('&');
  const inBody = r.chance(0.3);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  if (inBody) headers['content-type'] = 'application/x-www-form-urlencoded';
  return {
    kind: 'brackets',
    method: route.method,
    target: inBody ? `/rest${route.path}` : `/rest${route.path}?${q}`,
    headers,
    body: inBody ? Buffer.from(q) : undefined,
  };
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

function jsonRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const valid = toJson(
    new Obj([
      ['priority', r.pick(['5', 5])],
      ['match', randomMatch(r)],
      ['actions', r.pick(ACTIONS)],
    ]),
  );
  const bodies: (() => string | Buffer)[] = [
    () => valid.slice(0, r.int(0, valid.length - 1)), // truncated
    () => r.pick(['[]', '[1,2]', '1', '"x"', 'null', 'true', '-0', '1e400', '""', ' ', '\n']), // not an object
    () =>
      r.pick([
        '{',
        '}',
        '{"a":}',
        '{"a" 1}',
        "{'a':1}",
        '{"a":1,}',
        '{"a":01}',
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":1}{"b":2}',
        '{"a":"\\x"}',
        '{"a":"\\u12"}',
        '{"a":1,"a":2}',
        '\ufeff{}',
        '{"a":"\t"}',
        '{"a":"\u0000"}',
        '{"__proto__":{"polluted":1}}',
        '{"constructor":{"prototype":{"polluted":1}}}',
        '{"match":{"__proto__":{"polluted":1}},"actions":"drop"}',
      ]), // malformed / hostile
    () =>
      toJson(
        obj({
          priority: junk(r),
          match: junk(r),
          actions: junk(r),
          cookie: junk(r),
          name: junk(r),
        }),
      ), // wrong types
    () =>
      `{"priority":${r.pick(['18446744073709551616', '-18446744073709551617', '1e400', '99999999999999999999999999', '5.0', '-0'])},"cookie":${r.pick(['18446744073709551616', '18446744073709551615', '1e20', '0.5'])},"match":{"in_port":${r.pick(['1', '18446744073709551617', '1.0', '1e1'])}},"actions":"output:2","pid":123456789012345678901234567890,"port":1e400,"group_id":4294967297}`, // huge numbers
    () =>
      r.chance(0.5)
        ? nested(r.pick([50, 1000, 20000, 200000]), '[', ']')
        : `{"match":${nested(r.pick([5, 100, 5000]), '{"a":', '}')},"actions":"drop"}`, // deep nesting
    () =>
      `{"name":"${'\\ud800'}x","description":"\\udfff\\ud800","match":{"in_port":"1\\u0000"},"actions":"output:2\\u2028","cookie":"\\ud83d\\ude00","priority":"\\u0035"}`, // surrogates, escapes
    () =>
      Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xae, 0xed, 0xa0, 0x80]),
        Buffer.from('","actions":"drop"}'),
      ]), // invalid UTF-8
    () => toJson(junk(r)),
  ];
  const body = r.pick(bodies)();
  const auth = authHeaders(r, inUacBatch);
  const q = formEncode(new Obj(auth.params), r);
  return {
    kind: 'json',
    method: route.method === 'GET' && r.chance(0.7) ? 'POST' : route.method,
    target: `/rest${route.path}${q ? `?${q}` : ''}`,
    headers: {
      ...auth.headers,
      'content-type': r.chance(0.85) ? 'application/json' : r.pick(CONTENT_TYPES),
    },
    body: typeof body === 'string' ? Buffer.from(body) : body,
  };
}

function bigStringRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const mb = 'x'.repeat(1 << 20);
  const route = r.pick(ROUTES.filter((x) => x.method !== 'GET'));
  const auth = authHeaders(r, inUacBatch);
  const key = r.pick([
    'name',
    'description',
    'actions',
    'filter',
    'notes',
    'device_name',
    'username',
    'password',
    'ssl_password',
    'secret',
    mb.slice(0, 100_000),
  ]);
  const headers: Record<string, string | string[]> = { ...auth.headers };
  const value = r.chance(0.5) ? mb : `${'\u00e9'.repeat(1 << 18)}\ud800`;
  const fields = new Obj([
    [key, value],
    ...auth.params,
    ['match', obj({ in_port: '1' })],
    ['priority', '7'],
  ]);
  if (r.chance(0.7)) {
    headers['content-type'] = 'application/json';
    return {
      kind: '1mb/json',
      method: route.method,
      target: `/rest${route.path}`,
      headers,
      body: Buffer.from(toJson(fields)),
    };
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return {
    kind: '1mb/form',
    method: route.method,
    target: `/rest${route.path}`,
    headers,
    body: Buffer.from(formEncode(fields, r)),
  };
}

function overrideRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const req = r.chance(0.5) ? routeRequest(r, inUacBatch) : randomMethodRequest(r, inUacBatch);
  if (!STANDARD.includes(req.method)) req.method = r.pick(STANDARD);
  req.method = r.chance(0.6) ? 'POST' : req.method;
  req.headers['x-http-method-override'] = r.chance(0.1)
    ? [r.pick(OVERRIDES), r.pick(OVERRIDES)]
    : r.pick(OVERRIDES);
  req.kind = `override/${req.kind}`;
  req.adds = undefined;
  return req;
}

function hugeQueryRequest(r: Rng, inUacBatch: boolean): FuzzReq {
  const route = r.pick(ROUTES);
  const auth = authHeaders(r, inUacBatch);
  let q: string;
  switch (r.int(0, 4)) {
    case 0: // many parameters (beyond qs' parameterLimit of 2000)
      q = Array.from({ length: r.int(1000, 2500) }, (_, i) => `k${i}=${i}`).join('&');
      break;
    case 1: // one long value
      q = `name=${'x'.repeat(r.int(4000, 15000))}`;
      break;
    case 2: // a long array (beyond qs' arrayLimit of 1000)
      q = Array.from({ length: r.int(500, 1500) }, () => 'rule_save_point_names[]=a').join('&');
      break;
    case 3: // beyond Node's 16 KiB header limit: 431
      q = `x=${'y'.repeat(r.int(17_000, 40_000))}`;
      break;
    default: // deep brackets, repeated
      q = Array.from({ length: r.int(100, 600) }, (_, i) => `match[a${i}][b][c][d]=${i}`).join('&');
  }
  const extra = formEncode(new Obj(auth.params), r);
  const target = `/rest${route.path}?${q}${extra ? `&${extra}` : ''}`;
  return { kind: 'huge-query', method: route.method, target, headers: { ...auth.headers } };
}

function generate(seed: number, i: number, inUacBatch: boolean): FuzzReq {
  const q = generateRaw(seed, i, inUacBatch);
  q.fresh ||=
    !STANDARD.includes(q.method) || /[^\x21-\x7e]/.test(q.target) || q.target.length > 12_000;
  return q;
}

function generateRaw(seed: number, i: number, inUacBatch: boolean): FuzzReq {
  const r = new Rng(hash32(seed, i, 0x5eed));
  const make = r.weighted<(r: Rng, u: boolean) => FuzzReq>([
    [routeRequest, 52],
    [randomMethodRequest, 14],
    [bracketRequest, 10],
    [jsonRequest, 10],
    [overrideRequest, 8],
    [hugeQueryRequest, 2],
    [bigStringRequest, 0.4],
  ]);
  return make(r, inUacBatch);
}

// ---- sending and checking -----------------------------------------------------------------

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function send(port: number, q: FuzzReq, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...q.headers };
    if (q.body) headers['content-length'] = String(q.body.length);
    if (q.fresh) headers.connection = 'close';
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: q.method,
        path: q.target,
        headers,
        agent: q.fresh ? false : agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error('no answer within 15 s')));
    req.on('error', reject);
    req.end(q.body);
  });
}

/** Writes that answer with data instead of a Result (docs/simulator.md §5). */
const DATA_WRITES = new Set([
  'POST /users/uac',
  'POST /users/radius',
  'POST /device/telnet',
  'POST /device/rulestoragemode',
  'POST /savepoints/rulesavepoint',
  'POST /savepoints/portsavepoint',
  'POST /savepoints/modrulesavepoint',
  'POST /savepoints/modportsavepoint',
  'PUT /savepoints/quicksaverules',
]);

/** The method and path the simulator routes the request to. */
function effective(q: FuzzReq): { method: string; path: string } {
  const path = (q.target.split('?')[0] ?? '').replace(/^\/rest/, '').replace(/\/+$/, '') || '/';
  const o = q.headers['x-http-method-override'];
  const override = Array.isArray(o) ? o.join(', ') : o;
  let method = q.method.toUpperCase();
  if (method === 'POST' && override !== undefined && override.trim() !== '')
    method = override.trim().toUpperCase();
  return { method, path };
}

function problemWith(q: FuzzReq, a: Answer, stats: Map<string, number>): string | null {
  if (a.status >= 500) return `status ${a.status}`;
  if (a.status < 200 || (a.status >= 300 && a.status < 400)) return `status ${a.status}`;
  const ct = String(a.headers['content-type'] ?? '');
  if (!ct.startsWith('application/json')) return `content-type '${ct}'`;
  if (q.method === 'HEAD') return a.body.length === 0 ? null : 'HEAD answer has a body';
  let body: Wire;
  try {
    body = parseLossless(a.body.toString('utf8'));
  } catch (e) {
    return `body is not JSON (${(e as Error).message})`;
  }
  const eff = effective(q);
  // GET /ports/stats answers a bare array ("port counters objects"); all else is an object
  const arrayOk = a.status < 300 && eff.method === 'GET' && eff.path === '/ports/stats';
  if (typeof body !== 'object' || body === null || (Array.isArray(body) && !arrayOk))
    return 'body is not a JSON object';
  const keys = Object.keys(body);
  if (a.status >= 400) {
    if (typeof body.error !== 'string' || body.error.trim() === '')
      return 'error answer without an error message';
    return keys.length === 1 ? null : `error body has extra keys: ${keys.join(', ')}`;
  }
  if (Object.hasOwn(body, 'error')) return '2xx answer carries an error';
  if (
    eff.method !== 'GET' &&
    !Object.hasOwn(body, 'result') &&
    !DATA_WRITES.has(`${eff.method} ${eff.path}`)
  )
    return `${eff.method} ${eff.path} answered without result`;
  stats.set(`2xx ${eff.method} ${eff.path}`, (stats.get(`2xx ${eff.method} ${eff.path}`) ?? 0) + 1);
  return null;
}

function preview(b: Buffer | string | undefined, max = 600): string {
  if (b === undefined) return '(none)';
  const s = typeof b === 'string' ? b : b.toString('utf8');
  return s.length > max
    ? `${JSON.stringify(s.slice(0, max))}… (${s.length} chars)`
    : JSON.stringify(s);
}

function describeRequest(q: FuzzReq, i: number): string {
  return [
    `seed ${SEED}, request #${i} (${q.kind}); replay: PBC_FUZZ_SEED=${SEED} PBC_FUZZ_SIZE=${i + 1} npx vitest run test/sim/fuzz.test.ts`,
    `  ${q.method} ${preview(q.target, 400)}`,
    `  headers ${preview(JSON.stringify(q.headers), 400)}`,
    `  body ${preview(q.body)}`,
  ].join('\n');
}

// ---- the device's invariants --------------------------------------------------------------

async function checkInvariants(t: TestSim, where: string): Promise<void> {
  const auth = { headers: { authorization: basic(...KEEPER) } };
  const [rules, flows, mode, groups, users, name] = await Promise.all([
    t.call('GET', '/rules/all', auth),
    t.call('GET', '/flownumbers', auth),
    t.call('GET', '/device/rulestoragemode', auth),
    t.call('GET', '/groups/all', auth),
    t.call('GET', '/users', auth),
    t.call('GET', '/device/name', auth),
  ]);
  for (const res of [rules, flows, mode, groups, users, name])
    expect(res.status, `${where}: ${res.text}`).toBe(200);
  const current = mode.body.modeCurrent;
  expect(isStorageMode(current), `${where}: storage mode ${current}`).toBe(true);
  const cap = capacity(current);
  const list = rules.body.rules as Record<string, Wire>[];
  let sum = 0;
  for (const r of list) {
    expect(r.real_flow_ct, `${where}: real_flow_ct of ${JSON.stringify(r.match)}`).toBe(
      flowCount(r.match),
    );
    sum += r.real_flow_ct;
  }
  expect(rules.body.used_flows, `${where}: used_flows of /rules/all`).toBe(sum);
  expect(flows.body.used_flows, `${where}: used_flows of /flownumbers`).toBe(sum);
  expect(flows.body.maximum_flows, `${where}: maximum_flows`).toBe(cap.maximum);
  expect(sum, `${where}: flows over the ${current} hard limit`).toBeLessThanOrEqual(cap.hardLimit);
  const ids = list.map((r) => `${r.priority}|${JSON.stringify(Object.entries(r.match).sort())}`);
  expect(new Set(ids).size, `${where}: two rules share match + priority`).toBe(ids.length);
  const cookies = list.map((r) => String(r.cookie));
  expect(new Set(cookies).size, `${where}: cookies repeat`).toBe(cookies.length);
  const groupIds = new Set((groups.body.rules as Wire[]).map((g) => g.group_id));
  for (const r of list)
    for (const m of String(r.actions).matchAll(/group:(\d+)/g))
      expect(groupIds.has(Number(m[1])), `${where}: rule uses missing group ${m[1]}`).toBe(true);
  expect(users.body[KEEPER[0]]?.accesslevel, `${where}: the keeper account`).toBe(31);
  if (process.env.PBC_FUZZ_STATS)
    console.log(
      `${where}: ${list.length} rules, ${sum} flows (${current}), ${groupIds.size} groups`,
    );
}

// ---- the run ------------------------------------------------------------------------------

describe(`simulator fuzzer (${TOTAL} requests, seed ${SEED})`, () => {
  let t: TestSim;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();

  const keeper = (method: string, path: string, json?: unknown) =>
    t.call(method, path, {
      headers: { authorization: basic(...KEEPER) },
      ...(json === undefined ? {} : { json }),
    });

  async function setUac(on: boolean): Promise<void> {
    const res = await keeper('POST', '/users/uac', { state: on });
    expect(res.status, res.text).toBe(200);
  }

  /** Undoes what the traffic did to the admin account, so admin credentials stay useful. */
  async function repairAdmin(uacAfter: boolean): Promise<void> {
    const users = await keeper('GET', '/users');
    expect(users.status, users.text).toBe(200);
    const admin = users.body.admin;
    if (!admin) {
      const res = await keeper('POST', '/users', {
        username: 'admin',
        password: 'admin',
        accesslevel: 31,
      });
      expect(res.status, res.text).toBe(200);
    } else if (admin.accesslevel !== 31 || admin.radius !== false) {
      const res = await keeper('PUT', '/users', {
        username: 'admin',
        access_level: 31,
        radius: false,
      });
      expect(res.status, res.text).toBe(200);
    }
    await setUac(true);
    const probe = await t.call('GET', '/users/uac', {
      headers: { authorization: basic(...ADMIN) },
    });
    if (probe.status === 401) {
      const res = await keeper('PUT', '/users', { username: 'admin', password: 'admin' });
      expect(res.status, res.text).toBe(200);
    }
    await setUac(uacAfter);
  }

  beforeAll(async () => {
    // instant reboots: POST /device/reboot must not turn the rest of a batch into 503s
    t = await startTestSim({ seed: SEED % 1000, rebootMs: 0 });
    expect(t.sim.faults.active()).toBe(false);
    const res = await t.call('POST', '/users', {
      json: { username: KEEPER[0], password: KEEPER[1], accesslevel: 31 },
    });
    expect(res.status, res.text).toBe(200);
  });

  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it(
    'answers every request with < 500 and JSON, and keeps its invariants',
    async () => {
      const stats = new Map<string, number>();
      const started = performance.now();
      for (let b = 0; b * BATCH < TOTAL; b++) {
        const uac = uacBatch(b);
        await repairAdmin(uac);
        for (let i = b * BATCH; i < Math.min(TOTAL, (b + 1) * BATCH); i++) {
          const q = generate(SEED, i, uac);
          let answer: Answer;
          const t0 = performance.now();
          try {
            answer = await send(t.sim.port, q, agent);
            stats.set(`ms ${q.kind}`, (stats.get(`ms ${q.kind}`) ?? 0) + performance.now() - t0);
          } catch (e) {
            throw new Error(`no answer: ${(e as Error).message}\n${describeRequest(q, i)}`);
          }
          const problem = problemWith(q, answer, stats);
          if (problem)
            throw new Error(
              `${problem}\n${describeRequest(q, i)}\n  answer ${answer.status} ${preview(answer.body)}`,
            );
          if (q.adds && answer.status === 200) {
            const listed = await t.call('GET', '/rules/all', {
              headers: { authorization: basic(...KEEPER) },
            });
            const { priority, match } = q.adds;
            const found = (listed.body.rules as Wire[]).some(
              (x) => Number(x.priority) === priority && sameMatch(x.match, match),
            );
            if (!found)
              throw new Error(
                `POST /rules said OK but no rule with priority ${priority} and match ${JSON.stringify(match)} is listed\n${describeRequest(q, i)}`,
              );
            stats.set('checked adds', (stats.get('checked adds') ?? 0) + 1);
          }
          stats.set(q.kind, (stats.get(q.kind) ?? 0) + 1);
          stats.set(`status ${answer.status}`, (stats.get(`status ${answer.status}`) ?? 0) + 1);
          // a successful write to /users may have locked the admin account out or
          // switched UAC: back to this batch's setting
          const eff = effective(q);
          if (answer.status < 300 && eff.path.startsWith('/users') && eff.method !== 'GET') {
            if (uac) await repairAdmin(true);
            else if (eff.path === '/users/uac') await setUac(false);
          }
        }
        await checkInvariants(
          t,
          `seed ${SEED}, after batch ${b} (requests up to #${Math.min(TOTAL, (b + 1) * BATCH) - 1})`,
        );
      }
      if (process.env.PBC_FUZZ_STATS === '1') {
        console.log(`fuzz: ${TOTAL} requests in ${Math.round(performance.now() - started)} ms`);
        console.log(
          [...stats.entries()]
            .sort()
            .map(([k, v]) => `${k}: ${v}`)
            .join('\n'),
        );
      }
      // the traffic really wrote: rules were added (and checked) and deleted
      if (TOTAL >= 5_000) {
        expect(stats.get('2xx POST /rules') ?? 0).toBeGreaterThan(50);
        expect(stats.get('checked adds') ?? 0).toBeGreaterThan(50);
        expect(stats.get('2xx DELETE /rules') ?? 0).toBeGreaterThan(0);
        expect(stats.get('2xx POST /groups') ?? 0).toBeGreaterThan(0);
      }

      // the server is still up, fault injection still off
      const alive = await t.call('GET', '/device/name', {
        headers: { authorization: basic(...KEEPER) },
      });
      expect(alive.status, alive.text).toBe(200);
      expect(typeof alive.body.name).toBe('string');
      expect(t.sim.faults.active()).toBe(false);
    },
    FULL ? 600_000 : 300_000,
  );

  it('left no prototype polluted (the simulator runs in this process)', () => {
    const probe: Record<string, unknown> = {};
    for (const k of ['x', 'y', 'polluted', 'isAdmin', 'a', 'b', '0', 'in_port'])
      expect(probe[k], `Object.prototype.${k}`).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(Object.keys(Array.prototype)).toEqual([]);
    expect(Object.keys(Function.prototype)).toEqual([]);
    expect(Object.keys(String.prototype)).toEqual([]);
    expect({}.toString).toBe(Object.prototype.toString);
    expect({} instanceof Object).toBe(true);
  });
});
