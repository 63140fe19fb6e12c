/**
 * Every write of the rules, groups, ports and save-points families against the real
 * simulator; each change is verified by reading the device back through the client.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeviceError } from '../../src/api/errors.js';
import {
  type ManualClock,
  manualClock,
  type Rig,
  startRig,
  TWO_53,
  waitUntilUp,
} from './helpers.js';

let rig: Rig;
let clock: ManualClock;
beforeEach(async () => {
  clock = manualClock();
  rig = await startRig({ now: clock.now });
});
afterEach(async () => {
  await rig.close();
});

const c = () => rig.client;
const rule = (priority: number, port: string, actions: string[], extra = {}) => ({
  priority,
  match: { in_port: port },
  actions,
  ...extra,
});
const byName = async (name: string) => (await c().rules.list()).rules.find((r) => r.name === name);

describe('rules', () => {
  it('add: keeps a client-chosen cookie beyond 2^53 exactly; the device picks distinct ones', async () => {
    const cookie = 2n ** 63n + 5n;
    expect(await c().rules.add(rule(50, '5', ['output:6'], { name: 'mine', cookie }))).toBe('OK');
    expect(await c().rules.add(rule(51, '5', ['output:7'], { name: 'auto' }))).toBe('OK');
    expect(await byName('mine')).toMatchObject({
      cookie,
      priority: 50,
      match: { in_port: '5' },
      actions: ['output:6'],
    });
    const auto = (await byName('auto'))!;
    expect(auto.cookie > TWO_53).toBe(true);
    const cookies = (await c().rules.list()).rules.map((r) => r.cookie);
    expect(new Set(cookies).size).toBe(cookies.length);
  });

  it('add: a rule with several match fields and ordered actions', async () => {
    const web = {
      name: 'web',
      description: 'web to tool',
      priority: 300,
      match: { in_port: '5', tcp: '', tcp_dst: '80' },
      actions: ['push_vlan:0x8100', 'set_field:4196->vlan_vid', 'output:9'],
    };
    await c().rules.add(web);
    expect(await byName('web')).toMatchObject(web);
  });

  it('add/remove: odd characters and every value form survive the query string', async () => {
    const odd = {
      name: 'a&b=c #1 + ü',
      description: 'line?x=1&y[]=2 % "quoted" → ok',
      priority: 0,
      match: {
        in_port: '5,6',
        dl_type: '0x0800',
        nw_src: '10.0.0.0/8',
        udp: '',
        udp_dst: '1000-1999',
      },
      actions: ['set_field:4196->vlan_vid', 'output:9'],
    };
    await c().rules.add(odd);
    expect(await byName(odd.name)).toMatchObject(odd);
    await c().rules.remove(odd);
    expect(await byName(odd.name)).toBeUndefined();
  });

  it('modify: changes actions, name and description of the rule with that match+priority', async () => {
    await c().rules.add(rule(60, '6', ['output:7'], { name: 'before', description: 'old' }));
    const cookie = (await byName('before'))!.cookie;
    await c().rules.modify(
      rule(60, '6', ['output:7', 'output:8'], { name: 'after', description: 'new' }),
    );
    expect(await byName('before')).toBeUndefined();
    expect(await byName('after')).toMatchObject({
      cookie,
      description: 'new',
      actions: ['output:7', 'output:8'],
    });
  });

  it('remove: by match+priority; an empty match value stands for any value', async () => {
    await c().rules.add(rule(70, '5', ['output:9'], { name: 'a' }));
    await c().rules.add(rule(70, '6', ['output:9'], { name: 'b' }));
    await c().rules.add(rule(71, '6', ['output:9'], { name: 'c' }));
    await c().rules.remove({ priority: 71, match: { in_port: '6' } });
    expect(await byName('c')).toBeUndefined();
    await c().rules.remove({ priority: 70, match: { in_port: '' } });
    expect(await byName('a')).toBeUndefined();
    expect(await byName('b')).toBeUndefined();
    expect(await byName('tap-1')).toBeDefined();
  });

  it('removeAll: no rules, no flows used', async () => {
    expect((await c().rules.list()).rules.length).toBeGreaterThan(0);
    await c().rules.removeAll();
    expect(await c().rules.list()).toEqual({ rules: [], used_flows: 0 });
    expect((await c().device.flowNumbers()).used_flows).toBe(0);
  });

  it('resetCounters: packet and byte counters go back to zero', async () => {
    clock.advance(10_000);
    const before = (await c().rules.list()).rules;
    expect(before.some((r) => r.n_packets > 0n)).toBe(true);
    await c().rules.resetCounters();
    for (const r of (await c().rules.list()).rules) {
      expect(r.n_packets).toBe(0n);
      expect(r.n_bytes).toBe(0n);
    }
    clock.advance(10_000);
    expect((await c().rules.list()).rules.some((r) => r.n_packets > 0n)).toBe(true);
  });
});

describe('groups', () => {
  const g1 = {
    group_id: 1,
    type: 'select' as const,
    description: 'lb',
    buckets: [
      { watch_port: '1', actions: ['output:2'] },
      { watch_port: '3', actions: ['output:4'] },
    ],
  };
  const g2 = {
    group_id: 2,
    type: 'all' as const,
    description: '',
    buckets: [{ watch_port: '', actions: ['output:5'] }],
  };

  it('add: one or several; listed with lower-case types', async () => {
    await c().groups.add(g1);
    await c().groups.add([g2]);
    expect(await c().groups.list()).toEqual([g1, g2]);
  });

  it('add again: replaces the group and (as the spec says) deletes the rules using it', async () => {
    await c().groups.add(g1);
    await c().rules.add(rule(80, '5', ['group:1'], { name: 'via-group' }));
    expect(await byName('via-group')).toBeDefined();
    await c().groups.add({ ...g1, type: 'ff' });
    expect((await c().groups.list())[0]?.type).toBe('ff');
    expect(await byName('via-group')).toBeUndefined();
  });

  it('modify: changes the group in place and keeps its rules', async () => {
    await c().groups.add(g1);
    await c().rules.add(rule(80, '5', ['group:1'], { name: 'via-group' }));
    const changed = {
      ...g1,
      type: 'ff' as const,
      buckets: [{ watch_port: '4', actions: ['output:4'] }],
    };
    await c().groups.modify(changed);
    expect(await c().groups.list()).toEqual([changed]);
    expect(await byName('via-group')).toBeDefined();
  });

  it('remove: one group', async () => {
    await c().groups.add([g1, g2]);
    await c().groups.remove(1);
    expect(await c().groups.list()).toEqual([g2]);
  });

  it('removeAll: no groups, and the rules that used them are gone', async () => {
    await c().groups.add([g1, g2]);
    await c().rules.add(rule(80, '5', ['group:2'], { name: 'via-group' }));
    await c().groups.removeAll();
    expect(await c().groups.list()).toEqual([]);
    expect(await byName('via-group')).toBeUndefined();
    expect(await byName('tap-1')).toBeDefined();
  });
});

describe('ports', () => {
  const port = async (ifName: string) => {
    const [config, info] = [await c().ports.config(), await c().ports.info()];
    return {
      config: config.find((p) => p.if_name === ifName)!,
      info: info.find((p) => p.if_name === ifName)!,
    };
  };

  it('setConfig shutdown: the port goes down and comes back up', async () => {
    await c().ports.setConfig('eth-0-3', { shutdown: true });
    let p = await port('eth-0-3');
    expect(p.config.shutdown).toBe(true);
    expect(p.info).toMatchObject({ admin_status: 'PORT_DOWN', link_status: 'LINK_DOWN' });
    await c().ports.setConfig('eth-0-3', { shutdown: false });
    p = await port('eth-0-3');
    expect(p.config.shutdown).toBe(false);
    expect(p.info.admin_status).toBe('PORT_UP');
  });

  it('setConfig speed, duplex and flags; xg_speed waits for the reboot', async () => {
    await c().ports.setConfig('eth-0-5', {
      speed: '100',
      duplex: 'full',
      crc_recalculation: true,
      unidirectional: true,
    });
    expect((await port('eth-0-5')).config).toMatchObject({
      speed: '100',
      duplex: 'full',
      crc_recalculation: true,
      unidirectional: true,
    });
    await c().ports.setConfig('eth-0-13', { xg_speed: 'XG' });
    expect((await port('eth-0-13')).config.xg_speed).toEqual({
      currSetting: '1G',
      nextSetting: 'XG',
    });
  });

  it('setConfig on an unknown port is a DeviceError with the device’s message', async () => {
    const err = await c()
      .ports.setConfig('eth-9-99', { shutdown: true })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.message).toMatch(/eth-9-99/);
  });
});

describe('save-points', () => {
  it('createRules / createPorts answer the new save-point, and list shows it', async () => {
    const sp = (await c().savepoints.createRules('lab', 'lab rules'))!;
    expect(sp).toMatchObject({ name: 'lab', description: 'lab rules', readonly: false });
    expect(sp.rules.map((r) => r.cookie)).toEqual(
      (await c().rules.list()).rules.map((r) => r.cookie),
    );
    const ports = (await c().savepoints.createPorts('lab-ports', 'lab ports'))!;
    expect(ports.ports).toEqual(await c().ports.config());
    const list = await c().savepoints.list();
    expect(list.rules.find((s) => s.name === 'lab')).toEqual(sp);
    expect(list.ports.find((s) => s.name === 'lab-ports')).toEqual(ports);
  });

  it('modifyRules / modifyPorts rename, describe and (with override) re-save', async () => {
    await c().savepoints.createRules('lab', 'd');
    await c().savepoints.createPorts('lab-ports', 'd');
    await c().rules.removeAll();
    const kept = await c().savepoints.modifyRules({
      old_name: 'lab',
      new_name: 'lab2',
      description: 'kept',
      override: false,
    });
    expect(kept).toMatchObject({ name: 'lab2', description: 'kept' });
    expect(kept?.rules.length).toBeGreaterThan(0);
    const resaved = await c().savepoints.modifyRules({ old_name: 'lab2' });
    expect(resaved?.rules).toEqual([]);
    const ports = await c().savepoints.modifyPorts({
      old_name: 'lab-ports',
      new_name: 'lp',
      description: 'x',
    });
    expect(ports.find((s) => s.name === 'lp')).toMatchObject({ description: 'x' });
    const list = await c().savepoints.list();
    expect(list.rules.map((s) => s.name)).toContain('lab2');
    expect(list.rules.map((s) => s.name)).not.toContain('lab');
    expect(list.ports.map((s) => s.name)).toEqual(['factory-ports', 'lp']);
  });

  it('activateRules / activatePorts bring the saved rules and port settings back', async () => {
    const saved = (await c().savepoints.createRules('lab', ''))!;
    await c().savepoints.createPorts('lab-ports', '');
    await c().rules.removeAll();
    await c().ports.setConfig('eth-0-2', { shutdown: true });
    await c().savepoints.activateRules('lab');
    const now = (await c().rules.list()).rules;
    expect(now.map((r) => [r.cookie, r.priority, r.match, r.actions])).toEqual(
      saved.rules.map((r) => [r.cookie, r.priority, r.match, r.actions]),
    );
    await c().savepoints.activatePorts('lab-ports');
    expect((await c().ports.config()).find((p) => p.if_name === 'eth-0-2')?.shutdown).toBe(false);
  });

  it('deleteRules / deletePorts remove them (and unknown names are fine)', async () => {
    await c().savepoints.createRules('lab', '');
    await c().savepoints.createPorts('lab-ports', '');
    await c().savepoints.deleteRules('lab');
    await c().savepoints.deletePorts('lab-ports');
    await c().savepoints.deleteRules('never-existed');
    const list = await c().savepoints.list();
    expect(list.rules.map((s) => s.name)).toEqual(['factory-default']);
    expect(list.ports.map((s) => s.name)).toEqual(['factory-ports']);
  });

  it('quicksave replaces Quicksave with the current rules', async () => {
    await c().rules.add(rule(90, '5', ['output:6'], { name: 'q' }));
    const [quick] = await c().savepoints.quicksave();
    expect(quick?.name).toBe('Quicksave');
    expect(quick?.rules.map((r) => r.name)).toContain('q');
    await c().rules.remove({ priority: 90, match: { in_port: '5' } });
    const [again] = await c().savepoints.quicksave();
    expect(again?.rules.map((r) => r.name)).not.toContain('q');
    const list = await c().savepoints.list();
    expect(list.rules.filter((s) => s.name === 'Quicksave')).toEqual([again]);
  });
});

describe('boot save-point (with a real clock: a reboot takes time)', () => {
  it('setDefaultRules: after a reboot the device runs that save-point', async () => {
    const real = await startRig({ rebootMs: 150 });
    try {
      const api = real.client;
      await api.rules.removeAll();
      await api.rules.add(rule(95, '5', ['output:6'], { name: 'boot-me' }));
      await api.savepoints.createRules('boot', '');
      await api.savepoints.setDefaultRules('boot');
      await api.rules.removeAll();
      await api.device.reboot();
      await waitUntilUp(() => api.rules.list());
      expect((await api.rules.list()).rules.map((r) => r.name)).toEqual(['boot-me']);
    } finally {
      await real.close();
    }
  });
});
