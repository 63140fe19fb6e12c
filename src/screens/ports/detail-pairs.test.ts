import { describe, expect, it } from 'vitest';
import { counterPairs, settingPairs } from './detail-pairs.js';
import type { PortRow } from './rows.js';

const row: PortRow = {
  no: '5',
  name: 'eth-0-5',
  admin: 'up',
  link: 'up',
  speed: '10G',
  duplex: 'full',
  type: 2,
  lineBps: 10e9,
  pending: '',
};

describe("a port's detail", () => {
  it('shows – for every counter and setting not read yet, and no line rate without a link', () => {
    expect(counterPairs(row).every(([, v]) => v === '–')).toBe(true);
    const pairs = Object.fromEntries(settingPairs({ ...row, lineBps: null }, [], null));
    expect(pairs.split).toBe('–');
    expect(pairs.xg_speed).toBe('–');
    expect(pairs['line rate']).toBe('– (no link)');
  });

  it('says what a setting becomes after the reboot', () => {
    const config = {
      type: 2,
      split: 'no',
      xg_speed: { currSetting: '10G', nextSetting: '1G' },
      media_type: 'fiber',
    } as never;
    const pairs = Object.fromEntries(
      settingPairs(
        { ...row, config },
        [
          { field: 'xg_speed', from: '10G', to: '1G' },
          { field: 'split', from: 'no', to: 'break-out' },
        ] as never,
        null,
      ),
    );
    expect(pairs.xg_speed).toBe('10G ⟳ next: 1G after reboot');
    expect(pairs.split).toBe('no ⟳ next: break-out after reboot');
    expect(Object.fromEntries(settingPairs({ ...row, config }, [], null)).xg_speed).toBe(
      '10G (next 1G)',
    );
  });
});
