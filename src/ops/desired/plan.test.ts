import { describe, expect, it } from 'vitest';
import type { Group, PortConfig, Rule } from '../../model/index.js';
import type { DeviceState } from './device-state.js';
import { type DesiredPlan, planDesired } from './plan.js';
import type { DesiredConfig } from './types.js';

const rule = (r: Partial<Rule> & Pick<Rule, 'priority' | 'match' | 'actions'>): Rule => ({
  cookie: 1n,
  name: '',
  description: '',
  n_packets: 0n,
  n_bytes: 0n,
  datarate: '',
  datarate_raw: null,
  real_flow_ct: 1,
  ...r,
});

const port = (if_name: string, over: Partial<PortConfig> = {}): PortConfig => ({
  if_name,
  type: 1,
  speed: 'auto',
  duplex: 'auto',
  split: 'default',
  shutdown: false,
  ...over,
});

const device = (over: Partial<DeviceState> = {}): DeviceState => ({
  rules: [],
  groups: [],
  ports: [port('eth-0-1'), port('eth-0-2')],
  info: [],
  storageMode: 'simple',
  flows: { used: 10, maximum: 1000 },
  ...over,
});

const web = rule({
  priority: 100,
  match: { in_port: '1,2', tcp: '' },
  actions: ['output:3'],
  name: 'web',
  cookie: 7n,
  real_flow_ct: 2,
});
const g40: Group = {
  group_id: 40,
  type: 'all',
  description: '',
  buckets: [{ watch_port: '', actions: ['output:5'] }],
};
const toGroup = rule({
  priority: 50,
  match: { in_port: '4' },
  actions: ['group:40'],
  name: 'to-tools',
  cookie: 8n,
});

/** `add rule 'x'` lines: what each step does, in order. */
const lines = (p: DesiredPlan) => p.steps.map((s) => `${s.action} ${s.subject}`);
const requests = (p: DesiredPlan) => p.steps.map((s) => s.op.describe()[0]);

describe('planDesired', () => {
  it('two spellings of the same rules, groups and ports: nothing to do', () => {
    const config: DesiredConfig = {
      rules: [
        { priority: 100, match: { tcp: '', in_port: '1-2' }, actions: ['3'], name: 'web' },
        { priority: 50, match: { in_port: '4' }, actions: ['GROUP:40'], name: 'to-tools' },
      ],
      groups: [{ id: 40, type: 'all', buckets: [{ actions: ['5'] }] }],
      ports: { 'eth-0-1': { speed: 'AUTO', shutdown: false } },
    };
    const p = planDesired(config, device({ rules: [web, toGroup], groups: [g40] }));
    expect(p.steps).toEqual([]);
    expect(p.errors).toEqual([]);
    expect(p.unchanged).toBe(4);
    expect(p.flows).toEqual({ before: 10, after: 10, maximum: 1000 });
  });

  it('changes by PUT under the device’s own spelling; adds; leaves the rest alone', () => {
    const config: DesiredConfig = {
      rules: [
        { priority: 100, match: { in_port: '1-2', tcp: '' }, actions: ['output:4'], name: 'web' },
        { priority: 200, match: { udp: '' }, actions: ['drop'], name: 'no-udp' },
      ],
    };
    const p = planDesired(config, device({ rules: [web, toGroup], groups: [g40] }));
    expect(lines(p)).toEqual([
      "change rule 'web' (priority 100: in_port=1,2 tcp)",
      "add rule 'no-udp' (priority 200: udp)",
    ]);
    expect(p.steps[0]!.op.request.query).toMatchObject({
      priority: 100,
      match: { in_port: '1,2', tcp: '' },
      actions: 'output:4',
    });
    expect(p.steps[0]!.detail).toBe('actions output:3 → output:4');
    expect(p.leftAlone).toEqual(["rule 'to-tools' (priority 50: in_port=4)"]);
    expect(p.flows.after).toBe(11);
  });

  it('with prune: rule deletes first, group deletes after the rules that used them', () => {
    const config: DesiredConfig = { rules: [], groups: [] };
    const p = planDesired(config, device({ rules: [web, toGroup], groups: [g40] }), {
      prune: true,
    });
    expect(requests(p)).toEqual(['DELETE /rules', 'DELETE /rules', 'DELETE /groups']);
    expect(p.leftAlone).toEqual([]);
    expect(p.flows.after).toBe(10 - 2 - 1);
  });

  it('a new group goes before the rules that use it', () => {
    const config: DesiredConfig = {
      rules: [{ priority: 60, match: { in_port: '9' }, actions: ['group:41'], name: 'n' }],
      groups: [g40Desired(), { id: 41, type: 'select', buckets: [{ actions: ['output:6'] }] }],
    };
    const p = planDesired(config, device({ groups: [g40] }));
    expect(requests(p)).toEqual(['POST /groups', 'POST /rules']);
  });

  it('a rule whose priority or match changed is deleted and re-added (found by name or cookie)', () => {
    const config: DesiredConfig = {
      rules: [{ priority: 150, match: { in_port: '1-2', tcp: '' }, actions: ['3'], name: 'web' }],
    };
    const p = planDesired(config, device({ rules: [web] }));
    expect(lines(p)).toEqual([
      "delete rule 'web' (priority 100: in_port=1,2 tcp)",
      "add rule 'web' (priority 150: in_port=1-2 tcp)",
    ]);
    expect(p.steps[0]!.detail).toMatch(/replaced: priority changed/);
    const byCookie = planDesired(
      { rules: [{ priority: 100, match: { in_port: '1' }, actions: ['3'], cookie: '7' }] },
      device({ rules: [web] }),
    );
    expect(byCookie.steps.map((s) => s.action)).toEqual(['delete', 'add']);
  });

  it('a changed group by PUT keeps its rules; by POST the plan re-adds them after', () => {
    const config: DesiredConfig = {
      groups: [{ id: 40, type: 'all', buckets: [{ actions: ['output:5'] }, { actions: ['6'] }] }],
    };
    const state = device({ rules: [web, toGroup], groups: [g40] });
    const put = planDesired(config, state);
    expect(requests(put)).toEqual(['PUT /groups']);
    const post = planDesired(config, state, { groupMethod: 'post' });
    expect(requests(post)).toEqual(['POST /groups', 'POST /rules']);
    expect(post.steps[1]).toMatchObject({ action: 're-add' });
    // re-added as it was, cookie and all
    expect(post.steps[1]!.op.request.query).toMatchObject({
      priority: 50,
      match: { in_port: '4' },
      actions: 'group:40',
      name: 'to-tools',
      cookie: '8',
    });
    expect(post.notes.join()).toMatch(/group 40 replaced by POST.*1 rule is re-added/);
  });

  it('by POST, a rule the file changes is re-added as the file has it, not PUT', () => {
    const config: DesiredConfig = {
      rules: [{ priority: 50, match: { in_port: '4' }, actions: ['group:40'], name: 'renamed' }],
      groups: [{ id: 40, type: 'select', buckets: [{ actions: ['output:5'] }] }],
    };
    const p = planDesired(config, device({ rules: [toGroup], groups: [g40] }), {
      groupMethod: 'post',
    });
    expect(requests(p)).toEqual(['POST /groups', 'POST /rules']);
    expect(p.steps[1]!.op.request.query).toMatchObject({ name: 'renamed' });
  });

  it('ports: only the fields the file gives; xg_speed against the next setting', () => {
    const config: DesiredConfig = {
      ports: { 'eth-0-1': { shutdown: true, xg_speed: 'XG' }, 'eth-0-2': { duplex: 'auto' } },
    };
    const p = planDesired(
      config,
      device({
        ports: [
          port('eth-0-1', { speed: '10G', xg_speed: { currSetting: '1G', nextSetting: '1G' } }),
          port('eth-0-2'),
        ],
      }),
    );
    expect(p.steps).toHaveLength(1);
    expect(p.steps[0]!.op.request.query).toEqual({
      if_name: 'eth-0-1',
      shutdown: true,
      xg_speed: 'XG',
    });
    expect(planDesired({ ports: { 'eth-0-9': {} } }, device()).errors).toEqual([
      'port eth-0-9: the device has no such port',
    ]);
  });

  it('the group hash and the boot save-point', () => {
    const hash = {
      macsa: true,
      macda: true,
      ethertype: false,
      ipsa: true,
      ipda: true,
      ip_protocol: true,
      src_port: true,
      dst_port: true,
    };
    const p = planDesired(
      { group_hash: { ethertype: true, macsa: true }, boot_savepoint: 'nightly' },
      device({ hash, boot: 'factory-default', savepoints: ['factory-default', 'nightly'] }),
    );
    expect(requests(p)).toEqual(['POST /device/grouphash', 'PUT /savepoints/defaultrulesavepoint']);
    expect(p.steps[0]!.detail).toBe('ethertype false → true');
    expect(
      planDesired({ boot_savepoint: 'nope' }, device({ boot: 'x', savepoints: ['x'] })).errors,
    ).toHaveLength(1);
  });

  it('errors: one rule twice, a rule sending to a group the file does not have', () => {
    const p = planDesired(
      {
        rules: [
          { priority: 1, match: { in_port: '1,2' }, actions: ['group:9'] },
          { priority: 1, match: { in_port: '1-2' }, actions: ['output:3'] },
        ],
        groups: [],
      },
      device(),
    );
    expect(p.errors).toHaveLength(2);
  });
});

function g40Desired() {
  return { id: 40, type: 'all' as const, buckets: [{ actions: ['output:5'] }] };
}
