import { describe, expect, it } from 'vitest';
import type { Match } from '../model/index.js';
import {
  admits,
  type CompiledMatch,
  compileMatch,
  type Flow,
  MATCH_ORDER,
  matchesFlow,
  mismatch,
  pack,
} from './index.js';

let nextId = 1;
/** A TCP flow 10.1.2.3:40000 → 10.0.0.9:445 on port 3, untagged, unless told otherwise. */
function flow(over: Partial<Flow> = {}): Flow {
  return {
    id: nextId++,
    in_port: 3,
    dl_src: '00:11:22:33:44:55',
    dl_dst: 'aa:bb:cc:dd:ee:ff',
    dl_type: 0x0800,
    nw_src: '10.1.2.3',
    nw_dst: '10.0.0.9',
    nw_proto: 6,
    tp_src: 40000,
    tp_dst: 445,
    bps: 1e9,
    packet_size: 1000,
    ...over,
  };
}

const arp = () =>
  flow({
    dl_type: 0x0806,
    nw_proto: undefined,
    tp_src: undefined,
    tp_dst: undefined,
    nw_src: '10.1.2.3',
    nw_dst: '10.0.0.1',
  });
const v6 = (over: Partial<Flow> = {}) =>
  flow({ dl_type: 0x86dd, nw_src: '2001:db8:1::5', nw_dst: 'fe80::1', ...over });
const icmp = (type: number, code: number) =>
  flow({ nw_proto: 1, tp_src: undefined, tp_dst: undefined, icmp_type: type, icmp_code: code });

/** Which of the flows the match admits, by position. */
const admitted = (match: Match, flows: Flow[]) =>
  flows.map((f, i) => (matchesFlow(match, f) ? i : -1)).filter((i) => i >= 0);

describe('mismatch: each match field', () => {
  it('the empty match admits every flow', () => {
    expect(admitted({}, [flow(), arp(), v6(), icmp(8, 0)])).toEqual([0, 1, 2, 3]);
  });

  it('in_port: one port, lists, ranges and mixes', () => {
    const flows = [1, 2, 5, 7, 10, 11].map((p) => flow({ in_port: p }));
    expect(admitted({ in_port: '5' }, flows)).toEqual([2]);
    expect(admitted({ in_port: '1,2,5' }, flows)).toEqual([0, 1, 2]);
    expect(admitted({ in_port: '5-10' }, flows)).toEqual([2, 3, 4]);
    expect(admitted({ in_port: '1, 7-11' }, flows)).toEqual([0, 3, 4, 5]);
    expect(mismatch({ in_port: '4' }, flows[0]!)).toBe('in_port');
  });

  it('dl_src/dl_dst: exact (any case) and masked', () => {
    const f = flow();
    expect(matchesFlow({ dl_src: '00:11:22:33:44:55' }, f)).toBe(true);
    expect(matchesFlow({ dl_dst: 'AA:BB:CC:DD:EE:FF' }, f)).toBe(true);
    expect(mismatch({ dl_src: '00:11:22:33:44:56' }, f)).toBe('dl_src');
    expect(matchesFlow({ dl_src: '00:11:22:00:00:00/ff:ff:ff:00:00:00' }, f)).toBe(true);
    expect(matchesFlow({ dl_src: '00:11:23:00:00:00/ff:ff:ff:00:00:00' }, f)).toBe(false);
    expect(matchesFlow({ dl_dst: '00:00:00:00:00:ff/00:00:00:00:00:ff' }, f)).toBe(true);
    expect(mismatch({ dl_dst: '01:00:00:00:00:00/01:00:00:00:00:00' }, f)).toBe('dl_dst');
  });

  it('dl_vlan / vlan_vid: tagged flows of that VLAN only; vlan_vid may carry the present bit', () => {
    const flows = [flow(), flow({ vlan: 100 }), flow({ vlan: 200 }), flow({ vlan: 0 })];
    expect(admitted({ dl_vlan: '100' }, flows)).toEqual([1]);
    expect(admitted({ vlan_vid: '100' }, flows)).toEqual([1]);
    expect(admitted({ vlan_vid: '4196' }, flows)).toEqual([1]);
    expect(admitted({ dl_vlan: '0' }, flows)).toEqual([3]);
  });

  it('dl_vlan_pcp: tagged flows with that priority (a tag without one has 0)', () => {
    const flows = [flow(), flow({ vlan: 5, vlan_pcp: 3 }), flow({ vlan: 5 })];
    expect(admitted({ dl_vlan_pcp: '3' }, flows)).toEqual([1]);
    expect(admitted({ dl_vlan_pcp: '0' }, flows)).toEqual([2]);
  });

  it('vlan_tci value/mask: the present bit, VID and priority', () => {
    const flows = [flow(), flow({ vlan: 100 }), flow({ vlan: 100, vlan_pcp: 5 })];
    expect(admitted({ vlan_tci: '0x0000/0x1000' }, flows)).toEqual([0]);
    expect(admitted({ vlan_tci: '0x1000/0x1000' }, flows)).toEqual([1, 2]);
    expect(admitted({ vlan_tci: '0x1064/0x1fff' }, flows)).toEqual([1, 2]);
    expect(admitted({ vlan_tci: '0xb064' }, flows)).toEqual([2]);
  });

  it("the vendor's vlan: match (any tag, one VLAN, one priority), neg_match (untagged only)", () => {
    const flows = [
      flow(),
      flow({ vlan: 100 }),
      flow({ vlan: 100, vlan_pcp: 5 }),
      flow({ vlan: 7, vlan_pcp: 5 }),
    ];
    expect(admitted({ vlan: 'match' }, flows)).toEqual([1, 2, 3]);
    expect(admitted({ vlan: 'match', vlan_id: '4096' }, flows)).toEqual([1, 2, 3]);
    expect(admitted({ vlan: 'match', vlan_id: '100' }, flows)).toEqual([1, 2]);
    expect(admitted({ vlan: 'match', vlan_priority: '5' }, flows)).toEqual([2, 3]);
    expect(admitted({ vlan: 'match', vlan_id: '100', vlan_priority: '5' }, flows)).toEqual([2]);
    expect(admitted({ vlan: 'neg_match' }, flows)).toEqual([0]);
    expect(mismatch({ vlan: 'neg_match' }, flows[1]!)).toBe('vlan');
  });

  it('dl_type and eth_type, decimal or hex', () => {
    const flows = [flow(), arp(), v6()];
    expect(admitted({ dl_type: '0x0800' }, flows)).toEqual([0]);
    expect(admitted({ dl_type: '2054' }, flows)).toEqual([1]);
    expect(admitted({ eth_type: '0x86DD' }, flows)).toEqual([2]);
    expect(mismatch({ dl_type: '0x0806' }, flows[0]!)).toBe('dl_type');
  });

  it('protocol shorthands imply the ethertype and IP protocol', () => {
    const flows = [
      flow(),
      flow({ nw_proto: 17 }),
      flow({ nw_proto: 132 }),
      icmp(8, 0),
      arp(),
      v6({ nw_proto: 6 }),
      v6({ nw_proto: 17 }),
    ];
    expect(admitted({ ip: '' }, flows)).toEqual([0, 1, 2, 3]);
    expect(admitted({ tcp: '' }, flows)).toEqual([0]);
    expect(admitted({ udp: '' }, flows)).toEqual([1]);
    expect(admitted({ sctp: '' }, flows)).toEqual([2]);
    expect(admitted({ icmp: '' }, flows)).toEqual([3]);
    expect(admitted({ arp: '' }, flows)).toEqual([4]);
    expect(admitted({ ipv6: '' }, flows)).toEqual([5, 6]);
    expect(admitted({ tcp6: '' }, flows)).toEqual([5]);
    expect(admitted({ udp6: '' }, flows)).toEqual([6]);
  });

  it("the vendor's protocol= reads as the shorthand; custom leaves dl_type/nw_proto to the rule", () => {
    const flows = [flow(), flow({ nw_proto: 17 }), icmp(0, 0), arp()];
    expect(admitted({ protocol: 'tcp' }, flows)).toEqual([0]);
    expect(admitted({ protocol: 'UDP' }, flows)).toEqual([1]);
    expect(admitted({ protocol: 'ip' }, flows)).toEqual([0, 1, 2]);
    expect(admitted({ protocol: 'arp' }, flows)).toEqual([3]);
    expect(admitted({ protocol: 'custom', dl_type: '0x0800', nw_proto: '1' }, flows)).toEqual([2]);
    expect(mismatch({ protocol: 'udp' }, flows[0]!)).toBe('protocol');
  });

  it('nw_src/nw_dst: address, /prefix, /mask; ARP addresses too; not on IPv6 or L2 flows', () => {
    const f = flow();
    expect(matchesFlow({ ip: '', nw_src: '10.1.2.3' }, f)).toBe(true);
    expect(matchesFlow({ ip: '', nw_src: '10.1.2.4' }, f)).toBe(false);
    expect(matchesFlow({ ip: '', nw_src: '10.1.0.0/16' }, f)).toBe(true);
    expect(matchesFlow({ ip: '', nw_src: '10.2.0.0/16' }, f)).toBe(false);
    expect(matchesFlow({ ip: '', nw_src: '10.1.0.0/255.255.0.0' }, f)).toBe(true);
    expect(matchesFlow({ ip: '', nw_dst: '10.0.0.0/255.255.255.252' }, f)).toBe(false);
    expect(matchesFlow({ ip: '', nw_dst: '10.0.0.8/255.255.255.252' }, f)).toBe(true);
    expect(matchesFlow({ nw_dst: '0.0.0.0/0' }, f)).toBe(true);
    expect(matchesFlow({ arp: '', nw_src: '10.1.2.3' }, arp())).toBe(true);
    expect(mismatch({ nw_src: '0.0.0.0/0' }, v6())).toBe('nw_src');
    expect(mismatch({ nw_src: '0.0.0.0/0' }, flow({ dl_type: 0x88cc, nw_src: undefined }))).toBe(
      'nw_src',
    );
  });

  it('ipv6_src/ipv6_dst: address and /prefix, IPv6 flows only', () => {
    const f = v6();
    expect(matchesFlow({ ipv6: '', ipv6_src: '2001:db8:1::5' }, f)).toBe(true);
    expect(matchesFlow({ ipv6: '', ipv6_src: '2001:db8::/32' }, f)).toBe(true);
    expect(matchesFlow({ ipv6: '', ipv6_src: '2001:db9::/32' }, f)).toBe(false);
    expect(matchesFlow({ ipv6: '', ipv6_dst: 'fe80::/10' }, f)).toBe(true);
    expect(mismatch({ ipv6_src: '::/0' }, flow())).toBe('ipv6_src');
  });

  it('nw_proto/ip_proto, nw_tos (an IP flow without one has 0)', () => {
    expect(matchesFlow({ ip: '', nw_proto: '6' }, flow())).toBe(true);
    expect(matchesFlow({ ip: '', ip_proto: '17' }, flow())).toBe(false);
    expect(mismatch({ nw_proto: '6' }, arp())).toBe('nw_proto');
    expect(matchesFlow({ ip: '', nw_tos: '0' }, flow())).toBe(true);
    expect(matchesFlow({ ip: '', nw_tos: '184' }, flow({ nw_tos: 184 }))).toBe(true);
    expect(matchesFlow({ nw_tos: '0' }, arp())).toBe(false);
  });

  it('tcp/udp/sctp ports and ranges need that protocol; tp_* any L4 protocol', () => {
    const flows = [
      flow({ tp_dst: 443 }),
      flow({ nw_proto: 17, tp_dst: 443 }),
      flow({ nw_proto: 132, tp_dst: 443 }),
      flow({ tp_dst: 1500 }),
      arp(),
    ];
    expect(admitted({ tcp: '', tcp_dst: '443' }, flows)).toEqual([0]);
    expect(admitted({ tcp_dst: '443' }, flows)).toEqual([0]);
    expect(admitted({ udp_dst: '443' }, flows)).toEqual([1]);
    expect(admitted({ sctp_dst: '443' }, flows)).toEqual([2]);
    expect(admitted({ tp_dst: '443' }, flows)).toEqual([0, 1, 2]);
    expect(admitted({ tcp_dst: '400-2000' }, flows)).toEqual([0, 3]);
    expect(admitted({ tcp_dst: '0-65535' }, flows)).toEqual([0, 3]);
    expect(admitted({ tcp_src: '40000' }, flows)).toEqual([0, 3]);
    expect(admitted({ udp_src: '1-39999' }, flows)).toEqual([]);
    expect(mismatch({ tp_dst: '0-65535' }, flows[4]!)).toBe('tp_dst');
  });

  it('icmp_type/icmp_code (ICMPv6 too)', () => {
    const flows = [icmp(8, 0), icmp(3, 1), flow(), v6({ nw_proto: 58, icmp_type: 128 })];
    expect(admitted({ icmp: '', icmp_type: '8' }, flows)).toEqual([0]);
    expect(admitted({ icmp: '', icmp_type: '3', icmp_code: '1' }, flows)).toEqual([1]);
    expect(admitted({ icmp_code: '0' }, flows)).toEqual([0]);
    expect(admitted({ ipv6: '', nw_proto: '58', icmp_type: '128' }, flows)).toEqual([3]);
  });

  it('mpls_label: flows carrying that label', () => {
    const flows = [flow(), flow({ dl_type: 0x8847, mpls_label: 1000 })];
    expect(admitted({ dl_type: '0x8847', mpls_label: '1000' }, flows)).toEqual([1]);
  });

  it('unknown fields, bad values and refused vendor fields never match', () => {
    const f = flow();
    expect(mismatch({ in_port: '3', colour: 'red' }, f)).toBe('colour');
    expect(mismatch({ in_port: 'three' }, f)).toBe('in_port');
    expect(mismatch({ tcp: 'yes' }, f)).toBe('tcp');
    expect(mismatch({ ip: '', nw_src: '10.0.0.0/255.0.255.0' }, f)).toBe('nw_src');
    expect(mismatch({ protocol: 'gre' }, f)).toBe('protocol');
    expect(mismatch({ vlan_id: '100' }, flow({ vlan: 100 }))).toBe('vlan_id');
  });

  it('a flow whose address or MAC does not parse matches no rule on that field', () => {
    for (const nw_src of ['10.1.2', '10.1.2.256', '10.1.2.3.4', '10..2.3', ''])
      expect(mismatch({ ip: '', nw_src: '0.0.0.0/0' }, flow({ nw_src }))).toBe('nw_src');
    expect(
      mismatch(
        { dl_src: '00:00:00:00:00:00/00:00:00:00:00:00' },
        flow({ dl_src: '00:11:22:33:44' }),
      ),
    ).toBe('dl_src');
    expect(matchesFlow({ ip: '' }, flow({ nw_src: 'junk', dl_src: 'junk' }))).toBe(true);
  });

  it("the vendor's extra (timeouts) is no match at all", () => {
    expect(matchesFlow({ in_port: '3', extra: 'hard_timeout=30' }, flow())).toBe(true);
  });

  it('names the first failing field in MATCH_ORDER, as the rule wrote it', () => {
    const f = flow({ in_port: 9, vlan: 5 });
    const m = { tcp_dst: '80', nw_src: '192.0.2.0/24', in_port: '1', protocol: 'udp' };
    expect(mismatch(m, f)).toBe('in_port');
    expect(mismatch({ ...m, in_port: '9' }, f)).toBe('protocol');
    expect(mismatch({ ...m, in_port: '9', protocol: 'tcp' }, f)).toBe('nw_src');
    expect(mismatch({ ...m, in_port: '9', protocol: 'tcp', nw_src: '10.1.2.3' }, f)).toBe(
      'tcp_dst',
    );
    expect(mismatch({ vlan: 'neg_match', dl_src: '00:00:00:00:00:01' }, f)).toBe('dl_src');
    expect(MATCH_ORDER.indexOf('in_port')).toBe(0);
  });
});

describe('compileMatch: parts shared by field', () => {
  it('rules holding the same field=value share its check; each keeps what it requires', () => {
    const a = compileMatch({ in_port: '5', tcp: '', tcp_dst: '80' });
    const b = compileMatch({ in_port: '5', udp: '', udp_dst: '53' });
    const check = (c: CompiledMatch, field: string) => c.checks.find((x) => x.field === field);
    expect(check(a, 'in_port')).toBe(check(b, 'in_port'));
    expect(a.ports).toEqual([5]);
    expect(b.ports).toBe(a.ports);
    expect([a.needs.proto, a.needs.tpDstLo, a.dlType]).toEqual([6, 80, 0x0800]);
    expect([b.needs.proto, b.needs.tpDstLo, b.dlType]).toEqual([17, 53, 0x0800]);
    expect(admits(a, pack(flow({ in_port: 5, tp_dst: 80 })))).toBe(true);
    expect(admits(b, pack(flow({ in_port: 5, tp_dst: 80 })))).toBe(false);
  });

  it('the first field that requires a protocol decides it, whichever rule made the part first', () => {
    const first = compileMatch({ nw_proto: '17', tcp: '' });
    const second = compileMatch({ tcp: '', nw_proto: '17' });
    expect(first.needs.proto).toBe(17);
    expect(second.needs.proto).toBe(6);
    // a contradiction matches nothing either way
    expect(admits(first, pack(flow()))).toBe(false);
    expect(admits(second, pack(flow({ nw_proto: 17 })))).toBe(false);
  });

  it('a vendor-dialect field is reported by its written name, apart from the OpenFlow one', () => {
    expect(mismatch({ protocol: 'udp' }, flow())).toBe('protocol');
    expect(mismatch({ udp: '' }, flow())).toBe('udp');
  });
});
