import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertRecovers,
  assertResponsive,
  openDrill,
  ready,
  STALE,
} from './drill.js';

describe('drill: the device reboots (/_sim/reboot)', () => {
  it('shows stale data and the 503 while it reboots, answers keys, recovers once it is up', async () => {
    const d = await openDrill('overview');
    await ready(d, 'Fans');
    const res = await d.control('/_sim/reboot', { ms: 3500 });
    // the device is back at rebooting_until (epoch ms): measure recovery from then
    const back = performance.now() + ((res.rebooting_until as number) - Date.now());
    await assertFaultShown(d, {
      header: STALE,
      withError: true,
      within: 3000,
      keeps: 'Fans',
      error: /rebooting/,
    });
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    await assertRecovers(d, back);
    expect(await d.writes()).toBe(0);
  });
});
