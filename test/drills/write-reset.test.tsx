import { describe, expect, it } from 'vitest';
import { INTERVAL, isLive, openDrill, ready, SLACK_MS, sleep } from './drill.js';

describe('drill: a confirmed write meets a connection reset', () => {
  it('sends it exactly once (no retry), shows the error, and sends nothing unconfirmed', async () => {
    const d = await openDrill('rules');
    await ready(d, 'PRIO');
    // pause polling, so the one request the device sees next is the write
    d.ui.write('p');
    await d.ui.waitFor((f) => f.includes('‖ paused'), 1000);
    while (Object.values(d.store.getState().resources).some((r) => r.inFlight)) await sleep(20);
    const status = async () => {
      const s = await d.control('/_sim/status');
      return { requests: s.requests as number, writes: s.writes as number };
    };
    const before = await status();
    expect(before.writes).toBe(0); // nothing written so far
    d.ui.write('z');
    await d.ui.waitFor((f) => f.includes('Reset rule counters — confirm'), 1000);
    await sleep(300);
    expect((await status()).writes).toBe(0); // a confirmation on screen sends nothing
    await d.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'reset' });
    d.ui.write('y');
    const done = await d.ui.waitFor((f) => f.includes('Reset rule counters — result'), 3000);
    expect(done).toContain('The change failed:');
    expect(done).toContain('DELETE /rules/counters → FAILED:');
    expect(done).toContain('closed before an answer');
    await sleep(1000); // a retry, if there were one, would have come by now
    const after = await status();
    console.log(
      '[drill] write reset:',
      done
        .split('\n')
        .filter((l) => /FAILED|closed|failed/i.test(l))
        .map((l) => l.replace(/^│ | *│$/g, ''))
        .join(' '),
    );
    // one write, not retried; plus the GET /rules/all that reads back what the device has
    expect(after.writes - before.writes).toBe(1);
    expect(after.requests - before.requests).toBe(2);
    // Enter closes the result; resuming polling brings the console back
    d.ui.write('\r');
    await d.ui.waitFor((f) => !f.includes('Reset rule counters — result'), 1000);
    d.ui.write('p');
    await d.ui.waitFor(isLive, 2 * INTERVAL + SLACK_MS);
    expect((await status()).writes).toBe(1);
  });
});
