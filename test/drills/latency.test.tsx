import { describe, expect, it } from 'vitest';
import {
  assertResponsive,
  connectionWord,
  EVENT_MS,
  INTERVAL,
  isLive,
  openDrill,
  pollsSince,
  pollsStarted,
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
    await assertResponsive(d.ui);
    const stale = await d.ui.waitFor((f) => /^◌ stale [2-9]s$/.test(connectionWord(f)), EVENT_MS);
    expect(stale).toContain('Fans');
    expect(statusError(stale)).toBeUndefined(); // slow is not an error
    await assertResponsive(d.ui);
    d.ui.write('2'); // switching screens: from the data already held
    await d.ui.waitFor((f) => f.includes('[2 Ports]') && f.includes('eth-0-1'), EVENT_MS);
    d.ui.write('1');
    await d.ui.waitFor((f) => f.includes('[1 Overview]') && f.includes('Fans'), EVENT_MS);
    const t = performance.now();
    const polls = pollsStarted(d);
    await d.control('/_sim/fault', { latency_ms: 0 });
    // the requests already waiting out their 5 s land first; the next polls are fast
    const bound = LATENCY - (t - t0) + 2 * INTERVAL + SLACK_MS;
    const ms = await recovery(d.ui, t, bound);
    const inFlight = LATENCY - (t - t0);
    console.log(
      `[drill] latency: ${Math.round(inFlight)} ms of it the last slow answers, ${Math.round(ms - inFlight)} ms after them`,
    );
    // the slow answers under way land, then the next fast poll: not a backoff's wait
    expect(pollsSince(d, polls)).toBeLessThanOrEqual(3);
    await d.ui.waitFor(isLive, EVENT_MS);
    expect(await d.writes()).toBe(0);
  });
});
