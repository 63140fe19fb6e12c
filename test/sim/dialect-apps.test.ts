/**
 * Apps started as the vendor's clients start them (issue 15): by the names of the vendor's
 * menu, in any case, with parameters named by id or label in any case.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk, simPerTest, type Wire } from './helpers.js';

const t = simPerTest();

const running = async (): Promise<Wire[]> => Object.values((await t.get('/apps/running')).body);

const ARP_PARAMS = {
  out_port: '2',
  mac_src: '00:11:22:33:44:55',
  mac_dst: 'ff:ff:ff:ff:ff:ff',
  ip_src: '10.0.0.1',
  ip_dst: '10.0.0.2',
};

describe('apps by the vendor menu names', () => {
  // [menu name sent, app started, parameters sent (by label or id), parameters it then holds]
  const MENU: [string, string, Record<string, string>, Record<string, string>][] = [
    ['NTP', 'ntp', { Mode: 'Server', Stratum: '5' }, { mode: 'server', stratum: '5' }],
    [
      'Syslog',
      'syslog',
      { host: '192.0.2.10', Transport: 'TCP' },
      { host: '192.0.2.10', protocol: 'tcp' },
    ],
    ['SNMP', 'snmp', { Community: 'monitor' }, { community: 'monitor' }],
    [
      'Heartbeat',
      'heartbeat',
      { Port: 'eth-0-3', 'Interval (ms)': '500' },
      { port: 'eth-0-3', interval_ms: '500' },
    ],
    ['ARP Responder', 'arp_responder', ARP_PARAMS, ARP_PARAMS],
    [
      'Heartbeat Bypass',
      'heartbeat_bypass',
      { port_a: 'eth-0-5', port_b: 'eth-0-6' },
      { port_a: 'eth-0-5', port_b: 'eth-0-6' },
    ],
    ['Bypass Keepalive', 'bypass_keepalive', { interval_ms: '250' }, { interval_ms: '250' }],
    [
      'arp responder',
      'arp_responder',
      { ...ARP_PARAMS, 'Source IP': '10.0.0.9' },
      { ...ARP_PARAMS, ip_src: '10.0.0.9' },
    ],
  ];
  for (const [menu, name, params, held] of MENU) {
    it(`${menu} starts ${name} with its parameters`, async () => {
      expectOk(await t.call('POST', '/apps', { form: { name: menu, ...params } }));
      const inst = (await running()).find((i) => i.name === name);
      expect(inst, menu).toBeDefined();
      expect(inst.params).toMatchObject(held);
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
        form: { name: 'ARP Responder', ...ARP_PARAMS, interval: '5' },
      }),
      400,
      /parameter 'interval' \(Interval \(ms\)\) of app 'arp_responder' must be 100\.\.600000/,
    );
    expectError(
      await t.call('POST', '/apps', { form: { name: 'ARP Responder' } }),
      400,
      /missing parameter 'out_port'/,
    );
  });
});

describe("apps as the vendor's own client starts them", () => {
  // The requests of the vendor's public REST client (start_app_ntp, start_app_arpresponder),
  // form-encoded as it sends them: the app's own description goes along, the operator's
  // text is userDescription, parameters are camelCase.
  it('NTP with server1, server2 and userDescription', async () => {
    expectOk(
      await t.call('POST', '/apps', {
        form: {
          name: 'NTP',
          description: 'Syncs time with remote NTP servers.',
          server1: '192.0.2.1',
          server2: 'ntp.example.net',
          userDescription: 'lab clock',
        },
      }),
    );
    const inst = (await running()).find((i) => i.name === 'ntp');
    expect(inst.params).toMatchObject({ server: '192.0.2.1', server2: 'ntp.example.net' });
    expect(inst.user_description).toBe('lab clock');
  });

  it('ArpResponder with outPort, macSrc, macDst, ipSrc, ipDst, interval, inPort, matchMacSrc', async () => {
    expectOk(
      await t.call('POST', '/apps', {
        form: {
          name: 'ArpResponder',
          description: 'Responds to an arbotrary packet with an ARP response',
          interval: '5000',
          outPort: '3',
          macSrc: '00:11:22:33:44:55',
          macDst: 'ff:ff:ff:ff:ff:ff',
          ipSrc: '10.0.0.1',
          ipDst: '10.0.0.2',
          inPort: '4',
          matchMacSrc: '66:77:88:99:aa:bb',
          userDescription: 'peer for the IDS',
        },
      }),
    );
    const inst = (await running()).find((i) => i.name === 'arp_responder');
    expect(inst.params).toMatchObject({
      out_port: '3',
      mac_src: '00:11:22:33:44:55',
      ip_dst: '10.0.0.2',
      interval: '5000',
      in_port: '4',
      match_mac_src: '66:77:88:99:aa:bb',
    });
  });

  it('HeartbeatBypass by the name its client sends', async () => {
    expectOk(await t.call('POST', '/apps', { form: { name: 'HeartbeatBypass' } }));
    expect((await running()).some((i) => i.name === 'heartbeat_bypass')).toBe(true);
  });
});
