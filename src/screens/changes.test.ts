import { describe, expect, it } from 'vitest';
import type { Client } from '../api/index.js';
import type { Rule, RuleInput, RuleKey } from '../model/index.js';
import { describeStep, executePlan, type Plan } from './changes.js';

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
function fakeClient(refuse: (r: RuleInput) => string | null) {
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
        return { rules: [...rules], used_flows: rules.length };
      },
    },
  } as unknown as Client;
  return { client, calls, rules };
}

describe('describeStep', () => {
  it('prints the request and its parameters as the query carries them', () => {
    expect(describeStep({ kind: 'ruleAdd', rule: neu })).toEqual([
      'POST /rules',
      'name=new description="two words" priority=20 match[in_port]=1 actions=output:2',
    ]);
    expect(describeStep({ kind: 'ruleDelete', key: old, name: 'old' })).toEqual([
      'DELETE /rules',
      'priority=10 match[in_port]=1',
    ]);
    expect(describeStep({ kind: 'groupDelete', id: 4 })).toEqual(['DELETE /groups', 'group_id=4']);
  });
});

describe('executePlan', () => {
  const replace = (): Plan => ({
    title: 'Replace rule',
    steps: [
      { kind: 'ruleDelete', key: old, name: 'old' },
      { kind: 'ruleAdd', rule: neu },
    ],
    notes: [],
    rollback: { after: 0, step: { kind: 'ruleAdd', rule: old } },
    expect: { key: neu, flows: 1 },
    confirmWord: '',
  });

  it('sends the steps in order and compares the flow count with the preview', async () => {
    const d = fakeClient(() => null);
    const r = await executePlan(d.client, replace());
    expect(d.calls).toEqual(['remove 10', 'add new']);
    expect(r.ok).toBe(true);
    expect(r.verdict).toBe(
      'the device uses 3 TCAM flows for it; the preview said 1 — the device is the authority',
    );
  });

  it('stops at a refusal and puts the deleted rule back', async () => {
    const d = fakeClient((r) => (r.name === 'new' ? 'TCAM full' : null));
    const r = await executePlan(d.client, replace());
    expect(d.calls).toEqual(['remove 10', 'add new', 'add old']);
    expect(r.ok).toBe(false);
    expect(r.lines).toEqual([
      '1. DELETE /rules → OK',
      '2. POST /rules → FAILED: TCAM full',
      '   undo: POST /rules → OK (the old rule is back)',
    ]);
    expect(d.rules.map((x) => x.name)).toEqual(['old']);
  });
});
