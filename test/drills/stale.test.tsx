/**
 * Figures older than their poll interval are marked stale where they are shown, never
 * presented as current: while every answer takes 5 s, the Overview's sections say
 * `◌ stale Ns`, the port rates ("Top", "Errors/drops now") become '–', the Ports table
 * shows no rates, and the Rules screen says its counters are stale; all of it goes away
 * once the device answers in time again.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_MS, openDrill, ready } from './drill.js';

/** The screen between the tab bar and the status bar. */
const body = (f: string) => f.split('\n').slice(3, -2).join('\n');

describe('drill: figures older than their poll interval', () => {
  it('are marked stale on Overview, Ports and Rules, and fresh again when the device answers', async () => {
    const d = await openDrill('overview', { timeoutMs: 10_000 });
    await ready(d, 'Fans');
    // rates exist: two samples of the counters
    await d.ui.waitFor(
      (f) => /Top talkers[^\n]*\n.*?(›| ) eth-\S+ {2}.*\brx \S+ tx \S+/.test(f),
      5000,
    );
    expect(body(d.ui.lastFrame())).not.toContain('stale');
    await d.control('/_sim/fault', { latency_ms: 6000 });
    // staleAfter(400 ms) = 2.4 s: each section says so, with the figures' age
    const f = await d.ui.waitFor(
      (x) =>
        /Environment ◌ stale [2-9]s/.test(x) &&
        /Ports ◌ stale [2-9]s/.test(x) &&
        /Device ◌ stale [2-9]s/.test(x) &&
        /TCAM ◌ stale [2-9]s/.test(x),
      5000,
    );
    expect(f).toContain('Fans'); // the last figures stay, marked
    // a frozen rate is not "now": gone once the port counters themselves are stale (the Ports
    // section is marked when its port list or its counters are: the list's last answer may be
    // the older one, by up to a poll)
    const frozen = await d.ui.waitFor(
      (x) => /Top talkers[^\n]*\n.*? {2}–/.test(x) && /Errors\/drops now\s*\n.*? {2}–/.test(x),
      EVENT_MS,
    );
    expect(frozen).toMatch(/Ports ◌ stale [2-9]s/);
    expect(frozen).not.toMatch(/\brx \S+ tx \S+/);
    d.ui.write('2');
    const ports = await d.ui.waitFor(
      (x) => x.includes('[2 Ports]') && x.includes('eth-0-1'),
      EVENT_MS,
    );
    const row = ports.split('\n').find((l) => l.includes('eth-0-1 ')) ?? '';
    expect(row).toMatch(/\s–\s+–\s+–\s+–\s/); // rx/tx bit and packet rates: none
    d.ui.write('3');
    // the Rules screen's first answer is still on its way (6 s): wait for it, then for it to age
    await d.ui.waitFor((x) => /\d rules ◌ counters stale [2-9]s/.test(x), 15_000);
    await d.control('/_sim/fault', { latency_ms: 0 });
    await d.ui.waitFor((x) => x.includes('rules') && !body(x).includes('stale'), EVENT_MS);
    d.ui.write('1');
    await d.ui.waitFor(
      (x) =>
        x.includes('Fans') && !body(x).includes('stale') && /Top talkers[^\n]*\n.*? eth-/.test(x),
      10_000,
    );
    expect(await d.writes()).toBe(0);
  }, 90_000);
});
