import { describe, expect, it } from 'vitest';
import type { Environment } from '../../model/index.js';
import { environmentItems } from './environment.js';

const sensor = (index: number, temp: number, lower: number, upper: number) => ({
  index,
  temp,
  lower_alarm: lower,
  upper_alarm: upper,
  critical_limit: upper + 15,
  position: `s${index}`,
});
const psu = (index: number, status: string) => ({
  index,
  status,
  power: status === 'PRESENT' ? '150W' : '',
  type: 'AC',
  alert: 'NO_ALERT',
});
const ENV: Environment = {
  fan: [{ index: '1', status: 'OK', speed_rate: '50%', mode: 'auto' }],
  psu: [psu(1, 'PRESENT'), psu(2, 'ABSENT')],
  // margins: 30 (to 70), 8 (to 60: the closest), 12 (above 5)
  temp_sensors: [sensor(1, 40, 0, 70), sensor(2, 52, 0, 60), sensor(3, 17, 5, 80)],
};
const row = (id: string, env = ENV) => environmentItems(env).find((i) => i.id === id)!;

describe('Device environment rows', () => {
  it("shows each sensor's margin to its alarm and marks the closest", () => {
    expect(row('env:temp:1').value).toMatch(/^40°C · 30° to alarm \(/);
    expect(row('env:temp:2').value).toMatch(/^52°C · 8° to alarm ◂ closest/);
    expect(row('env:temp:3').value).toMatch(/^17°C · 12° to alarm \(/);
  });

  it('flags an absent power supply as lost redundancy', () => {
    const p = row('env:psu');
    expect(p.label).toBe('! Power supplies');
    expect(p.value).toBe('1:150W  2:absent · NO REDUNDANCY');
    expect(p.about.join('\n')).toContain('Redundancy lost');
    const both = row('env:psu', { ...ENV, psu: [psu(1, 'PRESENT'), psu(2, 'PRESENT')] });
    expect(both.label).toBe('Power supplies');
    expect(both.value).not.toContain('REDUNDANCY');
  });
});
