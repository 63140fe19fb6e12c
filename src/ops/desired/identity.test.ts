import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Match } from '../../model/index.js';
import { matchIdentity, ruleIdentity, sameActions, sameRuleIdentity } from './identity.js';

const same = (a: Match, b: Match) =>
  expect(matchIdentity(a), JSON.stringify([a, b])).toBe(matchIdentity(b));
const differ = (a: Match, b: Match) =>
  expect(matchIdentity(a), JSON.stringify([a, b])).not.toBe(matchIdentity(b));

describe('rule identity: two spellings of one match are one rule', () => {
  it('field order, port lists and ranges, number bases, prefixes and masks, MAC case', () => {
    same({ in_port: '1', tcp: '' }, { tcp: '', in_port: '1' });
    same({ in_port: '1,2' }, { in_port: '1-2' });
    same({ in_port: '3,1,2' }, { in_port: '1-3' });
    same({ dl_type: '0x0800' }, { dl_type: '2048' });
    same({ dl_type: '0x0800' }, { eth_type: '0X800' });
    same({ ip: '', nw_src: '10.0.0.0/8' }, { ip: '', nw_src: '10.0.0.0/255.0.0.0' });
    same({ ip: '', nw_src: '10.1.2.3/8' }, { ip: '', nw_src: '10.0.0.0/8' });
    same({ dl_src: 'AA:BB:CC:DD:EE:FF' }, { dl_src: 'aa:bb:cc:dd:ee:ff' });
    same({ tcp: '' }, { dl_type: '0x0800', nw_proto: '6' });
    same({ tcp: '', tcp_dst: '80' }, { tcp: '', tp_dst: '80' });
    same({ tcp: '', tcp_dst: '0-65535' }, { tcp: '' });
    same({ dl_vlan: '100' }, { vlan_vid: '4196' });
  });

  it('both dialects: the vendor’s protocol= and vlan= read as their OpenFlow form', () => {
    same({ protocol: 'tcp', in_port: '1' }, { tcp: '', in_port: '1' });
    same({ protocol: 'TCP' }, { tcp: '' });
    same({ vlan: 'match', vlan_id: '100' }, { vlan_tci: '0x1064/0x1fff' });
    same({ vlan: 'neg_match' }, { vlan_tci: '0/0x1000' });
  });

  it('different matches, priorities or timeouts are different rules', () => {
    differ({ in_port: '1' }, { in_port: '2' });
    differ({ in_port: '1,2' }, { in_port: '1-3' });
    differ({ tcp: '' }, { udp: '' });
    differ({ ip: '', nw_src: '10.0.0.0/8' }, { ip: '', nw_src: '10.0.0.0/16' });
    differ({ in_port: '1' }, { in_port: '1', tcp: '' });
    differ({ in_port: '1' }, { in_port: '1', extra: 'hard_timeout=30' });
    expect(
      sameRuleIdentity(
        { priority: 1, match: { in_port: '1' } },
        { priority: 2, match: { in_port: '1' } },
      ),
    ).toBe(false);
  });

  it('a match that does not parse is compared as written', () => {
    same({ in_port: 'eth-0-1 ' }, { in_port: 'eth-0-1' });
    differ({ in_port: 'eth-0-1' }, { in_port: 'eth-0-2' });
    differ({ in_port: 'x' }, {});
  });

  it('property: port sets however written are one identity; different sets are not', () => {
    const ports = fc.uniqueArray(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(ports, ports, fc.integer({ min: 0, max: 65535 }), (a, b, priority) => {
        const asList = (p: number[]) => p.join(',');
        const asRanges = (p: number[]) => {
          const s = [...p].sort((x, y) => x - y);
          const out: string[] = [];
          for (let i = 0; i < s.length; ) {
            let j = i;
            while (j + 1 < s.length && s[j + 1] === s[j]! + 1) j++;
            out.push(i === j ? `${s[i]}` : `${s[i]}-${s[j]}`);
            i = j + 1;
          }
          return out.join(',');
        };
        const ka = ruleIdentity({ priority, match: { in_port: asList(a), tcp: '' } });
        expect(ruleIdentity({ priority, match: { tcp: '', in_port: asRanges(a) } })).toBe(ka);
        const equal = new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
        expect(ruleIdentity({ priority, match: { in_port: asList(b), tcp: '' } }) === ka).toBe(
          equal,
        );
      }),
      { numRuns: 200 },
    );
  });

  it('property: numbers in hex or decimal, prefixes as length or mask', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (type, len, addr) => {
          const ip = [24, 16, 8, 0].map((s) => (addr >>> s) & 255).join('.');
          const mask = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
          const maskText = [24, 16, 8, 0].map((s) => (mask >>> s) & 255).join('.');
          same(
            { dl_type: `0x${type.toString(16)}`, nw_dst: `${ip}/${len}` },
            { nw_dst: `${ip}/${maskText}`, dl_type: String(type) },
          );
          differ({ dl_type: String(type) }, { dl_type: String((type + 1) & 0xffff) });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('actions: order matters, spelling does not', () => {
  it('output forms, case, aliases and number bases', () => {
    expect(sameActions(['output:2'], ['2'])).toBe(true);
    expect(sameActions(['output:2,3'], ['output:2', 'output:3'])).toBe(true);
    expect(sameActions(['3,4'], ['output:3,4'])).toBe(true);
    expect(sameActions(['OUTPUT:2'], ['output:2'])).toBe(true);
    expect(sameActions(['strip_vlan', 'output:1'], ['pop_vlan', 'output:1'])).toBe(true);
    expect(sameActions(['push_vlan:0x8100', 'output:1'], ['push_vlan:33024', '1'])).toBe(true);
    expect(sameActions(['set_field:0x1064->VLAN_VID'], ['set_field:4196->vlan_vid'])).toBe(true);
  });
  it('a different order, port or action is a change', () => {
    expect(sameActions(['pop_vlan', 'output:1'], ['output:1', 'pop_vlan'])).toBe(false);
    expect(sameActions(['output:2'], ['output:3'])).toBe(false);
    expect(sameActions(['output:2'], ['group:2'])).toBe(false);
    expect(sameActions(['output:2'], ['output:2', 'output:3'])).toBe(false);
  });
});
