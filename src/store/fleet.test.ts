import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import { FleetPoller, reachability } from './fleet.js';

/** A client whose every read answers at once, counting requests per device. */
function fakeClient(count: () => void, fail = false): Client {
  const answer =
    <T>(v: T) =>
    async () => {
      count();
      if (fail) throw new Error('cannot connect');
      return v;
    };
  return {
    device: {
      name: answer('pb'),
      model: answer('PB-2800'),
      imageVersion: answer('2.2'),
      flowNumbers: answer({ used_flows: 10, maximum_flows: 100 }),
      environment: answer({ fan: [], psu: [], temp_sensors: [] }),
    },
    ports: { stats: answer([]), info: answer([]), config: answer([]) },
    rules: { list: answer({ rules: [] }) },
    groups: { list: answer([]) },
  } as unknown as Client;
}

async function run(poller: FleetPoller, clock: { t: number }, seconds: number) {
  for (let i = 0; i < seconds * 10; i++) {
    clock.t += 100;
    poller.tick();
    for (let j = 0; j < 5; j++) await Promise.resolve();
  }
}

describe('the fleet poller', () => {
  it('keeps 100 devices within 10 requests a second in total', async () => {
    const clock = { t: 0 };
    let requests = 0;
    const devices = Array.from({ length: 100 }, (_, i) => ({
      name: `d${i}`,
      url: `http://d${i}/rest`,
      client: fakeClient(() => requests++),
    }));
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 60);
    // one second's budget may be spent at once, then 10 a second
    expect(requests).toBeGreaterThan(500);
    expect(requests).toBeLessThanOrEqual(10 * 60 + 10);
  });

  it('polls the devices that are not open slower than the open one', async () => {
    const clock = { t: 0 };
    const counts = new Map<string, number>();
    const devices = ['a', 'b', 'c'].map((name) => ({
      name,
      url: `http://${name}/rest`,
      client: fakeClient(() => counts.set(name, (counts.get(name) ?? 0) + 1)),
    }));
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 5);
    poller.setOpen('b');
    counts.clear();
    await run(poller, clock, 60);
    expect(counts.get('b')!).toBeGreaterThan(3 * counts.get('a')!);
    expect(counts.get('b')!).toBeGreaterThan(3 * counts.get('c')!);
  });

  it('calls a device that does not answer down, one that answered live', async () => {
    const clock = { t: 0 };
    const devices = [
      { name: 'up', url: 'http://up/rest', client: fakeClient(() => {}) },
      { name: 'gone', url: 'http://gone/rest', client: fakeClient(() => {}, true) },
    ];
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 2);
    const [up, gone] = poller.getState();
    expect(reachability(up!, clock.t)).toBe('live');
    expect(reachability(gone!, clock.t)).toBe('down');
    expect(reachability(up!, clock.t + 60_000)).toBe('stale');
  });
});
