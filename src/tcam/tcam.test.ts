import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capacity,
  errorsOf,
  explainCost,
  flowCount,
  rangeBlocks,
  validateActions,
  validateMatch,
} from './index.js';

const simple = { storageMode: 'simple' as const };
const ipv6 = { storageMode: 'ipv6' as const };

describe('range expansion', () => {
  it('counts the minimal value/mask cover', () => {
    expect(rangeBlocks(1000, 1999)).toBe(7);
    expect(rangeBlocks(1, 65534)).toBe(30);
    expect(rangeBlocks(80, 80)).toBe(1);
    expect(rangeBlocks(0, 65535)).toBe(1);
    expect(rangeBlocks(0, 1023)).toBe(1);
    expect(rangeBlocks(1024, 65535)).toBe(6);
  });
  it('covers exactly the range (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 65535 }),
        fc.integer({ min: 0, max: 65535 }),
        (a, b) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const n = rangeBlocks(lo, hi);
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(30);
        },
      ),
    );
  });
});

describe('flowCount', () => {
  it('multiplies in_port lists and ranges', () => {
    expect(flowCount({ in_port: '1' })).toBe(1);
    expect(flowCount({ in_port: '1,2,3' })).toBe(3);
    expect(flowCount({ tcp: '', tcp_dst: '1000-1999' })).toBe(7);
    expect(flowCount({ in_port: '1,2', tcp: '', tcp_dst: '1000-1999' })).toBe(14);
    expect(flowCount({ tcp: '', tcp_src: '1-65534', tcp_dst: '1000-1999' })).toBe(210);
    expect(explainCost({ in_port: '1,2', tcp: '', tcp_dst: '1000-1999' })).toBe(
      'in_port 1,2 → 2 × tcp_dst 1000-1999 → 7 = 14 entries',
    );
  });
  it('capacity halves in ipv6 mode and allows 2 % over the reported maximum', () => {
    expect(capacity('simple')).toEqual({ maximum: 4096, hardLimit: 4177 });
    expect(capacity('ipv6')).toEqual({ maximum: 2048, hardLimit: 2088 });
  });
});

describe('validateMatch', () => {
  it('accepts a well-formed match', () => {
    expect(
      validateMatch({ in_port: '1', tcp: '', tcp_dst: '443', nw_src: '10.0.0.0/8' }, simple),
    ).toEqual([]);
    expect(validateMatch({ dl_type: '0x0800', nw_dst: '10.1.0.0/255.255.0.0' }, simple)).toEqual(
      [],
    );
    expect(
      validateMatch({ dl_vlan: '100', dl_src: '00:11:22:33:44:55/ff:ff:ff:00:00:00' }, simple),
    ).toEqual([]);
  });
  it('names unknown fields and bad values', () => {
    expect(errorsOf(validateMatch({ foo: '1' }, simple))[0]?.message).toBe(
      "unknown match field 'foo'",
    );
    expect(errorsOf(validateMatch({ dl_vlan: '5000' }, simple))[0]?.message).toMatch(/0..4095/);
    expect(errorsOf(validateMatch({ ip: '', nw_src: '300.1.1.1' }, simple))[0]?.message).toMatch(
      /IPv4/,
    );
    expect(errorsOf(validateMatch({ tcp: '', tcp_dst: '2000-1000' }, simple))[0]?.message).toMatch(
      /range/,
    );
    expect(errorsOf(validateMatch({ tcp: 'x' }, simple))[0]?.message).toMatch(/key-only/);
  });
  it('enforces prerequisites and offers the fix', () => {
    const [issue] = errorsOf(validateMatch({ tcp_dst: '443' }, simple));
    expect(issue?.message).toMatch(/needs the protocol tcp/);
    expect(issue?.fix).toEqual({ add: 'tcp', value: '' });
    expect(errorsOf(validateMatch({ nw_src: '10.0.0.1' }, simple))[0]?.fix?.add).toBe('ip');
    expect(errorsOf(validateMatch({ udp: '', tcp_dst: '1' }, simple))).toHaveLength(1);
    expect(errorsOf(validateMatch({ icmp: '', icmp_type: '8' }, simple))).toEqual([]);
    expect(errorsOf(validateMatch({ tcp: '', udp: '' }, simple))[0]?.message).toMatch(
      /conflicting IP protocols/,
    );
  });
  it('refuses IPv6 fields in simple mode and allows them in ipv6 mode', () => {
    const m = { ipv6: '', ipv6_src: '2001:db8::1/64' };
    expect(errorsOf(validateMatch(m, simple))[0]?.message).toMatch(/storage mode 'ipv6'/);
    expect(validateMatch(m, ipv6)).toEqual([]);
    expect(errorsOf(validateMatch({ ipv6_src: '2001:db8::1' }, ipv6))[0]?.fix?.add).toBe('ipv6');
    expect(errorsOf(validateMatch({ ipv6: '', ipv6_src: '2001:db8:::1' }, ipv6))).toHaveLength(1);
  });
  it('checks in_port against the device ports when known', () => {
    const ports = new Map([[1, { shutdown: false }]]);
    expect(errorsOf(validateMatch({ in_port: '1,9' }, { ...simple, ports }))[0]?.message).toBe(
      'in_port 9 does not exist on this device',
    );
  });
});

describe('validateActions', () => {
  const ports = new Map([
    [1, { shutdown: false }],
    [2, { shutdown: true }],
  ]);
  const groups = new Set([5]);
  const ctx = { ...simple, ports, groups };
  it('accepts the vocabulary', () => {
    expect(
      errorsOf(
        validateActions(
          ['push_vlan:0x8100', 'set_field:4196->vlan_vid', 'output:1', 'group:5'],
          ctx,
        ),
      ),
    ).toEqual([]);
    expect(
      validateActions(['pop_vlan', 'strip_vlan', 'pop_l2', 'gre_decap', 'mod_vlan_vid:7'], simple),
    ).toEqual([]);
  });
  it('rejects drop with other actions, unknown groups, unknown actions, bad set_field', () => {
    expect(errorsOf(validateActions(['drop', 'output:1'], ctx))[0]?.message).toBe(
      'drop must be the only action',
    );
    expect(errorsOf(validateActions(['group:9'], ctx))[0]?.message).toBe('group 9 does not exist');
    expect(errorsOf(validateActions(['teleport:1'], ctx))[0]?.message).toBe(
      "unknown action 'teleport'",
    );
    expect(errorsOf(validateActions(['set_field:100->vlan_vid'], ctx))[0]?.message).toMatch(/4196/);
    expect(errorsOf(validateActions([], ctx))[0]?.message).toMatch(/at least one action/);
  });
  it('warns about output to a shut-down port and refuses a missing one', () => {
    const issues = validateActions(['output:2,3'], ctx);
    expect(issues.map((i) => i.severity)).toEqual(['warning', 'error']);
  });
});
