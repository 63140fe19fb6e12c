/**
 * Apps started as the vendor's clients start them (issue 15): by the names of the vendor's
 * menu, in any case, with parameters named by id or label in any case.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, simPerTest, type Wire } from './helpers.js';

const t = simPerTest();

const running = async (): Promise<Wire[]> => Object.values((await t.get('/apps/running')).body);

describe('apps by the vendor menu names', () => {
  const MENU: [string, string, Record<string, string>][] = [
    ['NTP', 'ntp', { Mode: 'Server', Stratum: '5' }],
    ['Syslog', 'syslog', { host: '192.0.2.10', Transport: 'TCP' }],
    ['SNMP', 'snmp', { Community: 'monitor' }],
    ['Heartbeat', 'heartbeat', { Port: 'eth-0-3', 'Interval (ms)': '500' }],
    ['ARP Responder', 'arp_responder', { ip: '10.0.0.1', port: 'eth-0-2' }],
    ['Heartbeat Bypass', 'heartbeat_bypass', { port_a: 'eth-0-1', port_b: 'eth-0-2' }],
    ['Bypass Keepalive', 'bypass_keepalive', { interval_ms: '250' }],
    ['arp responder', 'arp_responder', { IP: '10.0.0.2' }],
  ];
  for (const [menu, name, params] of MENU) {
    it(`${menu} starts ${name} with its parameters`, async () => {
      expectOk(await t.call('POST', '/apps', { form: { name: menu, ...params } }));
      const inst = (await running()).find((i) => i.name === name);
      expect(inst, menu).toBeDefined();
      expect(Object.keys(params).length).toBeGreaterThan(0);
      if (menu === 'NTP') expect(inst.params).toMatchObject({ mode: 'server', stratum: '5' });
      if (menu === 'Syslog') expect(inst.params).toMatchObject({ protocol: 'tcp' });
      if (menu === 'Heartbeat')
        expect(inst.params).toMatchObject({ port: 'eth-0-3', interval_ms: '500' });
      if (menu === 'arp responder') expect(inst.params).toMatchObject({ ip: '10.0.0.2' });
    });
  }

  it('a JSON body works the same', async () => {
    expectOk(
      await t.call('POST', '/apps', { json: { name: 'Bypass Keepalive', Port: 'eth-0-4' } }),
    );
    expect((await running()).find((i) => i.name === 'bypass_keepalive')?.params.port).toBe(
      'eth-0-4',
    );
  });

  it('still refuses an unknown app, an unknown parameter and a bad value, naming them', async () => {
    expectError(
      await t.call('POST', '/apps', { form: { name: 'Teleporter' } }),
      404,
      /no app 'Teleporter'/,
    );
    expectError(
      await t.call('POST', '/apps', { form: { name: 'NTP', colour: 'red' } }),
      400,
      /app 'ntp' has no parameter 'colour'/,
    );
    expectError(
      await t.call('POST', '/apps', {
        form: { name: 'ARP Responder', ip: '10.0.0.1', vlan: '5000' },
      }),
      400,
      /parameter 'vlan' \(VLAN\) of app 'arp_responder' must be 0\.\.4095/,
    );
    expectError(
      await t.call('POST', '/apps', { form: { name: 'ARP Responder' } }),
      400,
      /missing parameter 'ip'/,
    );
  });
});
