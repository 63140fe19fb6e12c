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

describe('drill: every request answers 500', () => {
  it('shows stale data with its age and the device error, answers keys, recovers by itself', async () => {
    const d = await openDrill('overview');
    await ready(d, 'Fans');
    await d.control('/_sim/fault', { fail_next: 1_000_000, fail_next_mode: '500' });
    // a 500 is an answer, not an outage: the data goes stale (older than 2 intervals + 1 s)
    const stale = await d.ui.waitFor(
      (f) => /^◌ stale \d+s$/.test(connectionWord(f)) && statusError(f) !== undefined,
      5000,
    );
    expect(stale).toContain('Fans'); // the overview is still there
    expect(statusError(stale)).toMatch(/simulated internal failure/);
    assertOneLineError(d, stale);
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    // switching screens works while the device fails; the new screen says it cannot load
    d.ui.write('2');
    await d.ui.waitFor((f) => f.includes('[2 Ports]'), 1000);
    await d.ui.waitFor((f) => /^◌ stale [2-9]s$/.test(connectionWord(f)), 4000);
    const t = performance.now();
    await d.control('/_sim/fault', { fail_next: 0 });
    const ms = await recovery(d.ui, t, 2 * INTERVAL + SLACK_MS);
    expect(ms).toBeLessThan(2 * INTERVAL + SLACK_MS);
    expect(d.ui.lastFrame()).toContain('eth-0-1');
    expect(await d.writes()).toBe(0);
  });
});
