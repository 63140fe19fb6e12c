import { describe, expect, it } from 'vitest';
import { EMPTY_ENV, fieldCandidates, fieldHelp, valueCandidates } from './completion.js';

describe('rule editor completion knows the vendor dialect', () => {
  it('offers the vendor fields, their values and help', () => {
    const fields = fieldCandidates(new Set(['in_port']));
    for (const f of ['protocol', 'vlan', 'vlan_id', 'vlan_priority', 'extra'])
      expect(fields).toContain(f);
    expect(valueCandidates('protocol', EMPTY_ENV)).toEqual([
      'ip',
      'tcp',
      'udp',
      'sctp',
      'icmp',
      'arp',
      'custom',
    ]);
    expect(valueCandidates('vlan', EMPTY_ENV)).toEqual(['match', 'neg_match']);
    expect(valueCandidates('constructor', EMPTY_ENV)).toEqual([]);
    expect(fieldHelp('field', 'vlan_id')).toMatch(/4096 = any VLAN/);
    expect(fieldHelp('value', '', 'extra')).toMatch(/hard_timeout=N/);
  });
});
