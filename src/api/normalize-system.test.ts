import { describe, expect, it } from 'vitest';
import { parseJson } from './json.js';
import {
  normalizeApps,
  normalizeControllers,
  normalizeDns,
  normalizeDpid,
  normalizeEnvironment,
  normalizeFlag,
  normalizeGroupHash,
  normalizeLoadAverage,
  normalizeRadius,
  normalizeRunning,
  normalizeStorageModes,
  normalizeUsers,
  normalizeWebLog,
} from './normalize-system.js';
import { normalizeResult } from './shape.js';

describe('users', () => {
  it('reads the map of user name → User, numbers as strings', () => {
    const wire =
      parseJson(`{"admin":{"userid":1,"username":"admin","accesslevel":31,"description":"root"},
      "view":{"userid":"2","accesslevel":"1","description":"","radius":"true"}}`);
    expect(normalizeUsers(wire)).toEqual([
      { userid: 1, username: 'admin', accesslevel: 31, description: 'root' },
      { userid: 2, username: 'view', accesslevel: 1, description: '', radius: true },
    ]);
  });

  it('reads RADIUS and UAC state', () => {
    const wire = {
      enabled: 'true',
      server: '10.0.0.5',
      port: '1812',
      secret: 's',
      radius_login_level: 1,
      refresh_rate: 60,
    };
    expect(normalizeRadius(wire)).toEqual({ ...wire, enabled: true, port: 1812 });
    expect(normalizeFlag({ state: false }, 'GET /users/uac', 'state')).toBe(false);
    expect(() => normalizeFlag({}, 'GET /users/uac', 'state')).toThrow(/GET \/users\/uac at state/);
  });
});

describe('apps', () => {
  it('reads apps keyed by name and instances keyed by PID', () => {
    const apps = parseJson(`{"netflow":{"description":"exporter","canBeInstantiated":true,
      "paramFormat":[["target","Target","text","collector","true","10.0.0.1"],["port","Port","number"]],
      "actions":[{"name":"flush"}]}}`);
    expect(normalizeApps(apps)).toEqual([
      {
        name: 'netflow',
        description: 'exporter',
        canBeInstantiated: true,
        paramFormat: [
          ['target', 'Target', 'text', 'collector', 'true', '10.0.0.1'],
          ['port', 'Port', 'number', '', '', ''],
        ],
        actions: [{ name: 'flush' }],
      },
    ]);
    const running = parseJson(
      `{"4711":{"name":"netflow","user_description":"lab","params":{"target":"10.0.0.1","port":2055}}}`,
    );
    expect(normalizeRunning(running)).toEqual([
      {
        pid: 4711,
        name: 'netflow',
        description: '',
        user_description: 'lab',
        params: { target: '10.0.0.1', port: '2055' },
        actions: [],
      },
    ]);
  });
});

describe('device', () => {
  it('reads environment, load average with strings, group hash with ether_type', () => {
    const env = normalizeEnvironment({
      fan: [{ index: 1, status: 'OK', speed_rate: '40%', mode: 'auto' }],
      psu: [{ index: '1', status: 'PRESENT', power: 'OK', type: 'AC', alert: 'NO' }],
      temp_sensors: [
        { index: 0, temp: '41', lower_alarm: 0, upper_alarm: 70, critical_limit: 90, position: '' },
      ],
    });
    expect(env.fan[0]?.index).toBe('1');
    expect(env.psu[0]?.index).toBe(1);
    expect(env.temp_sensors[0]?.temp).toBe(41);
    expect(
      normalizeLoadAverage({
        average_1m: '0.5',
        average_5m: 0.25,
        average_15m: 0,
        proc_no_running: 1,
        proc_no_total: '90',
      }),
    ).toEqual({
      average_1m: 0.5,
      average_5m: 0.25,
      average_15m: 0,
      proc_no_running: 1,
      proc_no_total: 90,
    });
    expect(normalizeGroupHash({ macsa: true, ether_type: 'true', ipsa: false })).toMatchObject({
      macsa: true,
      ethertype: true,
      ipsa: false,
      dst_port: false,
    });
  });

  it('reads storage modes, DNS, controllers and dpid', () => {
    expect(normalizeStorageModes({ modeCurrent: 'simple', modeNext: 'IPV6' })).toEqual({
      modeCurrent: 'simple',
      modeNext: 'ipv6',
    });
    expect(() => normalizeStorageModes({ modeCurrent: 'fancy', modeNext: 'simple' })).toThrow(
      /modeCurrent|mode_current/,
    );
    expect(normalizeDns({ dns: ['8.8.8.8', '', '1.1.1.1'] })).toEqual(['8.8.8.8', '1.1.1.1']);
    expect(
      normalizeControllers({ controllers: [{ connection: 'tcp', ip: '10.0.0.9', port: 6653 }] }),
    ).toEqual([{ connection: 'tcp', ip: '10.0.0.9', port: '6653' }]);
    expect(normalizeDpid({ dpid: '0x0000aabbccddeeff' })).toBe('0x0000aabbccddeeff');
    expect(normalizeDpid(parseJson('{"dpid":18446744073709551615}'))).toBe('0xffffffffffffffff');
  });

  it('reads the web log and Result answers', () => {
    expect(normalizeWebLog({ logs: ['a', 'b'], systemDateTime: '2024-01-01 10:00' })).toEqual({
      logs: ['a', 'b'],
      systemDateTime: '2024-01-01 10:00',
    });
    expect(normalizeResult({ result: 'OK' }, 'POST /x')).toBe('OK');
    expect(normalizeResult(null, 'POST /x')).toBe('');
    expect(() => normalizeResult([1], 'POST /x')).toThrow(/POST \/x/);
  });
});
