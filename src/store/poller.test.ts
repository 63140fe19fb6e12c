import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import { Poller } from './poller.js';
import { createConsoleStore } from './store.js';

/** A client whose GET /rules/all answers only when the test says so, in any order. */
function deferredRules() {
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const client = {
    rules: {
      list: () => new Promise((resolve, reject) => pending.push({ resolve, reject })),
    },
  } as unknown as Client;
  const list = (name: string) => ({ rules: [{ name }], used_flows: 1 });
  return { client, pending, list };
}

const names = (store: ReturnType<typeof createConsoleStore>) =>
  store.getState().resources.rules.data?.rules.map((r) => r.name);

describe('Poller.refreshNow', () => {
  it('fetches now what was asked, though paused and not demanded, and resolves once committed', async () => {
    const d = deferredRules();
    const store = createConsoleStore();
    const poller = new Poller(d.client, store);
    poller.setPaused(true);
    let done = false;
    const refreshed = poller.refreshNow(['rules']).then(() => {
      done = true;
    });
    expect(d.pending).toHaveLength(1);
    expect(store.getState().resources.rules.inFlight).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    d.pending[0]!.resolve(d.list('after'));
    await refreshed;
    expect(names(store)).toEqual(['after']);
    poller.stop();
  });

  it('commits a failed refresh as a failure and still resolves', async () => {
    const d = deferredRules();
    const store = createConsoleStore();
    const poller = new Poller(d.client, store);
    const refreshed = poller.refreshNow(['rules']);
    d.pending[0]!.reject(new Error('connection reset'));
    await refreshed;
    const r = store.getState().resources.rules;
    expect(r.failures).toBe(1);
    expect(r.error?.message).toBe('connection reset');
    poller.stop();
  });

  it('a poll under way before the change, answering after the refresh, does not undo it', async () => {
    const d = deferredRules();
    const store = createConsoleStore();
    const poller = new Poller(d.client, store);
    poller.setDemand(['rules']); // the regular poll starts: its answer is the device before the write
    expect(d.pending).toHaveLength(1);
    const refreshed = poller.refreshNow(['rules']);
    expect(d.pending).toHaveLength(2);
    d.pending[1]!.resolve(d.list('after the write'));
    await refreshed;
    d.pending[0]!.resolve(d.list('before the write'));
    await new Promise((r) => setImmediate(r));
    expect(names(store)).toEqual(['after the write']);
    poller.stop();
  });
});
