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

describe('drill: connection resets', () => {
  it('keeps the data, says down with its age and why, answers keys, recovers by itself', async () => {
    const d = await openDrill('ports');
    await ready(d, 'eth-0-1');
    await d.control('/_sim/fault', { fail_next: 1_000_000, fail_next_mode: 'reset' });
    const down = await d.ui.waitFor(
      (f) => /^✖ down \(data \d+s old\)$/.test(connectionWord(f)),
      5000,
    );
    expect(down).toContain('eth-0-1'); // the table is still there
    expect(statusError(down)).toMatch(/closed before an answer|reset/i);
    assertOneLineError(d, down);
    await assertResponsive(d.ui);
    // the age counts up while it stays down
    await d.ui.waitFor((f) => /data [2-9]s old/.test(connectionWord(f)), 4000);
    const t = performance.now();
    await d.control('/_sim/fault', { fail_next: 0 });
    const ms = await recovery(d.ui, t, 2 * INTERVAL + SLACK_MS);
    expect(ms).toBeLessThan(2 * INTERVAL + SLACK_MS);
    expect(await d.writes()).toBe(0);
  });
});
