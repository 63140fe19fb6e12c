import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { backoff, connectionOf, Poller } from '../../src/store/poller.js';
import { createConsoleStore } from '../../src/store/store.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(pred: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await sleep(20);
  }
}

let sim: SimServer;
let client: Client;

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  client = createClient({ url: sim.url, timeoutMs: 500 });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

const fast = { stats: 80, log: 80, flows: 80, identity: 1000, access: 1000, info: 80 };

describe('poller', () => {
  it('polls only the visible screen resources plus the header', async () => {
    const store = createConsoleStore();
    const poller = new Poller(client, store, { intervals: fast });
    poller.setDemand(['stats']);
    poller.start();
    // the header's identity (every 1000 ms) is committed too: on a busy machine its first
    // answer may come after three polls of stats
    await until(
      () =>
        (poller.started.get('stats') ?? 0) >= 3 &&
        store.getState().resources.identity.data !== undefined,
    );
    expect(poller.started.get('log')).toBeUndefined();
    expect(store.getState().resources.stats.data?.length).toBeGreaterThan(20);
    expect(store.getState().resources.identity.data?.model).toBe('PB-2800');
    poller.setDemand(['log']);
    const statsBefore = poller.started.get('stats') ?? 0;
    await until(() => (poller.started.get('log') ?? 0) >= 3);
    // three more polls of log (80 ms apart, the interval stats had): stats would have polled
    const logNow = poller.started.get('log') ?? 0;
    await until(() => (poller.started.get('log') ?? 0) >= logNow + 3);
    expect(poller.started.get('stats')).toBe(statsBefore);
    expect(store.getState().log.lines.length).toBeGreaterThan(0);
    poller.stop();
  });

  it('derives rates from two samples', async () => {
    const store = createConsoleStore();
    const poller = new Poller(client, store, { intervals: { ...fast, stats: 300 } });
    poller.setDemand(['stats']);
    poller.start();
    await until(() => [...store.getState().rates.rates.values()].some((r) => (r.rxBps ?? 0) > 0));
    poller.stop();
  });

  it('keeps data, marks the device down, backs off, and recovers when it answers again', async () => {
    const store = createConsoleStore();
    const poller = new Poller(client, store, {
      intervals: { ...fast, stats: 100 },
      random: () => 0.5,
    });
    poller.setDemand(['stats']);
    poller.start();
    await until(() => store.getState().resources.stats.data !== undefined);
    await fetch(`${sim.url.replace('/rest', '')}/_sim/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: 1_000_000, fail_next_mode: 'reset' }),
    });
    // what the device last answered: polls still succeed until the fault is in place (the
    // request above can take 100–200 ms on a busy machine), and one request is in flight at a
    // time, so after the first failure nothing can replace the data any more
    await until(() => store.getState().resources.stats.failures >= 1, 5000);
    const kept = store.getState().resources.stats.data;
    expect(kept).toBeDefined();
    await until(() => store.getState().resources.stats.failures >= 2, 5000);
    const s = store.getState();
    expect(s.resources.stats.data).toBe(kept);
    expect(s.resources.stats.error?.kind).toBe('connection');
    expect(connectionOf(s.resources, ['stats'], (k) => poller.interval(k), Date.now()).state).toBe(
      'down',
    );
    expect(s.lastError?.message).toMatch(/reset|connection/i);
    const startedWhileDown = poller.started.get('stats') ?? 0;
    // flows, the heartbeat (80 ms, the fastest demanded), keeps its interval while failing:
    // during 8 of its polls stats would poll about 8 times at 100 ms without backoff; backing
    // off (400, 800, 1600 ms after its 2nd, 3rd, 4th failure) at most 3 times
    const beats = poller.started.get('flows') ?? 0;
    await until(() => (poller.started.get('flows') ?? 0) >= beats + 8);
    expect((poller.started.get('stats') ?? 0) - startedWhileDown).toBeLessThanOrEqual(3);
    await fetch(`${sim.url.replace('/rest', '')}/_sim/fault`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fail_next: 0 }),
    });
    poller.refresh();
    // every resource that failed during the outage (the header's too) answers again
    await until(
      () =>
        store.getState().resources.stats.failures === 0 && store.getState().lastError === undefined,
      8000,
    );
    const after = store.getState();
    expect(after.resources.stats.data).not.toBe(kept);
    expect(after.lastError).toBeUndefined();
    expect(
      connectionOf(after.resources, ['stats'], (k) => poller.interval(k), Date.now()).state,
    ).toBe('live');
    poller.stop();
  });

  it('while failing, the fastest resource keeps its interval; its first answer brings the rest back', async () => {
    const store = createConsoleStore();
    const intervals = { stats: 50, identity: 500, access: 500, flows: 500 };
    const poller = new Poller(client, store, { intervals, random: () => 0.5 });
    poller.setDemand(['stats']);
    poller.start();
    await until(() =>
      ['stats', 'identity', 'access', 'flows'].every(
        (k) => store.getState().resources[k as 'stats'].data !== undefined,
      ),
    );
    const control = (body: object) =>
      fetch(`${sim.url.replace('/rest', '')}/_sim/fault`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await control({ fail_next: 1_000_000, fail_next_mode: 'reset' });
    // access backs off: 1000 ms after its first failure, 2000 ms after its second
    await until(() => store.getState().resources.access.failures >= 2, 5000);
    await control({ fail_next: 0 });
    const heartbeats = poller.started.get('stats') ?? 0;
    await until(() => store.getState().resources.access.failures === 0, 10_000);
    // back with the heartbeat's first answer (stats, every 50 ms: one may have been under way),
    // not at the end of access's 2 s backoff (some 40 heartbeats later) — counted, not timed
    expect((poller.started.get('stats') ?? 0) - heartbeats).toBeLessThanOrEqual(3);
    poller.stop();
  });

  it('drops the last error of a resource no longer polled once a polled one answers', async () => {
    const store = createConsoleStore();
    store.setState({
      lastError: { message: 'GET /device/environment failed: x', at: 0, key: 'environment' },
    });
    const poller = new Poller(client, store, { intervals: fast });
    poller.setDemand(['stats']);
    poller.start();
    await until(() => store.getState().resources.stats.data !== undefined);
    expect(store.getState().lastError).toBeUndefined();
    poller.stop();
  });

  it('pausing stops all requests; resuming refreshes', async () => {
    const store = createConsoleStore();
    const poller = new Poller(client, store, { intervals: fast });
    poller.setDemand(['stats']);
    poller.start();
    await until(() => (poller.started.get('stats') ?? 0) >= 1);
    poller.setPaused(true);
    expect(store.getState().paused).toBe(true);
    // nothing scheduled: once the request under way lands, none can start (not "none in 300 ms")
    expect(poller.scheduled()).toBe(0);
    await until(() => !store.getState().resources.stats.inFlight);
    const n = poller.started.get('stats');
    expect(poller.scheduled()).toBe(0); // the answer that landed scheduled no next poll
    poller.setPaused(false);
    await until(() => (poller.started.get('stats') ?? 0) > (n ?? 0));
    poller.stop();
  });
});

describe('backoff', () => {
  it('doubles per failure, caps at 60 s, jitters ±25 %', () => {
    expect(backoff(2000, 0)).toBe(2000);
    expect(backoff(2000, 1, () => 0.5)).toBe(4000);
    expect(backoff(2000, 3, () => 0.5)).toBe(16000);
    expect(backoff(2000, 20, () => 0.5)).toBe(60000);
    expect(backoff(2000, 1, () => 0)).toBe(3000);
    expect(backoff(2000, 1, () => 1)).toBe(5000);
  });
  it('says stale when the freshest data is older than twice its interval', () => {
    const r = createConsoleStore().getState().resources;
    const res = { ...r, stats: { ...r.stats, updatedAt: 0 } };
    expect(connectionOf(res, ['stats'], () => 2000, 3000).state).toBe('live');
    expect(connectionOf(res, ['stats'], () => 2000, 6000)).toEqual({ state: 'stale', ageMs: 6000 });
    expect(connectionOf(r, ['stats'], () => 2000, 6000).state).toBe('connecting');
  });
});
