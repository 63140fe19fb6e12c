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

const TIMEOUT = 800;

describe('drill: the device stops answering (requests hang)', () => {
  it('times requests out, says down with the data age and the timeout, answers keys, recovers', async () => {
    const d = await openDrill('ports', { timeoutMs: TIMEOUT });
    await ready(d, 'eth-0-1');
    await d.control('/_sim/fault', { fail_next: 1_000_000, fail_next_mode: 'hang' });
    // a GET is tried twice (one retry) before the poll counts as failed
    const down = await d.ui.waitFor(
      (f) => /^✖ down \(data \d+s old\)$/.test(connectionWord(f)),
      2 * TIMEOUT + 2000,
    );
    expect(down).toContain('eth-0-1');
    expect(statusError(down)).toMatch(/timed out/);
    assertOneLineError(d, down);
    expect(await assertResponsive(d.ui)).toBeLessThan(1000);
    await d.ui.waitFor((f) => /data [2-9]s old/.test(connectionWord(f)), 4000);
    const t = performance.now();
    await d.control('/_sim/fault', { fail_next: 0 });
    // requests already hanging end at their timeout; the next poll answers
    const bound = TIMEOUT + 2 * INTERVAL + SLACK_MS;
    const ms = await recovery(d.ui, t, bound);
    expect(ms).toBeLessThan(bound);
    expect(await d.writes()).toBe(0);
  });
});
