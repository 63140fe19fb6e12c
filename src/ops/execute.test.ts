import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { Rule, RuleInput, RuleKey } from '../model/index.js';
import { Poller } from '../store/poller.js';
import { createConsoleStore } from '../store/store.js';
import { executePlan, type Plan } from './execute.js';
import { groupOps } from './groups.js';
import { ruleOps } from './rules.js';

const old: RuleInput = {
  name: 'old',
  priority: 10,
  match: { in_port: '1' },
  actions: ['output:2'],
};
const neu: RuleInput = {
  name: 'new',
  description: 'two words',
  priority: 20,
  match: { in_port: '1' },
  actions: ['output:2'],
};

/** A device double: rules in memory, add refused when `refuse` says so. */
function fakeDevice(refuse: (r: RuleInput) => string | null) {
  const rules: Rule[] = [
    {
      ...old,
      cookie: 1n,
      description: '',
      n_packets: 0n,
      n_bytes: 0n,
      datarate: '',
      datarate_raw: 0,
      real_flow_ct: 1,
    } as Rule,
  ];
  const calls: string[] = [];
  const client = {
    rules: {
      async add(r: RuleInput) {
        calls.push(`add ${r.name}`);
        const why = refuse(r);
        if (why) throw new Error(why);
        rules.push({
          ...r,
          cookie: 2n,
          description: r.description ?? '',
          n_packets: 0n,
          n_bytes: 0n,
          datarate: '',
          datarate_raw: 0,
          real_flow_ct: 3,
        } as Rule);
        return 'OK';
      },
      async remove(k: RuleKey) {
        calls.push(`remove ${k.priority}`);
        rules.splice(
          rules.findIndex((r) => r.priority === k.priority),
          1,
        );
        return 'OK';
      },
      async list() {
        calls.push('list');
        return { rules: [...rules], used_flows: rules.length };
      },
    },
    device: {
      async flowNumbers() {
        calls.push('flows');
        return { used_flows: rules.length, maximum_flows: 4096 };
      },
    },
  } as unknown as Client;
  const store = createConsoleStore();
  // a real poller, never started: only the executor's refresh reaches the device
  const poller = new Poller(client, store);
  return { executor: { client, store, poller }, calls, rules, store };
}

describe('operation descriptions', () => {
  it('print the request and its parameters as the query carries them', () => {
    expect(ruleOps.add(neu).describe()).toEqual([
      'POST /rules',
      'name=new description="two words" priority=20 match[in_port]=1 actions=output:2',
    ]);
    expect(ruleOps.remove(old).describe()).toEqual([
      'DELETE /rules',
      'priority=10 match[in_port]=1',
    ]);
    expect(groupOps.remove(4).describe()).toEqual(['DELETE /groups', 'group_id=4']);
  });
});

describe('executePlan', () => {
  const replace = (): Plan => ({
    title: 'Replace rule',
    steps: [ruleOps.remove(old), ruleOps.add(neu)],
    notes: [],
    rollback: { after: 0, step: ruleOps.add(old) },
    expect: { key: neu, flows: 1 },
    confirmWord: '',
  });

  it('sends the steps in order and compares the flow count with the preview', async () => {
    const d = fakeDevice(() => null);
    const r = await executePlan(d.executor, replace());
    expect(d.calls.slice(0, 2)).toEqual(['remove 10', 'add new']);
    expect(r.ok).toBe(true);
    expect(r.verdict).toBe(
      'the device uses 3 TCAM flows for it; the preview said 1 — the device is the authority',
    );
  });

  it('stops at a refusal and puts the deleted rule back', async () => {
    const d = fakeDevice((r) => (r.name === 'new' ? 'TCAM full' : null));
    const r = await executePlan(d.executor, replace());
    expect(d.calls.slice(0, 3)).toEqual(['remove 10', 'add new', 'add old']);
    expect(r.ok).toBe(false);
    expect(r.lines).toEqual([
      '1. DELETE /rules → OK',
      '2. POST /rules → FAILED: TCAM full',
      '   undo: POST /rules → OK (the old rule is back)',
    ]);
    expect(d.rules.map((x) => x.name)).toEqual(['old']);
  });

  it('after sending, the poller refreshes what the change affects into the store, once', async () => {
    const d = fakeDevice(() => null);
    await executePlan(d.executor, replace());
    expect(d.calls.slice(2).sort()).toEqual(['flows', 'list']);
    const s = d.store.getState().resources;
    expect(s.rules.data?.rules.map((x) => x.name)).toEqual(['new']);
    expect(s.flows.data?.used_flows).toBe(1);
  });

  it('gives no verdict when the rules cannot be read after the change', async () => {
    const d = fakeDevice(() => null);
    (d.executor.client.rules as unknown as { list: () => Promise<never> }).list = () =>
      Promise.reject(new Error('reset'));
    const r = await executePlan(d.executor, replace());
    expect(r.ok).toBe(true);
    expect(r.verdict).toBeUndefined();
    expect(d.store.getState().resources.rules.error?.message).toBe('reset');
  });
});
