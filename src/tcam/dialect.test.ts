/** The vendor's dialect in the shared checks: validation, TCAM cost and shadowing (issue 15). */
import { describe, expect, it } from 'vitest';
import { canonicalMatch, type Match } from '../model/index.js';
import {
  covers,
  errorsOf,
  explainCost,
  flowCount,
  overlaps,
  validateActions,
  validateMatch,
} from './index.js';

const ctx = { storageMode: 'simple' as const };
const errors = (m: Match) =>
  errorsOf(validateMatch(m, ctx)).map((i) => `${i.subject}: ${i.message}`);

describe('canonicalMatch', () => {
  it('turns protocol, vlan and extra into the OpenFlow form and timeouts', () => {
    expect(canonicalMatch({ protocol: 'tcp', tcp_dst: '80' }).match).toEqual({
      tcp: '',
      tcp_dst: '80',
    });
    expect(canonicalMatch({ protocol: 'custom', dl_type: '0x0800' }).match).toEqual({
      dl_type: '0x0800',
    });
    expect(canonicalMatch({ vlan: 'match', vlan_id: '100', vlan_priority: '3' }).match).toEqual({
      vlan_tci: '0x7064/0xffff',
    });
    expect(canonicalMatch({ vlan: 'neg_match' }).match).toEqual({ vlan_tci: '0x0000/0x1000' });
    expect(canonicalMatch({ vlan: 'match', vlan_id: '4096' }).match).toEqual({
      vlan_tci: '0x1000/0x1000',
    });
    const c = canonicalMatch({ in_port: '1', extra: 'hard_timeout=30, idle_timeout=10' });
    expect(c.match).toEqual({ in_port: '1' });
    expect(c.timeouts).toEqual({ hard: 30, idle: 10 });
    expect(canonicalMatch({ match_extra: 'idle_timeout=5' }).timeouts).toEqual({ idle: 5 });
  });
});

describe('validateMatch on the dialect', () => {
  it('accepts what the vendor writes', () => {
    for (const m of <Match[]>[
      { protocol: 'ip', nw_src: '10.0.0.0/24' },
      { protocol: 'ip', nw_dst: '10.0.0.0/255.255.255.0' },
      { protocol: 'udp', udp_dst: '53', extra: 'idle_timeout=60' },
      { protocol: 'icmp', icmp_type: '8', icmp_code: '0' },
      { in_port: '5-10', vlan: 'match', vlan_id: '0', vlan_priority: '7' },
      { in_port: '1,2,5', vlan: 'neg_match' },
      { protocol: 'custom', dl_type: '0x0800', nw_proto: '6' },
    ])
      expect(errors(m), JSON.stringify(m)).toEqual([]);
  });
  it('names the field of a bad value', () => {
    expect(errors({ protocol: 'tcp6x' })[0]).toMatch(/^protocol: protocol must be one of/);
    expect(errors({ vlan: 'match', vlan_id: '5000' })[0]).toMatch(/^vlan_id: /);
    expect(errors({ vlan: 'match', dl_vlan: '5' })[0]).toMatch(/^vlan: vlan and dl_vlan/);
    expect(errors({ extra: 'hard_timeout=65536' })[0]).toMatch(/^extra: extra: hard_timeout/);
    expect(errors({ extra: 'x', match_extra: 'y' })[0]).toMatch(/same field/);
    expect(errors({ protocol: 'ip', nw_src: '10.0.0.0/255.0.255.0' })[0]).toMatch(
      /^nw_src: nw_src: /,
    );
    expect(errors({ protocol: 'custom', dl_type: '0x0800', tcp_dst: '80' })[0]).toMatch(
      /tcp_dst needs the protocol tcp \(add 'tcp' or nw_proto=6\)/,
    );
    expect(errors({ protocol: 'arp', tcp_dst: '80' })[0]).toMatch(
      /tcp_dst needs protocol=tcp \(the rule has protocol=arp\)$/,
    );
  });
  it('actions: a bare port or list is output', () => {
    expect(errorsOf(validateActions(['3'], ctx))).toEqual([]);
    expect(errorsOf(validateActions(['3', '4'], ctx))).toEqual([]);
    expect(errorsOf(validateActions(['3,4'], ctx))).toEqual([]);
    const ports = new Map([[3, { shutdown: false }]]);
    expect(errorsOf(validateActions(['3', '9'], { ...ctx, ports }))[0]?.message).toMatch(
      /output port 9 does not exist/,
    );
  });
});

describe('TCAM cost of the dialect', () => {
  it('in_port ranges cost one entry per port; protocol, vlan and extra cost nothing extra', () => {
    expect(flowCount({ in_port: '5-10' })).toBe(6);
    expect(flowCount({ in_port: '1,3-4' })).toBe(3);
    expect(flowCount({ protocol: 'tcp', tcp_dst: '1000-1999', in_port: '1-2' })).toBe(14);
    expect(flowCount({ vlan: 'match', vlan_id: '100', extra: 'hard_timeout=5' })).toBe(1);
    expect(explainCost({ in_port: '5-10' })).toBe('in_port 5-10 → 6 = 6 entries');
  });
});

describe('shadowing sees the dialect in its OpenFlow form', () => {
  it('protocol=tcp is the tcp shorthand', () => {
    expect(covers({ protocol: 'tcp' }, { tcp: '', tcp_dst: '80' })).toBe(true);
    expect(covers({ tcp: '' }, { protocol: 'tcp', tcp_dst: '80' })).toBe(true);
    expect(covers({ protocol: 'udp' }, { tcp: '' })).toBe(false);
    expect(covers({ protocol: 'ip' }, { protocol: 'tcp' })).toBe(true);
  });
  it('nw_src masks are prefixes in both notations', () => {
    expect(
      covers({ protocol: 'ip', nw_src: '10.0.0.0/255.0.0.0' }, { ip: '', nw_src: '10.1.0.0/16' }),
    ).toBe(true);
    expect(
      covers({ protocol: 'ip', nw_src: '10.1.0.0/16' }, { protocol: 'ip', nw_src: '10.2.0.1' }),
    ).toBe(false);
  });
  it('vlan match / neg_match: tagged and untagged never overlap; any VLAN covers one VLAN', () => {
    expect(overlaps({ vlan: 'neg_match' }, { vlan: 'match', vlan_id: '100' })).toBe(false);
    expect(covers({ vlan: 'match' }, { vlan: 'match', vlan_id: '100' })).toBe(true);
    expect(covers({ vlan: 'match', vlan_id: '100' }, { vlan: 'match' })).toBe(false);
    expect(
      covers(
        { vlan: 'match', vlan_id: '100' },
        { vlan: 'match', vlan_id: '100', vlan_priority: '3' },
      ),
    ).toBe(true);
    expect(covers({ vlan: 'match', vlan_id: '100' }, { vlan: 'match', vlan_id: '101' })).toBe(
      false,
    );
  });
  it('in_port ranges are sets of ports; extra is not a match', () => {
    expect(covers({ in_port: '1-10' }, { in_port: '3,5' })).toBe(true);
    expect(covers({ in_port: '3,5' }, { in_port: '1-10' })).toBe(false);
    expect(covers({ in_port: '1', extra: 'hard_timeout=5' }, { in_port: '1' })).toBe(true);
  });
  it('a bad dialect value never shadows anything', () => {
    expect(covers({ protocol: 'bogus' }, { tcp: '' })).toBe(false);
    expect(covers({ vlan: 'maybe' }, { in_port: '1' })).toBe(false);
  });
});

describe('names inherited from Object are not vendor fields', () => {
  it('constructor / toString are unknown fields and values, never silently dropped', () => {
    expect(errors({ constructor: '1' })[0]).toMatch(/unknown match field 'constructor'/);
    expect(errors({ protocol: 'constructor' })[0]).toMatch(/protocol must be one of/);
  });
});
