import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertResponsive,
  clearFaultAndRecover,
  DOWN,
  failEveryRequest,
  openDrill,
  RECOVERY_MS,
  ready,
  waitForHeader,
} from './drill.js';

const TIMEOUT = 800;

describe('drill: the device stops answering (requests hang)', () => {
  it('times requests out, says down with the data age and the timeout, answers keys, recovers', async () => {
    const d = await openDrill('ports', { timeoutMs: TIMEOUT });
    await ready(d, 'eth-0-1');
    await failEveryRequest(d, 'hang');
    // a GET is tried twice (one retry) before the poll counts as failed
    await assertFaultShown(d, {
      header: DOWN,
      within: 2 * TIMEOUT + 2000,
      keeps: 'eth-0-1',
      error: /timed out/,
    });
    await assertResponsive(d.ui);
    await waitForHeader(d, /data [2-9]s old/, 4000);
    // requests already hanging end at their timeout; the next poll answers
    await clearFaultAndRecover(d, TIMEOUT + RECOVERY_MS);
    expect(await d.writes()).toBe(0);
  });
});
