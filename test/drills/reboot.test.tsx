import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertRecovers,
  assertResponsive,
  connectionWord,
  EVENT_MS,
  openDrill,
  ready,
} from './drill.js';

describe('drill: the device reboots (/_sim/reboot)', () => {
  it('says rebooting (not live, not down) while the device answers 503, answers keys, recovers once it is up', async () => {
    const d = await openDrill('overview');
    await ready(d, 'Fans');
    const res = await d.control('/_sim/reboot', { ms: 3500 });
    // the device is back at rebooting_until (epoch ms): measure recovery from then
    const back = performance.now() + ((res.rebooting_until as number) - Date.now());
    const shown = await assertFaultShown(d, {
      header: /^↻ rebooting$/,
      withError: true,
      within: EVENT_MS,
      keeps: 'Fans',
      error: /rebooting/,
    });
    expect(shown).not.toContain('● live');
    const from = d.ui.frames.lastIndexOf(shown);
    await assertResponsive(d.ui);
    await assertRecovers(d, back);
    // every frame from the first 503 until the device is back said rebooting: never live
    // before it was, never down or stale (each frame drawn, not a sample every 100 ms)
    const words = d.ui.frames.slice(from).map(connectionWord);
    const live = words.indexOf('● live');
    expect(live).toBeGreaterThan(0);
    expect(words.slice(0, live).filter((w) => !/^↻ rebooting/.test(w))).toEqual([]);
    expect(await d.writes()).toBe(0);
  });
});
