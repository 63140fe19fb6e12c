/**
 * Device set-up for the read tests, done with raw HTTP (not with the client under test),
 * and the table of every read method of the client.
 */
import { expect } from 'vitest';
import type { Client } from '../../src/api/client.js';
import type { Rig } from './helpers.js';

export const MAX_COOKIE = 18446744073709551615n;

/** Groups, rules (one with the largest 64-bit cookie), a save-point, an app, a controller. */
export async function seedDevice(rig: Rig): Promise<void> {
  const steps: [string, string, unknown][] = [
    [
      'POST',
      '/groups',
      {
        '7': {
          group_id: '7',
          type: 'select',
          description: 'load balance',
          buckets: [
            { watch_port: '1', actions: 'output:2' },
            { watch_port: '3', actions: 'push_vlan:0x8100,output:4' },
          ],
        },
      },
    ],
    [
      'POST',
      '/rules',
      {
        name: 'max-cookie',
        description: 'the largest cookie',
        cookie: MAX_COOKIE.toString(),
        priority: 10,
        match: { in_port: '5' },
        actions: 'output:6,output:7',
      },
    ],
    [
      'POST',
      '/rules',
      { name: 'to-group', priority: 20, match: { in_port: '6' }, actions: 'group:7' },
    ],
    ['POST', '/savepoints/rulesavepoint', { name: 'with-group', description: 'has a group' }],
    ['POST', '/savepoints/portsavepoint', { name: 'ports-now', description: 'current ports' }],
    ['POST', '/apps', { name: 'ntp', user_description: 'clock' }],
    ['POST', '/device/controller', { connection: 'tcp', ip: '192.0.2.7', port: '6653' }],
    ['POST', '/users', { username: 'viewer', accesslevel: 1, password: 'viewer-pw' }],
    ['POST', '/users/radius', { server: '192.0.2.5', secret: 'radius-s', refresh_rate: 60 }],
  ];
  for (const [method, path, body] of steps) {
    const res = await rig.raw(method, path, body);
    expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
  }
}

export type Read = (c: Client) => Promise<unknown>;

/** Every read method of the client, with arguments that exist on a seeded device. */
export const READS: Record<string, Read> = {
  'rules.list': (c) => c.rules.list(),
  'groups.list': (c) => c.groups.list(),
  'ports.config': (c) => c.ports.config(),
  'ports.info': (c) => c.ports.info(),
  'ports.sfp': (c) => c.ports.sfp(),
  'ports.stats': (c) => c.ports.stats(),
  'savepoints.list': (c) => c.savepoints.list(),
  'savepoints.export': (c) => c.savepoints.export(['with-group'], ['ports-now']),
  'users.list': (c) => c.users.list(),
  'users.uac': (c) => c.users.uac(),
  'users.radius': (c) => c.users.radius(),
  'apps.list': (c) => c.apps.list(),
  'apps.running': (c) => c.apps.running(),
  'device.customIdent': (c) => c.device.customIdent(),
  'device.environment': (c) => c.device.environment(),
  'device.generation': (c) => c.device.generation(),
  'device.groupHash': (c) => c.device.groupHash(),
  'device.idLed': (c) => c.device.idLed(),
  'device.imageVersion': (c) => c.device.imageVersion(),
  'device.ipConfig': (c) => c.device.ipConfig(),
  'device.loadAverage': (c) => c.device.loadAverage(),
  'device.memoryUsage': (c) => c.device.memoryUsage(),
  'device.model': (c) => c.device.model(),
  'device.name': (c) => c.device.name(),
  'device.nameResolution': (c) => c.device.nameResolution(),
  'device.permanentRulesMode': (c) => c.device.permanentRulesMode(),
  'device.ruleStorageMode': (c) => c.device.ruleStorageMode(),
  'device.serialNo': (c) => c.device.serialNo(),
  'device.serverRevision': (c) => c.device.serverRevision(),
  'device.telnet': (c) => c.device.telnet(),
  'device.controllers': (c) => c.device.controllers(),
  'device.dpid': (c) => c.device.dpid(),
  'device.flowNumbers': (c) => c.device.flowNumbers(),
  'logs.get': (c) => c.logs.get(),
};

/** Every read, normalized, keyed by method name. */
export async function readAll(c: Client): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, read] of Object.entries(READS)) out[name] = await read(c);
  return out;
}
