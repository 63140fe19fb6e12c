import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import { covers, flowCount, normalizeMatch, overlaps, sameKey, shadowsOf } from './index.js';

const rule = (name: string, priority: number, match: Match) => ({ name, priority, match });

describe('covers', () => {
  it('a field a lacks is a wildcard: fewer fields cover more', () => {
    expect(covers({ in_port: '1' }, { in_port: '1', tcp: '', tcp_dst: '443' })).toBe(true);
    expect(covers({ in_port: '1', tcp: '', tcp_dst: '443' }, { in_port: '1' })).toBe(false);
    expect(covers({}, { in_port: '7', udp: '' })).toBe(true);
  });
  it('compares values: equal, port ranges, in_port lists', () => {
    expect(covers({ tcp: '', tcp_dst: '1000-1999' }, { tcp: '', tcp_dst: '1500' })).toBe(true);
    expect(covers({ tcp: '', tcp_dst: '1000-1999' }, { tcp: '', tcp_dst: '1500-2500' })).toBe(
      false,
    );
    expect(covers({ tcp: '', tcp_dst: '0-65535' }, { tcp: '' })).toBe(true);
    expect(covers({ in_port: '1,2,3' }, { in_port: '2,3' })).toBe(true);
    expect(covers({ in_port: '2,3' }, { in_port: '1,2' })).toBe(false);
    expect(covers({ dl_vlan: '100' }, { dl_vlan: '100' })).toBe(true);
    expect(covers({ dl_vlan: '100' }, { dl_vlan: '101' })).toBe(false);
  });
  it('contains prefixes and masks (IPv4, IPv6, MAC)', () => {
    expect(covers({ ip: '', nw_src: '10.0.0.0/8' }, { ip: '', nw_src: '10.1.2.0/24' })).toBe(true);
    expect(covers({ ip: '', nw_src: '10.1.2.0/24' }, { ip: '', nw_src: '10.0.0.0/8' })).toBe(false);
    expect(covers({ ip: '', nw_src: '10.0.0.0/255.0.0.0' }, { ip: '', nw_src: '10.9.9.9' })).toBe(
      true,
    );
    expect(covers({ ip: '', nw_src: '0.0.0.0/0' }, { ip: '' })).toBe(true);
    expect(
      covers({ ipv6: '', ipv6_src: '2001:db8::/32' }, { ipv6: '', ipv6_src: '2001:db8:1::5' }),
    ).toBe(true);
    expect(
      covers({ ipv6: '', ipv6_src: '2001:db8::/32' }, { ipv6: '', ipv6_src: '2001:db9::5' }),
    ).toBe(false);
    expect(
      covers({ dl_src: '00:11:22:00:00:00/ff:ff:ff:00:00:00' }, { dl_src: '00:11:22:33:44:55' }),
    ).toBe(true);
    expect(
      covers({ dl_src: '00:11:22:33:44:55' }, { dl_src: '00:11:22:00:00:00/ff:ff:ff:00:00:00' }),
    ).toBe(false);
  });
  it('expands shorthands and aliases', () => {
    expect(covers({ dl_type: '0x0800', nw_proto: '6' }, { tcp: '' })).toBe(true);
    expect(covers({ tcp: '' }, { dl_type: '0x0800', nw_proto: '6', tcp_dst: '80' })).toBe(true);
    expect(covers({ ip: '' }, { tcp: '', tcp_dst: '80' })).toBe(true);
    expect(covers({ tcp: '' }, { ip: '' })).toBe(false);
    expect(covers({ eth_type: '0x0806' }, { arp: '' })).toBe(true);
    expect(covers({ vlan_vid: '4196' }, { dl_vlan: '100' })).toBe(true);
    // tcp_dst and udp_dst share the L4 port, the protocol tells them apart
    expect(covers({ tcp: '', tcp_dst: '53' }, { udp: '', udp_dst: '53' })).toBe(false);
  });
  it('never claims anything for a match that does not parse or contradicts itself', () => {
    expect(normalizeMatch({ tcp: '', udp: '' }).valid).toBe(false);
    expect(covers({}, { in_port: 'x' })).toBe(false);
    expect(covers({ nw_src: '300.0.0.1' }, {})).toBe(false);
  });
  it('is reflexive, and consistent with overlaps (property)', () => {
    const field = fc.constantFrom(
      ['in_port', ['1', '2', '1,2', '2,3']],
      ['tcp_dst', ['80', '443', '0-1023', '1000-1999', '400-500']],
      ['nw_src', ['10.0.0.0/8', '10.1.0.0/16', '10.1.2.3', '192.168.0.0/16']],
      ['dl_vlan', ['100', '200']],
    ) as fc.Arbitrary<[string, string[]]>;
    const match = fc
      .uniqueArray(field, { selector: (f) => f[0], maxLength: 4 })
      .chain((fields) =>
        fc.tuple(
          ...fields.map(([name, values]) =>
            fc.constantFrom(...values).map((v) => [name, v] as const),
          ),
        ),
      )
      .map((pairs) => {
        const m: Match = Object.fromEntries(pairs);
        if (m.tcp_dst !== undefined || m.nw_src !== undefined) m.tcp = '';
        return m;
      });
    fc.assert(
      fc.property(match, match, (a, b) => {
        expect(covers(a, a)).toBe(true);
        if (covers(a, b)) expect(overlaps(a, b)).toBe(true);
        expect(overlaps(a, b)).toBe(overlaps(b, a));
      }),
    );
  });
});

describe('overlaps', () => {
  it('finds partial overlap and disjoint matches', () => {
    expect(overlaps({ tcp: '', tcp_dst: '1000-1999' }, { tcp: '', tcp_dst: '1500-2500' })).toBe(
      true,
    );
    expect(overlaps({ in_port: '1' }, { tcp: '', tcp_dst: '443' })).toBe(true);
    expect(overlaps({ in_port: '1' }, { in_port: '2' })).toBe(false);
    expect(overlaps({ in_port: '1,2' }, { in_port: '2,3' })).toBe(true);
    expect(overlaps({ tcp: '' }, { udp: '' })).toBe(false);
    expect(overlaps({ ip: '', nw_src: '10.0.0.0/8' }, { ip: '', nw_src: '11.0.0.0/8' })).toBe(
      false,
    );
  });
});

describe('shadowsOf', () => {
  const rules = [
    rule('tap-1', 1000, { in_port: '1' }),
    rule('web', 500, { in_port: '1', tcp: '', tcp_dst: '80' }),
    rule('range', 2000, { in_port: '1', tcp: '', tcp_dst: '1000-1999' }),
    rule('other-port', 3000, { in_port: '2' }),
    rule('peer', 1000, { in_port: '1', udp: '' }),
  ];

  it('a covering rule of higher priority makes this one unreachable', () => {
    const r = shadowsOf(rule('new', 100, { in_port: '1', tcp: '', tcp_dst: '1500' }), rules);
    expect(r.shadowedBy.map((x) => x.name)).toEqual(['tap-1', 'range']);
    expect(r.shadows).toEqual([]);
    expect(r.sameKey).toBeUndefined();
  });

  it('lists the lower-priority rules this one would shadow', () => {
    const r = shadowsOf(rule('wide', 5000, { in_port: '1' }), rules);
    expect(r.shadowedBy).toEqual([]);
    expect(r.shadows.map((x) => x.name)).toEqual(['tap-1', 'web', 'range', 'peer']);
  });

  it('partial overlap is not shadowing', () => {
    const r = shadowsOf(
      rule('half', 100, { in_port: '1,2', tcp: '', tcp_dst: '1500-2500' }),
      rules,
    );
    expect(r.shadowedBy).toEqual([]);
    expect(r.partial.map((x) => x.name)).toEqual(['tap-1', 'range', 'other-port']);
  });

  it('disjoint rules are unrelated', () => {
    const r = shadowsOf(rule('elsewhere', 100, { in_port: '5' }), rules);
    expect(r).toEqual({ shadowedBy: [], shadows: [], partial: [] });
  });

  it('an equal-priority covering rule shadows; same match and priority is the same rule', () => {
    const r = shadowsOf(rule('same-prio', 1000, { in_port: '1', icmp: '' }), rules);
    expect(r.shadowedBy.map((x) => x.name)).toEqual(['tap-1']);
    const same = shadowsOf(rule('again', 1000, { in_port: '1' }), rules);
    expect(same.sameKey?.name).toBe('tap-1');
    expect(same.shadows.map((x) => x.name)).toEqual(['web', 'peer']);
    // the rule being edited is left out
    expect(shadowsOf(rules[0]!, rules, rules[0]).sameKey).toBeUndefined();
  });

  it('sameKey compares the match map exactly, as the device does', () => {
    expect(
      sameKey(rule('a', 1, { tcp: '', tcp_dst: '80' }), rule('b', 1, { tcp_dst: '80', tcp: '' })),
    ).toBe(true);
    expect(sameKey(rule('a', 1, { in_port: '1' }), rule('b', 2, { in_port: '1' }))).toBe(false);
    expect(sameKey(rule('a', 1, { in_port: '1' }), rule('b', 1, { in_port: '1', tcp: '' }))).toBe(
      false,
    );
  });
});

describe('TCAM expansion (the counts the editor previews)', () => {
  it('counts ranges and multiplies across fields and in_port lists', () => {
    expect(flowCount({ tcp: '', tcp_dst: '1000-1999' })).toBe(7);
    expect(flowCount({ tcp: '', tcp_dst: '1-65534' })).toBe(30);
    expect(flowCount({ tcp: '', tcp_dst: '80' })).toBe(1);
    expect(flowCount({ tcp: '', tcp_dst: '0-65535' })).toBe(1);
    expect(flowCount({ in_port: '1,2,3', udp: '', udp_src: '1000-1999', udp_dst: '1-65534' })).toBe(
      3 * 7 * 30,
    );
  });
});
