import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertRecovers,
  assertResponsive,
  connectionWord,
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
      within: 3000,
      keeps: 'Fans',
      error: /rebooting/,
    });
    expect(shown).not.toContain('● live');
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    // from the first 503 until the device is back, never "live"
    const during: string[] = [];
    while (performance.now() < back - 300) {
      during.push(connectionWord(d.ui.lastFrame()));
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(during.filter((w) => w !== '↻ rebooting')).toEqual([]);
    await assertRecovers(d, back);
    expect(await d.writes()).toBe(0);
  });
});
