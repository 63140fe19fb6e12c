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

async function run(
  poller: FleetPoller,
  clock: { t: number },
  seconds: number,
  everyTick: () => void = () => {},
) {
  for (let i = 0; i < seconds * 10; i++) {
    clock.t += 100;
    everyTick();
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

  it('with a device open, polls the others slower and the open one not at all', async () => {
    const clock = { t: 0 };
    const counts = new Map<string, number>();
    const devices = ['a', 'b', 'c'].map((name) => ({
      name,
      url: `http://${name}/rest`,
      client: fakeClient(() => counts.set(name, (counts.get(name) ?? 0) + 1)),
    }));
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 5);
    counts.clear();
    await run(poller, clock, 60);
    const shown = new Map(counts);
    poller.setOpen('b');
    counts.clear();
    await run(poller, clock, 60);
    expect(counts.get('b') ?? 0).toBe(0);
    expect(shown.get('a')!).toBeGreaterThan(3 * counts.get('a')!);
    expect(shown.get('c')!).toBeGreaterThan(3 * counts.get('c')!);
  });

  it('with a device open: leaves it to its console and counts that console in the 10 requests/s', async () => {
    const clock = { t: 0 };
    const fleet = new Map<string, number>();
    const devices = Array.from({ length: 100 }, (_, i) => ({
      name: `d${i}`,
      url: `http://d${i}/rest`,
      client: fakeClient(() => fleet.set(`d${i}`, (fleet.get(`d${i}`) ?? 0) + 1)),
    }));
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 5);
    poller.setOpen('d0');
    fleet.clear();
    // the open console: 3 requests a second to d0, each charged to the fleet's budget
    let console = 0;
    let i = 0;
    await run(poller, clock, 60, () => {
      if (i++ % 10 < 3) {
        console++;
        poller.charge(1);
      }
    });
    const others = [...fleet.values()].reduce((a, b) => a + b, 0);
    expect(fleet.get('d0') ?? 0).toBe(0);
    expect(console).toBe(180);
    // fleet and console together: 10 a second, plus one second's budget saved up before
    expect(others + console).toBeLessThanOrEqual(10 * 60 + 10);
    expect(others).toBeGreaterThan(300);
    // back on the fleet screen: the fleet polls it again
    poller.setOpen(null);
    await run(poller, clock, 120);
    expect(fleet.get('d0') ?? 0).toBeGreaterThan(0);
  });

  it("a console's requests beyond the budget are owed for at most ten seconds", async () => {
    const clock = { t: 0 };
    let requests = 0;
    const poller = new FleetPoller(
      [{ name: 'a', url: 'http://a/rest', client: fakeClient(() => requests++) }],
      { now: () => clock.t },
    );
    poller.charge(1000);
    // a debt of ten seconds' budget (100), whatever was charged
    await run(poller, clock, 9.9);
    expect(requests).toBe(0);
    await run(poller, clock, 2);
    expect(requests).toBeGreaterThan(0);
  });

  it('polls the rows the filter leaves out slower, and a row shown again at once', async () => {
    const clock = { t: 0 };
    const counts = new Map<string, number>();
    const devices = ['a', 'b', 'c'].map((name) => ({
      name,
      url: `http://${name}/rest`,
      client: fakeClient(() => counts.set(name, (counts.get(name) ?? 0) + 1)),
    }));
    const poller = new FleetPoller(devices, { now: () => clock.t });
    await run(poller, clock, 5);
    poller.setHidden(['a']);
    expect(poller.slowed('a')).toBe(true);
    expect(poller.slowed('b')).toBe(false);
    counts.clear();
    await run(poller, clock, 60);
    expect(counts.get('b')!).toBeGreaterThan(3 * counts.get('a')!);
    expect(counts.get('c')!).toBeGreaterThan(3 * counts.get('a')!);
    // shown again (the filter cleared): every resource of it is asked for now
    poller.setHidden([]);
    counts.clear();
    await run(poller, clock, 1);
    expect(counts.get('a')).toBe(10);
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

  it('a restarted device: its first sample after being down shows no rate, and says since when it failed', async () => {
    const clock = { t: 0 };
    let fail = false;
    let bytes = 10_000_000_000n;
    const stats = () => [
      {
        portnum: '1',
        ...Object.fromEntries(
          'rxpkts rxdrop rxerrs rxframe rxover rxcrc txpkts txdrop txerrs txcoll'
            .split(' ')
            .map((k) => [k, 0n]),
        ),
        rxbytes: bytes,
        txbytes: bytes,
      },
    ];
    const client = fakeClient(() => {
      if (fail) throw new Error('connection refused');
    });
    (client.ports as { stats: () => Promise<unknown> }).stats = async () => {
      if (fail) throw new Error('connection refused');
      return stats();
    };
    const poller = new FleetPoller([{ name: 'sim-3', url: 'http://s/rest', client }], {
      now: () => clock.t,
      intervals: { stats: 1000 },
    });
    await run(poller, clock, 3);
    const rate = () => poller.getState()[0]!.rates.rates.get('1');
    expect(rate()?.rxBps).toBe(0);
    fail = true;
    const downAt = clock.t;
    await run(poller, clock, 5);
    const down = poller.getState()[0]!;
    expect(reachability(down, clock.t)).toBe('down');
    expect(down.error?.since).toBeGreaterThan(downAt);
    expect(down.error?.since).toBeLessThan(down.error!.at);
    // back, with other counters: one sample is not a rate
    fail = false;
    bytes = 900_000_000_000n;
    await run(poller, clock, 60, () => {
      if (poller.getState()[0]!.data.stats?.[0]?.rxbytes === bytes) throw new Error('stop');
    }).catch(() => {});
    expect(poller.getState()[0]!.data.stats?.[0]?.rxbytes).toBe(bytes);
    expect(rate()?.rxBps ?? null).toBeNull();
    expect(rate()?.txBps ?? null).toBeNull();
  });
});
