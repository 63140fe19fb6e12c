import { describe, expect, it } from 'vitest';
import { type DeviceItem, filterItems } from './items.js';

const item = (id: string, label: string, value: string, about: string[]): DeviceItem =>
  ({ id, label, value, about, level: 1 }) as DeviceItem;
const ITEMS = [
  item('name', 'Device name', 'pb-lab-01', ['The name the device reports.']),
  item('storage', 'Rule storage', 'simple', ['Takes effect after a reboot.']),
];

describe('the Device filter', () => {
  it('finds a setting by its name, value or explanation, in any case', () => {
    const ids = (f: string) => filterItems(ITEMS, f).map((i) => i.id);
    expect(ids('DEVICE')).toEqual(['name']);
    expect(ids(' pb-lab ')).toEqual(['name']);
    expect(ids('reboot')).toEqual(['storage']);
    expect(ids('')).toEqual(['name', 'storage']);
    expect(ids('radius')).toEqual([]);
  });
});
