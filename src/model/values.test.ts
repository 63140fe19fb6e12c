/** vlan_tci's value[/mask]: one reading, and it accepts exactly what the rule check accepts. */
import { describe, expect, it } from 'vitest';
import { checkValueMask16, parseValueMask16 } from './values.js';

describe('parseValueMask16', () => {
  it('reads value and mask, the mask 0xffff when none is given', () => {
    expect(parseValueMask16('0x1005')).toEqual([0x1005, 0xffff]);
    expect(parseValueMask16('0x1000/0x1000')).toEqual([0x1000, 0x1000]);
    expect(parseValueMask16('4101/8191')).toEqual([4101, 8191]);
    expect(parseValueMask16('0/0')).toEqual([0, 0]);
  });

  it('refuses a third part, a value or mask past 16 bits, and what is not a number', () => {
    for (const bad of ['1/2/3', '0x10000', '1/0x10000', 'x', '1/', '', '-1', '0x1000/y'])
      expect(parseValueMask16(bad), bad).toBeNull();
  });

  it('accepts exactly what checkValueMask16 (the rule check) accepts', () => {
    const samples = ['0x1005', '0x1000/0x1000', '1/2/3', '65535', '65536', '0xffff/0xffff'];
    for (const s of [...samples, '1/', 'a/b', '12/0x1fff', ' 7 / 8 ', '0x/1'])
      expect(parseValueMask16(s) === null, s).toBe(checkValueMask16(s, 'vlan_tci') !== null);
  });
});
