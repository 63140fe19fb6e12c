/**
 * Every read method of the client against the real simulator over HTTP: the answers are
 * normalized model values (bigint cookies and counters, numeric priorities, action lists,
 * lower-case group types, if_name, null for 'n/a').
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Families, isWriteMethod } from '../../src/api/client.js';
import type { Rule } from '../../src/model/types.js';
import { MAX_COOKIE, READS, seedDevice } from './fixtures.js';
import {
  type ManualClock,
  manualClock,
  type Rig,
  rawCookies,
  startRig,
  TWO_53,
} from './helpers.js';

let rig: Rig;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock();
  rig = await startRig({ now: clock.now });
  await seedDevice(rig);
  clock.advance(5000); // counters move; no rule is brand-new any more
});
afterAll(async () => {
  await rig.close();
});

const c = () => rig.client;

function expectRuleShape(r: Rule): void {
  expect(typeof r.cookie).toBe('bigint');
  expect(typeof r.priority).toBe('number');
  expect(Number.isInteger(r.priority)).toBe(true);
  expect(typeof r.n_packets).toBe('bigint');
  expect(typeof r.n_bytes).toBe('bigint');
  expect(Array.isArray(r.actions)).toBe(true);
  for (const a of r.actions) expect(a).toMatch(/^[a-z_]+(:.+)?$/);
  for (const v of Object.values(r.match)) expect(typeof v).toBe('string');
  expect(typeof r.real_flow_ct).toBe('number');
}

describe('reads against the simulator (plain mode)', () => {
  it('the read table covers every method that is not a write', () => {
    const families = Object.keys(c()).filter(
      (k) =>
        k !== 'transport' && typeof (c() as unknown as Record<string, unknown>)[k] === 'object',
    ) as (keyof Families)[];
    const reads = families.flatMap((f) =>
      Object.keys(c()[f])
        .filter((m) => !isWriteMethod(f, m))
        .map((m) => `${f}.${m}`),
    );
    expect(reads.sort()).toEqual(Object.keys(READS).sort());
  });

  it('rules.list: exact 64-bit cookies (distinct, > 2^53), bigint counters, numeric priority', async () => {
    const raw = await rig.raw('GET', '/rules/all');
    const { rules, used_flows } = await c().rules.list();
    expect(rules).toHaveLength(6);
    for (const r of rules) expectRuleShape(r);
    const cookies = rules.map((r) => r.cookie);
    // digit for digit what the device wrote, although JSON.parse would round them
    expect(cookies).toEqual(rawCookies(raw.text));
    expect(new Set(cookies).size).toBe(cookies.length);
    for (const cookie of cookies) expect(cookie > TWO_53).toBe(true);
    expect(cookies).toContain(MAX_COOKIE);
    expect(cookies.sort()).toEqual([...rig.sim.state.rules.values()].map((r) => r.cookie).sort());
    const big = rules.find((r) => r.name === 'max-cookie')!;
    expect(big).toMatchObject({
      cookie: MAX_COOKIE,
      description: 'the largest cookie',
      priority: 10,
      match: { in_port: '5' },
      actions: ['output:6', 'output:7'],
      real_flow_ct: 1,
    });
    const https = rules.find((r) => r.name === 'https-3')!;
    expect(https.match).toEqual({ in_port: '3', tcp: '', tcp_dst: '443' });
    expect(rules.find((r) => r.name === 'to-group')?.actions).toEqual(['group:7']);
    expect(rules.some((r) => r.n_packets > 0n && r.n_bytes > r.n_packets)).toBe(true);
    for (const r of rules) expect(typeof r.datarate_raw).toBe('number');
    expect(used_flows).toBe((await c().device.flowNumbers()).used_flows);
  });

  it('groups.list: lower-case type (the device writes SELECT), buckets with action lists', async () => {
    expect((await rig.raw('GET', '/groups/all')).text).toContain('"type":"SELECT"');
    expect(await c().groups.list()).toEqual([
      {
        group_id: 7,
        type: 'select',
        description: 'load balance',
        buckets: [
          { watch_port: '1', actions: ['output:2'] },
          { watch_port: '3', actions: ['push_vlan:0x8100', 'output:4'] },
        ],
      },
    ]);
  });

  it('ports.config / info / sfp / stats', async () => {
    const config = await c().ports.config();
    expect(config.length).toBe(rig.sim.state.chassis.ports.length);
    for (const p of config) {
      expect(p.if_name).toMatch(/^eth-0-\d+(\/\d+)?$/);
      expect(p.type).toBeGreaterThanOrEqual(1);
      expect(p.type).toBeLessThanOrEqual(11);
      expect(typeof p.shutdown).toBe('boolean');
      expect(['default', 'break-out', 'sfp']).toContain(p.split);
    }
    expect(config.find((p) => p.if_name === 'eth-0-13')).toMatchObject({
      type: 4,
      media_type: 'sfp',
      xg_speed: { currSetting: '1G', nextSetting: '1G' },
    });
    const info = await c().ports.info();
    expect(info.map((p) => p.if_name)).toEqual(config.map((p) => p.if_name));
    for (const p of info) {
      expect(p.port_no).toMatch(/^\d+$/);
      expect(['PORT_UP', 'PORT_DOWN']).toContain(p.admin_status);
      expect(['LINK_UP', 'LINK_DOWN']).toContain(p.link_status);
      expect(p.mac_addr).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/i);
    }
    expect(await c().ports.sfp()).toMatch(/eth-0-10\s+FINISAR/);
    const stats = await c().ports.stats();
    expect(stats.map((s) => s.portnum)).toEqual(info.map((p) => p.port_no));
    for (const s of stats) {
      for (const [k, v] of Object.entries(s))
        if (k !== 'portnum') expect(typeof v, k).toBe('bigint');
    }
    expect(stats.some((s) => s.rxbytes > 0n)).toBe(true);
  });

  it('savepoints.list and export: string cookies/priorities become bigint/number', async () => {
    const { rules, ports } = await c().savepoints.list();
    expect(rules.map((s) => s.name).sort()).toEqual(['factory-default', 'with-group']);
    expect(ports.map((s) => s.name).sort()).toEqual(['factory-ports', 'ports-now']);
    const factory = rules.find((s) => s.name === 'factory-default')!;
    expect(factory.readonly).toBe(true);
    expect(factory.rules.map((r) => r.cookie)).toEqual([
      1152921504606846978n,
      1152921504606846979n,
      1152921504606846980n,
      1152921504606846981n,
    ]);
    const saved = rules.find((s) => s.name === 'with-group')!;
    expect(saved).toMatchObject({ description: 'has a group', readonly: false, groupusage: 1 });
    for (const r of saved.rules) expectRuleShape(r);
    expect(saved.rules.find((r) => r.name === 'max-cookie')?.cookie).toBe(MAX_COOKIE);
    // groups in a save-point carry their buckets JSON-encoded and the type in capitals
    expect(saved.groups).toEqual(await c().groups.list());
    expect(saved.flowusage).toBe(saved.rules.reduce((n, r) => n + r.real_flow_ct, 0));
    const now = ports.find((s) => s.name === 'ports-now')!;
    expect(now.ports).toEqual(await c().ports.config());

    const exported = await c().savepoints.export(['with-group'], ['ports-now']);
    expect(exported.meta_data).toEqual({
      device: 'PB-2800',
      software_version: '2.2.0.14_00_WOT7-w',
    });
    expect(exported.rules).toEqual([saved]);
    expect(exported.ports).toEqual([now]);
    expect(exported.raw).toBeTypeOf('object');
    const onlyRules = await c().savepoints.export(['factory-default'], []);
    expect(onlyRules.rules.map((s) => s.name)).toEqual(['factory-default']);
    expect(onlyRules.ports).toEqual([]);
    const everything = await c().savepoints.export([], []);
    expect(everything.rules).toEqual(rules);
    expect(everything.ports).toEqual(ports);
  });

  it('users, UAC, RADIUS', async () => {
    const users = await c().users.list();
    expect(users.map((u) => [u.username, u.accesslevel])).toEqual([
      ['admin', 31],
      ['viewer', 1],
    ]);
    for (const u of users) expect(typeof u.userid).toBe('number');
    expect(await c().users.uac()).toBe(false);
    expect(await c().users.radius()).toEqual({
      enabled: true,
      server: '192.0.2.5',
      port: 1812,
      secret: 'radius-s',
      radius_login_level: 0,
      refresh_rate: 60,
    });
  });

  it('apps.list and apps.running', async () => {
    const apps = await c().apps.list();
    expect(apps.map((a) => a.name)).toEqual([
      'ntp',
      'syslog',
      'snmp',
      'heartbeat',
      'pcap',
      'arp_responder',
      'heartbeat_bypass',
      'bypass_keepalive',
    ]);
    for (const a of apps) {
      expect(typeof a.canBeInstantiated).toBe('boolean');
      for (const p of a.paramFormat) expect(p).toHaveLength(6);
      for (const act of a.actions) expect(act).toHaveProperty('name');
    }
    const running = await c().apps.running();
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({
      pid: expect.any(Number),
      name: 'ntp',
      user_description: 'clock',
      params: { mode: 'client', server: 'pool.ntp.org', poll_interval: '64', stratum: '10' },
    });
  });

  it('device information and settings', async () => {
    const d = c().device;
    expect(await d.customIdent()).toEqual({
      name: 'Lab packet broker',
      notes: 'Rack B3, simulated',
    });
    const env = await d.environment();
    expect(env.fan.length).toBeGreaterThan(0);
    expect(env.psu.map((p) => p.status)).toEqual(['PRESENT', 'ABSENT']);
    for (const t of env.temp_sensors) expect(typeof t.temp).toBe('number');
    expect(await d.generation()).toBe('G3');
    expect(await d.groupHash()).toEqual(rig.sim.state.settings.groupHash);
    expect(await d.idLed()).toBe(false);
    expect(await d.imageVersion()).toBe('2.2.0.14_00_WOT7-w');
    expect((await d.ipConfig()).current_ip).toBe('192.0.2.10');
    const load = await d.loadAverage();
    expect(typeof load.average_1m).toBe('number');
    expect(Number.isInteger(load.proc_no_total)).toBe(true);
    const mem = await d.memoryUsage();
    expect(mem.free).toBeLessThanOrEqual(mem.total);
    expect(await d.model()).toBe('PB-2800');
    expect(await d.name()).toBe('pb-lab-01');
    expect(await d.nameResolution()).toEqual(['8.8.8.8', '8.8.4.4']);
    expect(await d.permanentRulesMode()).toBe(false);
    expect(await d.ruleStorageMode()).toEqual({ modeCurrent: 'simple', modeNext: 'simple' });
    expect(await d.serialNo()).toBe(rig.sim.state.identity.serial);
    expect(await d.serverRevision()).toBe('r4512');
    expect(await d.telnet()).toBe(false);
    expect(await d.controllers()).toEqual([{ connection: 'tcp', ip: '192.0.2.7', port: '6653' }]);
    expect(await d.dpid()).toMatch(/^0x[0-9a-f]{16}$/);
    const flows = await d.flowNumbers();
    expect(flows.used_flows).toBeGreaterThan(0);
    expect(flows.maximum_flows).toBeGreaterThan(flows.used_flows);
  });

  it('logs.get', async () => {
    const log = await c().logs.get();
    expect(log.logs.length).toBeGreaterThan(3);
    for (const line of log.logs) expect(typeof line).toBe('string');
    expect(log.logs.some((l) => l.includes("rules: added 'max-cookie'"))).toBe(true);
    expect(log.systemDateTime).toBe('2026-01-05 12:00:05');
  });
});
