import { describe, expect, it } from 'vitest';
import { LOG_CAPACITY } from '../../src/store/logbuffer.js';
import { assertResponsive, EVENT_MS, isLive, openDrill, ready } from './drill.js';

describe('drill: log floods', () => {
  it('a burst of 10,000 lines: the tail shows the newest within two polls, keys keep working', async () => {
    const d = await openDrill('logs');
    await ready(d, 'following');
    const t = performance.now();
    const polls = d.current().poller.started.get('log') ?? 0;
    await d.control('/_sim/log', { count: 10_000, length: 100 });
    const f = await d.ui.waitFor((x) => x.includes('generated line 10000 of 10000'), EVENT_MS);
    const ms = performance.now() - t;
    console.log(`[drill] 10,000 log lines shown after ${Math.round(ms)} ms`);
    // within two polls of the log (one may have been under way), counted, not timed
    expect((d.current().poller.started.get('log') ?? 0) - polls).toBeLessThanOrEqual(2);
    expect(isLive(f)).toBe(true);
    // the device keeps 5000; the console holds what it saw, bounded
    const held = d.store.getState().log.lines.length;
    expect(held).toBeGreaterThanOrEqual(5000);
    expect(held).toBeLessThanOrEqual(LOG_CAPACITY);
    await assertResponsive(d.ui);
    const t1 = performance.now();
    d.ui.write('g'); // the oldest line held
    await d.ui.waitFor((x) => x.includes('paused') && !x.includes('line 10000 of'), EVENT_MS);
    d.ui.write('G');
    await d.ui.waitFor((x) => x.includes('following') && x.includes('line 10000 of'), EVENT_MS);
    console.log(`[drill] 10,000 lines: top and back in ${Math.round(performance.now() - t1)} ms`);
    expect(await d.writes()).toBe(0);
  });

  it('a 100 KB line: clipped to the width, wrap on/off stays prompt, no error', async () => {
    const d = await openDrill('logs');
    await ready(d, 'following');
    const huge = `huge-line ${'0123456789'.repeat(10_000)} end-of-huge-line`;
    const polls = d.current().poller.started.get('log') ?? 0;
    await d.control('/_sim/log', { lines: [huge, 'after the huge line'] });
    const f = await d.ui.waitFor(
      (x) => x.includes('huge-line 0123') && x.includes('after the huge line'),
      EVENT_MS,
    );
    // within two polls of the log (one may have been under way), counted, not timed
    expect((d.current().poller.started.get('log') ?? 0) - polls).toBeLessThanOrEqual(2);
    for (const line of f.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    await assertResponsive(d.ui);
    const t = performance.now();
    d.ui.write('w'); // wrap: the line takes rows (at most 50), the screen still fits
    const wrapped = await d.ui.waitFor((x) => x.includes('· wrap'), EVENT_MS);
    const wrapMs = performance.now() - t;
    for (const line of wrapped.split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    expect(wrapped.split('\n').length).toBeLessThanOrEqual(30);
    d.ui.write('w');
    await d.ui.waitFor((x) => !x.includes('· wrap'), EVENT_MS);
    console.log(`[drill] 100 KB line: wrap on in ${Math.round(wrapMs)} ms`);
    expect(isLive(d.ui.lastFrame())).toBe(true);
    expect(await d.writes()).toBe(0);
  });
});
