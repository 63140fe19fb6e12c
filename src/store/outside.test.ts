import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import { ITEMS_KEPT, observe, outsideText } from './outside.js';
import { Poller } from './poller.js';
import { createConsoleStore } from './store.js';

/** A client whose GET /rules/all answers only when the test says so. */
function deferredRules() {
  const pending: ((v: unknown) => void)[] = [];
  const client = {
    rules: { list: () => new Promise((resolve) => pending.push(resolve)) },
  } as unknown as Client;
  const rule = (priority: number) => ({ priority, match: {}, name: `r${priority}`, actions: [] });
  const list = (...ps: number[]) => ({ rules: ps.map(rule), used_flows: ps.length });
  const answer = async (...ps: number[]) => {
    pending.shift()!(list(...ps));
    await new Promise((r) => setImmediate(r));
  };
  return { client, pending, answer };
}

function setup() {
  const d = deferredRules();
  const store = createConsoleStore();
  const poller = new Poller(d.client, store);
  const observed = () => store.getState().observed.map(outsideText);
  /** A refresh of the rules (a poll) answered with these priorities. */
  const poll = async (...ps: number[]) => {
    void poller.refreshNow(['rules']);
    await d.answer(...ps);
  };
  return { d, store, poller, observed, poll };
}

describe('changes from outside', () => {
  it('a difference between two polls with no write of ours is someone else’s', async () => {
    const { poller, observed, poll } = setup();
    await poll(1, 2);
    await poll(1, 3);
    expect(observed()).toEqual(['rules changed outside this console: +1 −1 ~0 · J']);
    poller.stop();
  });

  it('our write between two polls is never outside, its refresh neither', async () => {
    const { poller, observed, poll } = setup();
    await poll(1);
    const ended = poller.writing(['rules']);
    await poll(1, 2); // the journal's state after
    ended();
    await poll(1, 2); // the executor's refresh at the end
    expect(observed()).toEqual([]);
    poller.stop();
  });

  it('a poll begun before our write and answered during it is not outside', async () => {
    const { d, poller, observed, poll } = setup();
    await poll(1);
    poller.setDemand(['rules']); // a regular poll, under way when the write begins
    const ended = poller.writing(['rules']);
    await d.answer(1, 2); // the device answered it after applying our write
    ended();
    expect(observed()).toEqual([]);
    poller.stop();
  });

  it('after our write, the next change between polls is outside again', async () => {
    const { poller, observed, poll } = setup();
    await poll(1);
    poller.writing(['rules'])();
    await poll(1, 2);
    await poll(2);
    expect(observed()).toEqual(['rules changed outside this console: +0 −1 ~0 · J']);
    poller.stop();
  });

  it('a write of another resource does not hide a change of the rules', async () => {
    const { poller, observed, poll } = setup();
    await poll(1);
    poller.writing(['config'])();
    await poll(1, 2);
    expect(observed()).toHaveLength(1);
    poller.stop();
  });
});

describe('a new connection', () => {
  it('does not compare its first answer with the data another connection left', async () => {
    const { d, store, poller, poll } = setup();
    await poll(1);
    poller.stop();
    // :connect to another device: a new poller, the store's data kept
    const next = new Poller(d.client, store);
    void next.refreshNow(['rules']);
    await d.answer(7, 8);
    void next.refreshNow(['rules']);
    await d.answer(7);
    expect(store.getState().observed.map((o) => [o.added, o.removed])).toEqual([[0, 1]]);
    next.stop();
  });
});

describe('observe', () => {
  it('counts every object and names the first ITEMS_KEPT, added first', () => {
    const list = (ps: number[]) =>
      ({
        rules: ps.map((p) => ({ priority: p, match: { in_port: '1' }, name: '', actions: [] })),
        used_flows: ps.length,
      }) as never;
    const many = Array.from({ length: 20 }, (_, i) => 100 + i);
    const o = observe('rules', list([1]), list(many), 5);
    expect(o).toMatchObject({ what: 'rules', at: 5, added: 20, removed: 1, changed: 0 });
    expect(o?.items).toHaveLength(ITEMS_KEPT);
    expect(o?.items[0]).toBe('+ rule priority 100 in_port=1');
    expect(observe('rules', list([1]), list([1]), 5)).toBeUndefined();
  });
});
