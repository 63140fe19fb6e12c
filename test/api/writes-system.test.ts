/**
 * Every write of the users, apps, device and logs families against the real simulator;
 * each change is verified by reading the device back (through the client where the spec
 * has a read, else through the simulator's state or its web log).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthError } from '../../src/api/errors.js';
import { ADMIN_PASSWORD, failure, type Rig, startRig } from './helpers.js';

let rig: Rig;
beforeEach(async () => {
  rig = await startRig();
});
afterEach(async () => {
  await rig.close();
});

const c = () => rig.client;
const admin = () => rig.connect({ user: 'admin', password: ADMIN_PASSWORD });

describe('users', () => {
  it('add: the user is listed and its password works once UAC is on', async () => {
    await c().users.add({
      username: 'op',
      accesslevel: 7,
      password: 'op-pw-1',
      description: 'operator',
    });
    expect((await c().users.list()).find((u) => u.username === 'op')).toMatchObject({
      accesslevel: 7,
      description: 'operator',
      radius: false,
    });
    expect(await c().users.setUac(true)).toBe(true);
    const op = rig.connect({ user: 'op', password: 'op-pw-1' });
    expect(await op.device.name()).toBe('pb-lab-01');
    expect(await op.users.uac()).toBe(true);
    const wrong = rig.connect({ user: 'op', password: 'nope' });
    expect(await failure(wrong.device.name())).toBeInstanceOf(AuthError);
  });

  it('modify: rename, new level, new password, description', async () => {
    await c().users.add({ username: 'op', accesslevel: 7, password: 'op-pw-1' });
    await c().users.modify({
      username: 'op',
      new_username: 'viewer',
      access_level: 1,
      password: 'viewer-pw-2',
      description: 'read only',
    });
    const users = await c().users.list();
    expect(users.map((u) => u.username)).toEqual(['admin', 'viewer']);
    expect(users[1]).toMatchObject({ accesslevel: 1, description: 'read only' });
    await c().users.setUac(true);
    expect(await rig.connect({ user: 'viewer', password: 'viewer-pw-2' }).device.name()).toBe(
      'pb-lab-01',
    );
    const old = rig.connect({ user: 'viewer', password: 'op-pw-1' });
    expect(await failure(old.device.name())).toBeInstanceOf(AuthError);
  });

  it('remove', async () => {
    await c().users.add({ username: 'op', accesslevel: 7, password: 'op-pw-1' });
    await c().users.remove('op');
    expect((await c().users.list()).map((u) => u.username)).toEqual(['admin']);
  });

  it('setUac on and off; the state reads back', async () => {
    expect(await c().users.setUac(true)).toBe(true);
    const a = admin();
    expect(await a.users.uac()).toBe(true);
    expect(await a.users.setUac(false)).toBe(false);
    expect(await c().users.uac()).toBe(false);
  });

  it('setRadius answers the enabled state; radius() reads the settings back', async () => {
    const settings = {
      server: 'radius.example.net',
      port: 1645,
      secret: 'shared-s3cret',
      radius_login_level: 7,
      refresh_rate: 120,
    };
    expect(await c().users.setRadius(settings)).toBe(true);
    expect(await c().users.radius()).toEqual({ enabled: true, ...settings });
    expect(await c().users.setRadius({ ...settings, server: '' })).toBe(false);
    expect((await c().users.radius()).enabled).toBe(false);
  });
});

describe('apps', () => {
  it('start, modify, action, stop', async () => {
    expect(
      await c().apps.start('syslog', 'to the lab server', { host: '192.0.2.9', port: '1514' }),
    ).toBe('OK');
    const [instance] = await c().apps.running();
    expect(instance).toMatchObject({
      name: 'syslog',
      user_description: 'to the lab server',
      params: { host: '192.0.2.9', port: '1514', protocol: 'udp' },
    });
    const pid = instance!.pid;
    await c().apps.modify(pid, 'changed', { port: '2514', protocol: 'tcp' });
    expect((await c().apps.running())[0]).toMatchObject({
      pid,
      user_description: 'changed',
      params: { host: '192.0.2.9', port: '2514', protocol: 'tcp' },
    });
    await c().apps.action(pid, 'send_test');
    expect((await c().logs.get()).logs.at(-1)).toMatch(
      new RegExp(`syslog \\(PID ${pid}\\): Send test message`),
    );
    await c().apps.stop(pid);
    expect(await c().apps.running()).toEqual([]);
  });

  it('a single-instance app cannot be instantiated while it runs', async () => {
    const snmp = async () => (await c().apps.list()).find((a) => a.name === 'snmp')!;
    expect((await snmp()).canBeInstantiated).toBe(true);
    await c().apps.start('snmp', '', {});
    expect((await snmp()).canBeInstantiated).toBe(false);
  });
});

describe('device', () => {
  const d = () => c().device;

  it('setCustomIdent, setName, setIpConfig, setNameResolution', async () => {
    await d().setCustomIdent('Core tap', 'Rack A1\nrow 2');
    expect(await d().customIdent()).toEqual({ name: 'Core tap', notes: 'Rack A1\nrow 2' });
    await d().setName('pb-core-07');
    expect(await d().name()).toBe('pb-core-07');
    await d().setIpConfig('198.51.100.20', '255.255.255.0', '198.51.100.1');
    expect(await d().ipConfig()).toEqual({
      current_ip: '198.51.100.20',
      current_netmask: '255.255.255.0',
      current_gateway: '198.51.100.1',
      stored_ip: '198.51.100.20',
      stored_netmask: '255.255.255.0',
      stored_gateway: '198.51.100.1',
    });
    await d().setNameResolution('192.0.2.53', 'dns.example.net');
    expect(await d().nameResolution()).toEqual(['192.0.2.53', 'dns.example.net']);
    await d().setNameResolution();
    expect(await d().nameResolution()).toEqual(['8.8.8.8', '8.8.4.4']);
  });

  it('setGroupHash (ether_type on the way in, ethertype on the way out)', async () => {
    const hash = {
      macsa: false,
      macda: false,
      ethertype: true,
      ipsa: true,
      ipda: false,
      ip_protocol: false,
      src_port: true,
      dst_port: false,
    };
    await d().setGroupHash(hash);
    expect(await d().groupHash()).toEqual(hash);
  });

  it('setIdLed, setPermanentRulesMode, setTelnet', async () => {
    await d().setIdLed(true);
    expect(await d().idLed()).toBe(true);
    await d().setIdLed(false);
    expect(await d().idLed()).toBe(false);
    await d().setPermanentRulesMode(true);
    expect(await d().permanentRulesMode()).toBe(true);
    expect(await d().setTelnet(true)).toBe(true);
    expect(await d().telnet()).toBe(true);
    expect(await d().setTelnet(false)).toBe(false);
    expect(await d().telnet()).toBe(false);
  });

  it('setRuleStorageMode answers and reads back both modes', async () => {
    expect(await d().setRuleStorageMode('ipv6')).toEqual({ modeCurrent: 'ipv6', modeNext: 'ipv6' });
    expect(await d().ruleStorageMode()).toEqual({ modeCurrent: 'ipv6', modeNext: 'ipv6' });
    expect((await d().flowNumbers()).maximum_flows).toBeGreaterThan(0);
  });

  it('addController / removeController', async () => {
    const ctl = { connection: 'ssl', ip: '192.0.2.60', port: '6653' };
    await d().addController(ctl);
    await d().addController({ ...ctl, connection: 'tcp', port: '6633' });
    expect(await d().controllers()).toEqual([ctl, { ...ctl, connection: 'tcp', port: '6633' }]);
    await d().removeController(ctl);
    expect(await d().controllers()).toEqual([{ ...ctl, connection: 'tcp', port: '6633' }]);
  });

  it('setHttps (the spec has no read: checked on the device and in its log)', async () => {
    await d().setHttps(true, 'cert-pw-1');
    expect(rig.sim.state.settings).toMatchObject({ httpsEnabled: true, sslPassword: 'cert-pw-1' });
    expect((await c().logs.get()).logs.at(-1)).toMatch(/HTTPS enabled/);
    await d().setHttps(false, 'cert-pw-1');
    expect(rig.sim.state.settings.httpsEnabled).toBe(false);
  });
});

describe('logs', () => {
  it('clear: only the line saying who cleared it is left', async () => {
    expect((await c().logs.get()).logs.length).toBeGreaterThan(0);
    await c().rules.removeAll();
    await c().logs.clear();
    const { logs } = await c().logs.get();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/weblog cleared/);
  });
});
