import { describe, expect, it, vi } from 'vitest';
import { untilStore } from '../harness/console.js';
import { EVENT_MS, isLive, openDrill, ready } from './drill.js';

describe('drill: a confirmed write meets a connection reset', () => {
  it('sends it exactly once (no retry), shows the error, and sends nothing unconfirmed', async () => {
    const d = await openDrill('rules');
    await ready(d, 'PRIO');
    // pause polling, so the one request the device sees next is the write
    d.ui.write('p');
    await d.ui.waitFor((f) => f.includes('‖ paused'), EVENT_MS);
    await untilStore(d.store, (s) => Object.values(s.resources).every((r) => !r.inFlight));
    const status = async () => {
      const s = await d.control('/_sim/status');
      return { requests: s.requests as number, writes: s.writes as number };
    };
    const before = await status();
    expect(before.writes).toBe(0); // nothing written so far
    d.ui.write('z');
    await d.ui.waitFor((f) => f.includes('Reset rule counters — confirm'), EVENT_MS);
    // the z handled, its frame drawn: the confirmation waits and nothing was sent
    expect(await d.ui.settle()).toContain('Reset rule counters — confirm');
    expect((await status()).writes).toBe(0); // a confirmation on screen sends nothing
    await d.control('/_sim/fault', { fail_next: 1, fail_next_mode: 'reset' });
    d.ui.write('y');
    const done = await d.ui.waitFor((f) => f.includes('Reset rule counters — result'), EVENT_MS);
    expect(done).toContain('The change failed:');
    expect(done).toContain('DELETE /rules/counters → FAILED:');
    expect(done).toContain('closed before an answer');
    // the write failed before its result was drawn (a write is never retried by the
    // transport); the read-back follows: wait for it, then count
    await vi.waitFor(
      async () => expect((await status()).requests).toBeGreaterThanOrEqual(before.requests + 2),
      { timeout: EVENT_MS },
    );
    await d.ui.settle();
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
    await d.ui.waitFor((f) => !f.includes('Reset rule counters — result'), EVENT_MS);
    d.ui.write('p');
    await d.ui.waitFor(isLive, EVENT_MS);
    expect((await status()).writes).toBe(1);
  });
});
