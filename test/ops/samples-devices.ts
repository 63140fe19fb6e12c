/**
 * Sample arguments for the operation builders of the ports, save-points, users, apps,
 * device and logs tables (test/ops/requests.test.ts sends each one to a recording device;
 * samples.ts joins these to the rule and group samples). Awkward values included: spaces,
 * quotes, `&`, unicode, secrets, app parameters named like secrets.
 */
import type { GroupHash } from '../../src/model/index.js';
import type { OPERATION_TABLES } from '../../src/ops/index.js';

type Tables = typeof OPERATION_TABLES;
type Family = 'ports' | 'savepoints' | 'users' | 'apps' | 'device' | 'logs';
type Samples = { [F in Family]: { [B in keyof Tables[F]]: unknown[][] } };

const AWKWARD = 'two words "quoted" [x] a&b=c 100% é 日本 🙂';

const hash: GroupHash = {
  macsa: true,
  macda: false,
  ethertype: true,
  ipsa: false,
  ipda: true,
  ip_protocol: false,
  src_port: true,
  dst_port: false,
};
const controller = { connection: 'tcp', ip: '192.0.2.10', port: '6653' };

export const DEVICE_SAMPLES: Samples = {
  ports: {
    setConfig: [
      ['eth-0-1', { shutdown: true }],
      ['eth-0-25', { speed: '10G', duplex: 'full', xg_speed: 'XG', crc_check: false }],
      ['eth-0-3', { unidirectional: true, crc_recalculation: true }],
    ],
  },
  savepoints: {
    create: [
      ['rules', 'before-change', 'taken by hand'],
      ['ports', AWKWARD, AWKWARD],
      ['rules', 'no-description'],
    ],
    modify: [
      ['rules', { old_name: 'a', new_name: 'b' }],
      ['ports', { old_name: AWKWARD, new_name: 'x', description: AWKWARD, override: true }],
      ['rules', { old_name: 'a', description: '', override: false }],
    ],
    remove: [
      ['rules', 'old'],
      ['ports', AWKWARD],
    ],
    activate: [
      ['rules', 'Quicksave'],
      ['ports', AWKWARD],
    ],
    setDefault: [['boot'], [AWKWARD]],
    quicksave: [[]],
  },
  users: {
    add: [
      [{ username: 'op', accesslevel: 7, password: 'S3cretPw1' }],
      [
        {
          username: 'radius-op',
          accesslevel: 31,
          password: 'pw "with" quotes & more',
          description: AWKWARD,
          radius: true,
        },
      ],
    ],
    modify: [
      [{ username: 'op', description: AWKWARD }],
      [{ username: 'op', new_username: 'op2', password: 'N3wPassw0rd', access_level: 1 }],
      [{ username: 'op', radius: false }],
    ],
    remove: [['op'], [AWKWARD]],
    setUac: [[true], [false]],
    setRadius: [
      [
        {
          server: 'radius.example',
          port: 1812,
          secret: 'Shared-S3cret',
          radius_login_level: 1,
          refresh_rate: 60,
        },
      ],
    ],
  },
  apps: {
    start: [
      ['NTP', 'lab clock', { server1: '192.0.2.1', server2: '' }],
      ['ArpResponder', AWKWARD, { outPort: '3', macSrc: '00:11:22:33:44:55' }],
      ['Plain', ''],
      // a parameter named like a secret: the whole request travels as a JSON body
      ['Tunnel', 'vpn', { auth_key: 'Tunn3lKey!' }],
    ],
    modify: [
      [1200, 'lab clock', { server1: '192.0.2.2' }],
      [7, AWKWARD],
      [8, 'x', { password: 'AppPassw0rd' }],
    ],
    stop: [[1200]],
    action: [
      [1200, 'sync_now'],
      [3, AWKWARD],
    ],
  },
  device: {
    setName: [['pb-lab-1'], [AWKWARD]],
    setCustomIdent: [
      ['rack 4', 'notes'],
      [AWKWARD, ''],
    ],
    setNameResolution: [['192.0.2.53', '', ''], ['a.example', 'b.example', 'c.example'], []],
    setIdLed: [[true], [false]],
    setTelnet: [[true], [false]],
    setHttps: [
      [true, 'Ssl-Passw0rd'],
      [false, ''],
    ],
    setIpConfig: [['192.0.2.2', '255.255.255.0', '192.0.2.1']],
    setRuleStorageMode: [['simple'], ['ipv6']],
    setPermanentRulesMode: [[true], [false]],
    setGroupHash: [[hash]],
    addController: [[controller], [{ connection: 'ssl', ip: 'ctl.example', port: '6633' }]],
    removeController: [[controller]],
    reboot: [[]],
  },
  logs: {
    clear: [[]],
  },
};

/** Answers the default Result cannot stand in for (the client reads these back). */
export function deviceAnswer(request: { method: string; path: string }): unknown {
  if (request.method === 'POST' && request.path === '/device/rulestoragemode')
    return { mode_current: 'simple', mode_next: 'ipv6' };
  return undefined;
}
