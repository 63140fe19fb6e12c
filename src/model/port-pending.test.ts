import { describe, expect, it } from 'vitest';
import {
  describePortChange,
  needsReboot,
  pendingMarker,
  portPending,
  storageModePending,
} from './port-pending.js';

const port = (type: number, split: string, xg?: [string, string]) => ({
  type,
  split,
  ...(xg ? { xg_speed: { currSetting: xg[0], nextSetting: xg[1] } } : {}),
});

describe('pending port settings', () => {
  it('xg_speed waits while currSetting and nextSetting differ', () => {
    expect(portPending(port(4, 'default', ['XG', '1G']))).toEqual([
      { field: 'xg_speed', from: 'XG', to: '1G' },
    ]);
    expect(portPending(port(4, 'default', ['XG', 'XG']))).toEqual([]);
  });

  it('a split waits while the split setting does not match the port type', () => {
    expect(pendingMarker(port(8, 'sfp'))).toBe('⟳ next: split sfp after reboot');
    expect(portPending(port(9, 'sfp'))).toEqual([]);
    expect(portPending(port(10, 'default'))).toEqual([
      { field: 'split', from: 'break-out', to: 'default' },
    ]);
    expect(portPending(port(1, 'weird'))).toEqual([]);
  });

  it('describes a change by what the device reads back', () => {
    const after = port(4, 'default', ['XG', '1G']);
    expect(describePortChange({ speed: '1000', shutdown: true }, 4, after)).toEqual([
      'xg_speed XG → 1G pending — applies after reboot',
      'shutdown true',
    ]);
    expect(describePortChange({ speed: '1000' }, 4)).toEqual([
      'speed 1000 pending — applies after reboot',
    ]);
    expect(describePortChange({ speed: '1000' }, 11, port(11, 'default', ['1G', '1G']))).toEqual([
      'speed 1000',
    ]);
    expect(needsReboot(11, 'xg_speed')).toBe(false);
  });

  it('the rule storage mode waits while modeNext differs', () => {
    expect(storageModePending({ modeCurrent: 'simple', modeNext: 'ipv6' })).toBe(
      'simple → ipv6 pending — applies after reboot',
    );
    expect(storageModePending({ modeCurrent: 'ipv6', modeNext: 'ipv6' })).toBeNull();
  });
});
