import { describe, expect, it } from 'vitest';
import { devicePairs, modePairs } from './pairs.js';

describe('the Overview device and modes', () => {
  it('shows – for each figure not read yet', () => {
    expect(devicePairs(undefined, undefined).every(([, v]) => v === '–')).toBe(true);
    expect(modePairs(undefined, '–').map(([k, v]) => `${k}=${v}`)).toEqual([
      'Storage=–',
      'Permanent=–',
      'UAC=–',
    ]);
  });

  it("says what permanent mode means for the operator's rules", () => {
    const settings = (permanent: boolean) =>
      ({ storage: { modeCurrent: 'L2-L4', modeNext: 'L2-L4' }, permanent }) as never;
    expect(modePairs(settings(true), 'off')).toContainEqual([
      'Permanent',
      'on: rules survive reboot',
    ]);
    expect(modePairs(settings(false), 'off')).toContainEqual(['Permanent', 'off: boot save-point']);
    expect(modePairs(settings(false), 'off')).toContainEqual(['Storage', 'L2-L4 (next L2-L4)']);
  });

  it('memory as the percent used of the total, load to two places', () => {
    const system = {
      memory: { total: 2048 * 1024, free: 512 * 1024 },
      load: { average_1m: 0.5, average_5m: 1, average_15m: 0.125 },
    } as never;
    const pairs = Object.fromEntries(devicePairs(undefined, system));
    expect(pairs.Memory).toBe('75% used of 2048 MiB');
    expect(pairs.Load).toBe('0.50 1.00 0.13');
  });
});
