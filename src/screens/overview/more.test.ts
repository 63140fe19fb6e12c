/** The Overview's environment lines mark alarms in words; its top rules are the busiest. */
import { describe, expect, it } from 'vitest';
import type { Environment, Rule } from '../../model/index.js';
import { envItems, topRules } from './more.js';

const env: Environment = {
  fan: [
    { index: '1', status: 'OK', speed_rate: '40%', mode: 'auto' },
    { index: '2', status: 'FAIL', speed_rate: '0%', mode: 'auto' },
  ],
  psu: [{ index: 1, status: 'PRESENT', power: 'OK', type: 'AC', alert: 'ALERT' }],
  temp_sensors: [
    { index: 1, temp: 47, lower_alarm: 0, upper_alarm: 85, critical_limit: 100, position: 'CPU' },
    { index: 2, temp: 91, lower_alarm: 0, upper_alarm: 90, critical_limit: 105, position: 'ASIC' },
  ],
};

describe('envItems', () => {
  it('one line each for the fans, the power supplies and every sensor; alarms in words', () => {
    const items = envItems(env);
    expect(items.map((i) => i.id)).toEqual(['fans', 'psu', 'temp:1', 'temp:2']);
    expect(items.map((i) => i.alarm)).toEqual([true, true, false, true]);
    expect(items[0]!.text).toBe('Fans 1:OK 40% 2:FAIL 0% ALARM');
    expect(items[1]!.text).toBe('PSU 1:OK ALERT');
    expect(items[3]!.text).toMatch(/^temp 2 ASIC {5}91°C .* ALARM$/);
  });
});

describe('topRules', () => {
  const rule = (name: string, rate: number | null) =>
    ({ name, cookie: BigInt(name.length), datarate_raw: rate }) as unknown as Rule;
  it('the busiest first, as many as the room allows (at most 3), counting the others', () => {
    const rules = [rule('a', 5), rule('bb', 0), rule('ccc', 9e9), rule('dddd', 7), rule('e', null)];
    expect(topRules(rules, 10).items.map((r) => r.text)).toEqual([
      'ccc  9.00Gb/s',
      'dddd  7b/s',
      'a  5b/s',
    ]);
    expect(topRules(rules, 10).more).toBe(0);
    const two = topRules(rules, 3);
    expect(two.items.map((r) => r.cookie)).toEqual(['3', '4']);
    expect(two.more).toBe(1);
    expect(topRules(rules, 1).items).toEqual([]);
  });
});
