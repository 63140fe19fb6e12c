import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import { FleetPoller, reachability } from './fleet.js';
import { feedFleetFrom } from './fleet-feed.js';
import type { ResourceData } from './resources.js';
import { commitFailure, commitSuccess, createConsoleStore } from './store.js';

const never = {} as Client;
const identity = {
  name: 'pb-lab-01',
  model: 'PB-2800',
  imageVersion: '2.2.0',
} as unknown as ResourceData['identity'];

describe("the open device's fleet row, fed from its console", () => {
  it('passes on the answers the fleet shows (identity, rules, stats…), newer ones only', () => {
    let t = 1000;
    const poller = new FleetPoller([{ name: 'a', url: 'http://a/rest', client: never }], {
      now: () => t,
    });
    const store = createConsoleStore();
    // an answer the store held before this open is not passed on
    commitSuccess(store, 'flows', { used_flows: 1, maximum_flows: 10 }, 500);
    const stop = feedFleetFrom(poller, 'a', store, () => t);
    expect(poller.getState()[0]!.data.flows).toBeUndefined();
    t = 2000;
    commitSuccess(store, 'identity', identity, t);
    commitSuccess(store, 'rules', { rules: [] } as unknown as ResourceData['rules'], t);
    commitSuccess(store, 'flows', { used_flows: 7, maximum_flows: 10 }, t);
    const row = poller.getState()[0]!;
    expect(row.data.identity).toEqual({ name: 'pb-lab-01', model: 'PB-2800', firmware: '2.2.0' });
    expect(row.data.rules).toEqual([]);
    expect(row.data.flows).toEqual({ used_flows: 7, maximum_flows: 10 });
    expect(reachability(row, t)).toBe('live');
    // a failure of the console: the row reads down, until an answer comes again
    t = 3000;
    commitFailure(store, 'stats', 'cannot connect', 'connection', t);
    expect(reachability(poller.getState()[0]!, t)).toBe('down');
    expect(poller.getState()[0]!.error?.message).toBe('cannot connect');
    t = 4000;
    commitSuccess(store, 'stats', [], t);
    expect(reachability(poller.getState()[0]!, t)).toBe('live');
    // after unsubscribing, nothing more is passed on
    stop();
    commitSuccess(store, 'flows', { used_flows: 9, maximum_flows: 10 }, 5000);
    expect(poller.getState()[0]!.data.flows?.used_flows).toBe(7);
  });
});
