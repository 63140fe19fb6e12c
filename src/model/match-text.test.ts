import { describe, expect, it } from 'vitest';
import { matchLabel, matchText, ruleKeyText } from './match-text.js';

describe('match text', () => {
  it('writes fields in order, key-only fields by name', () => {
    expect(matchText({ in_port: '1', tcp: '', tcp_dst: 443 })).toBe('in_port=1 tcp tcp_dst=443');
    expect(matchText({})).toBe('');
  });

  it('says (match all) for no fields, and names a rule by priority and match', () => {
    expect(matchLabel({})).toBe('(match all)');
    expect(ruleKeyText(100, { in_port: '1', tcp: '' })).toBe('priority 100 in_port=1 tcp');
    expect(ruleKeyText(5, {})).toBe('priority 5 (match all)');
  });
});
