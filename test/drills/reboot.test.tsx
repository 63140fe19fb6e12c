import { describe, expect, it } from 'vitest';
import {
  assertOneLineError,
  assertResponsive,
  connectionWord,
  INTERVAL,
  openDrill,
  ready,
  recovery,
  SLACK_MS,
  statusError,
} from './drill.js';

describe('drill: the device reboots (/_sim/reboot)', () => {
  it('shows stale data and the 503 while it reboots, answers keys, recovers once it is up', async () => {
    const d = await openDrill('overview');
    await ready(d, 'Fans');
    const res = await d.control('/_sim/reboot', { ms: 3500 });
    // the device is back at rebooting_until (epoch ms): measure recovery from then
    const back = performance.now() + ((res.rebooting_until as number) - Date.now());
    const stale = await d.ui.waitFor(
      (f) => /^◌ stale \d+s$/.test(connectionWord(f)) && statusError(f) !== undefined,
      3000,
    );
    expect(stale).toContain('Fans');
    expect(statusError(stale)).toMatch(/rebooting/);
    assertOneLineError(d, stale);
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    const ms = await recovery(d.ui, back, 2 * INTERVAL + SLACK_MS);
    expect(ms).toBeLessThan(2 * INTERVAL + SLACK_MS);
    expect(await d.writes()).toBe(0);
  });
});
