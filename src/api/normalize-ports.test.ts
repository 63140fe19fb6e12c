import { describe, expect, it } from 'vitest';
import { ParseError } from './errors.js';
import { parseJson } from './json.js';
import {
  normalizePortConfigs,
  normalizePortInfo,
  normalizePortStats,
  normalizeSfp,
} from './normalize-ports.js';

describe('normalizePortConfigs', () => {
  it('reads the spec sample: a single object with camelCase keys', () => {
    const wire = parseJson(`{"port_config":{"ifName":"eth-0-1","type":4,"mediaType":"sfp",
      "speed":"10G","duplex":"full","xg_speed":{"currSetting":"XG","nextSetting":"1G"},
      "split":"default","shutdown":false}}`);
    expect(normalizePortConfigs(wire)).toEqual([
      {
        if_name: 'eth-0-1',
        type: 4,
        media_type: 'sfp',
        speed: '10G',
        duplex: 'full',
        xg_speed: { currSetting: 'XG', nextSetting: '1G' },
        split: 'default',
        shutdown: false,
      },
    ]);
  });

  it('reads an array with snake_case keys, numbers and booleans as strings', () => {
    const wire = parseJson(`{"port_config":[
      {"if_name":"eth-0-1","type":"1","speed":1000,"duplex":"auto","split":"default","shutdown":"true","crc_check":"false"},
      {"ifname":"eth-0-2/1","type":10,"speed":"10G","duplex":"full","split":"break-out","shutdown":0,"unidirectional":true}]}`);
    const out = normalizePortConfigs(wire);
    expect(out[0]).toEqual({
      if_name: 'eth-0-1',
      type: 1,
      speed: '1000',
      duplex: 'auto',
      split: 'default',
      shutdown: true,
      crc_check: false,
    });
    expect(out[1]).toMatchObject({
      if_name: 'eth-0-2/1',
      split: 'break-out',
      shutdown: false,
      unidirectional: true,
    });
  });

  it('names the field on a wrong shape', () => {
    expect(() =>
      normalizePortConfigs({ port_config: [{ if_name: 'e', shutdown: 'maybe' }] }),
    ).toThrow(/GET \/ports\/config at port_config\[0\]\.shutdown: expected a boolean/);
    expect(() => normalizePortConfigs({ ports: [] })).toThrow(ParseError);
  });
});

describe('normalizePortInfo', () => {
  it('unwraps {properties} items; port_no integer or string becomes a string', () => {
    const wire = parseJson(`{"result":[
      {"properties":{"port_no":1,"if_name":"eth-0-1","admin_status":"PORT_UP","link_status":"LINK_UP",
        "duplex":"full(auto)","mac_addr":"00:11:22:33:44:55","speed":"10G(auto)"},"type":"object"},
      {"properties":{"port_no":"2","ifName":"eth-0-2","admin_status":"PORT_DOWN","link_status":"LINK_DOWN"},"type":"object"}]}`);
    const out = normalizePortInfo(wire);
    expect(out[0]).toEqual({
      port_no: '1',
      if_name: 'eth-0-1',
      admin_status: 'PORT_UP',
      link_status: 'LINK_UP',
      duplex: 'full(auto)',
      mac_addr: '00:11:22:33:44:55',
      speed: '10G(auto)',
    });
    expect(out[1]).toMatchObject({ port_no: '2', if_name: 'eth-0-2', duplex: '' });
  });
});

describe('normalizePortStats', () => {
  const item = (portnum: unknown, rx: string) =>
    `{"portnum":${JSON.stringify(portnum)},"rxpkts":${rx},"rxbytes":"18446744073709551615","rxdrop":0,"rxerrs":"n/a","rxframe":0,"rxover":0,"rxcrc":0,"txpkts":9007199254740993,"txbytes":1,"txdrop":0,"txerrs":0}`;

  it('accepts an array, a map keyed by port and {result:[…]}, counters exact', () => {
    const forms = [
      `[${item('1', '5')},${item(2, '"6"')}]`,
      `{"1":${item('1', '5')},"2":${item('2', '6')}}`,
      `{"result":[${item('1', '5')},${item('2', '6')}]}`,
    ];
    for (const form of forms) {
      const out = normalizePortStats(parseJson(form));
      expect(out.map((s) => s.portnum)).toEqual(['1', '2']);
      expect(out[0]).toMatchObject({
        rxpkts: 5n,
        rxbytes: 18446744073709551615n,
        rxerrs: 0n,
        txpkts: 9007199254740993n,
        txcoll: 0n,
      });
      expect(out[1]?.rxpkts).toBe(6n);
    }
  });

  it('takes the port from the map key when portnum is missing', () => {
    expect(normalizePortStats({ '7': { rxpkts: 1 } })[0]).toMatchObject({
      portnum: '7',
      rxpkts: 1n,
    });
  });

  it('rejects a non-integer counter with its path', () => {
    expect(() => normalizePortStats([{ portnum: '1', txbytes: 1.5 }])).toThrow(/\[0\]\.txbytes/);
  });
});

describe('normalizeSfp', () => {
  it('returns the preformatted text', () => {
    expect(normalizeSfp({ result: 'Port  Vendor\n1     ACME' })).toBe('Port  Vendor\n1     ACME');
  });
});
