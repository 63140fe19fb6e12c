import { describe, expect, it } from 'vitest';
import {
  assertResponsive,
  connectionWord,
  INTERVAL,
  isLive,
  openDrill,
  ready,
  recovery,
  SLACK_MS,
  statusError,
} from './drill.js';

const LATENCY = 5000;

describe('drill: every answer takes 5 s', () => {
  it('keeps answering keys, shows the data stale with its age, no error; live again when fast', async () => {
    // a timeout above the latency: slow answers are answers (the hang drill covers timeouts)
    const d = await openDrill('overview', { timeoutMs: 8000 });
    await ready(d, 'Fans');
    const t0 = performance.now();
    await d.control('/_sim/fault', { latency_ms: LATENCY });
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    const stale = await d.ui.waitFor((f) => /^◌ stale [2-9]s$/.test(connectionWord(f)), 4000);
    expect(stale).toContain('Fans');
    expect(statusError(stale)).toBeUndefined(); // slow is not an error
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    d.ui.write('2'); // switching screens: from the data already held
    await d.ui.waitFor((f) => f.includes('[2 Ports]') && f.includes('eth-0-1'), 1000);
    d.ui.write('1');
    await d.ui.waitFor((f) => f.includes('[1 Overview]') && f.includes('Fans'), 1000);
    const t = performance.now();
    await d.control('/_sim/fault', { latency_ms: 0 });
    // the requests already waiting out their 5 s land first; the next polls are fast
    const bound = LATENCY - (t - t0) + 2 * INTERVAL + SLACK_MS;
    const ms = await recovery(d.ui, t, bound);
    const inFlight = LATENCY - (t - t0);
    console.log(
      `[drill] latency: ${Math.round(inFlight)} ms of it the last slow answers, ${Math.round(ms - inFlight)} ms after them`,
    );
    expect(ms).toBeLessThan(bound);
    await d.ui.waitFor(isLive, 100);
    expect(await d.writes()).toBe(0);
  });
});
