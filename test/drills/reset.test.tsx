import { describe, expect, it } from 'vitest';
import {
  assertFaultShown,
  assertResponsive,
  clearFaultAndRecover,
  DOWN,
  failEveryRequest,
  openDrill,
  ready,
  waitForHeader,
} from './drill.js';

describe('drill: connection resets', () => {
  it('keeps the data, says down with its age and why, answers keys, recovers by itself', async () => {
    const d = await openDrill('ports');
    await ready(d, 'eth-0-1');
    await failEveryRequest(d, 'reset');
    await assertFaultShown(d, {
      header: DOWN,
      within: 5000,
      keeps: 'eth-0-1', // the table is still there
      error: /closed before an answer|reset/i,
    });
    await assertResponsive(d.ui);
    // the age counts up while it stays down
    await waitForHeader(d, /data [2-9]s old/, 4000);
    await clearFaultAndRecover(d);
    expect(await d.writes()).toBe(0);
  });
});
