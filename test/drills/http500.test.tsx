import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertResponsive,
  clearFaultAndRecover,
  EVENT_MS,
  failEveryRequest,
  openDrill,
  ready,
  STALE,
  waitForHeader,
} from './drill.js';

describe('drill: every request answers 500', () => {
  it('shows stale data with its age and the device error, answers keys, recovers by itself', async () => {
    const d = await openDrill('overview');
    await ready(d, 'Fans');
    await failEveryRequest(d, '500');
    // a 500 is an answer, not an outage: the data goes stale (older than 2 intervals + 1 s)
    await assertFaultShown(d, {
      header: STALE,
      withError: true,
      within: EVENT_MS,
      keeps: 'Fans', // the overview is still there
      error: /simulated internal failure/,
    });
    await assertResponsive(d.ui);
    // switching screens works while the device fails; the new screen says it cannot load
    d.ui.write('2');
    await d.ui.waitFor((f) => f.includes('[2 Ports]'), EVENT_MS);
    await waitForHeader(d, /^◌ stale [2-9]s$/, EVENT_MS);
    await clearFaultAndRecover(d);
    expect(d.ui.lastFrame()).toContain('eth-0-1');
    expect(await d.writes()).toBe(0);
  });
});
