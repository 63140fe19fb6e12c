/**
 * /savepoints over real HTTP: the list's shape (arrays, or maps with --quirks), factory
 * save-points, create / modify / delete / activate rule and port save-points, the boot
 * save-point, Quicksave and export.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredRuleSavePoint } from '../../src/sim/state.js';
import {
  addRule,
  expectOk,
  expectRejected,
  findRule,
  rules,
  simPerTest,
  type Wire,
} from './helpers.js';

const t = simPerTest();

async function savepoints(): Promise<{
  rule: Record<string, Wire>[];
  port: Record<string, Wire>[];
}> {
  const res = await t.get('/savepoints');
  expectOk(res);
  return { rule: res.body.RuleSavePoints, port: res.body.PortSavePoints };
}
const ruleSp = async (name: string) => (await savepoints()).rule.find((s) => s.name === name);
const portSp = async (name: string) => (await savepoints()).port.find((s) => s.name === name);
const identities = (list: Record<string, Wire>[]) =>
  list
    .map((r) => `${Number(r.priority)}|${JSON.stringify(r.match)}|${[r.actions].flat().join(',')}`)
    .sort();

const createRuleSp = (name: string, description = '') =>
  t.call('POST', '/savepoints/rulesavepoint', { query: { name, description } });
const activate = (name: string) =>
  t.call('PUT', '/savepoints/activerulesavepoint', { query: { name } });

async function withGroupAndRule(): Promise<void> {
  expectOk(
    await t.call('POST', '/groups', {
      json: {
        1: {
          group_id: '1',
          type: 'select',
          buckets: [{ actions: 'output:2' }, { actions: 'output:3' }],
        },
      },
    }),
  );
  await addRule(t, { priority: 50, match: { in_port: '5' }, actions: 'group:1', name: 'to-group' });
}

describe('GET /savepoints', () => {
  it('lists arrays of rule and port save-points with the spec fields; factory ones are read-only', async () => {
    const res = await t.get('/savepoints');
    expect(Object.keys(res.body).sort()).toEqual(['PortSavePoints', 'RuleSavePoints']);
    const { rule, port } = await savepoints();
    expect(Array.isArray(rule)).toBe(true);
    expect(Array.isArray(port)).toBe(true);
    const factory = rule.find((s) => s.name === 'factory-default')!;
    expect(factory).toMatchObject({
      readonly: true,
      type: 'RuleSavePoint',
      groupusage: 0,
      flowusage: 10,
    });
    expect(typeof factory.description).toBe('string');
    expect(factory.groups).toEqual([]);
    expect(factory.rules).toHaveLength(4);
    for (const r of factory.rules) {
      expect(Array.isArray(r.actions)).toBe(true);
      for (const f of [
        'cookie',
        'priority',
        'n_bytes',
        'n_packets',
        'duration',
        'duration_raw',
        'hard_age',
        'table',
      ])
        expect(typeof r[f], f).toBe('string');
      expect(r.cookie).toMatch(/^\d+$/);
      expect(typeof r.match).toBe('object');
    }
    const fp = port.find((s) => s.name === 'factory-ports')!;
    expect(fp).toMatchObject({ readonly: true, type: 'PortSavePoint', name: 'factory-ports' });
    expect(fp.ports).toHaveLength(28);
    for (const p of fp.ports) expect(typeof p).toBe('object');
  });

  it('writes groups inside a save-point with string fields', async () => {
    await withGroupAndRule();
    expectOk(await createRuleSp('with-group'));
    const sp = (await ruleSp('with-group'))!;
    expect(sp.groupusage).toBe(1);
    expect(sp.groups).toHaveLength(1);
    const g = sp.groups[0];
    for (const f of ['group_id', 'type', 'description', 'buckets'])
      expect(typeof g[f], f).toBe('string');
    expect(g.group_id).toBe('1');
  });

  it('with quirks lists maps keyed by save-point name', async () => {
    await t.restart({ quirks: true });
    const res = await t.get('/savepoints');
    for (const key of ['RuleSavePoints', 'PortSavePoints']) {
      const map = res.body[key];
      expect(Array.isArray(map)).toBe(false);
      expect(Object.keys(map).length).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(map)) expect((v as { name: string }).name).toBe(k);
    }
    expect(res.body.RuleSavePoints['factory-default'].readonly).toBe(true);
    expect(res.body.PortSavePoints['factory-ports'].readonly).toBe(true);
  });
});

describe('rule save-points', () => {
  it('creates one from the current rules and groups; a duplicate name is a 409', async () => {
    await withGroupAndRule();
    const res = await createRuleSp('mine', 'my rules');
    expectOk(res);
    expect(res.body).toMatchObject({
      name: 'mine',
      description: 'my rules',
      readonly: false,
      type: 'RuleSavePoint',
    });
    const active = await rules(t);
    expect(identities(res.body.rules)).toEqual(identities(active));
    expect(res.body.flowusage).toBe(active.reduce((n, r) => n + r.real_flow_ct, 0));
    expect((await ruleSp('mine'))?.description).toBe('my rules');
    await expectRejected(t, () => createRuleSp('mine'), 409, /mine/);
    await expectRejected(t, () => createRuleSp(''), 400, /name/);
  });

  it('activating one replaces the active rules and groups', async () => {
    await withGroupAndRule();
    expectOk(await createRuleSp('snap'));
    const saved = await rules(t);
    expectOk(await t.call('DELETE', '/rules/all'));
    expectOk(await t.call('DELETE', '/groups/all'));
    expectOk(
      await t.call('POST', '/groups', {
        json: { 7: { group_id: '7', type: 'all', buckets: [{ actions: 'output:8' }] } },
      }),
    );
    await addRule(t, { priority: 9, match: { in_port: '8' }, actions: 'group:7' });
    expectOk(await activate('snap'));
    expect(identities(await rules(t))).toEqual(identities(saved));
    // activation is not made permanent: the boot save-point stays what it was
    const boot = (await savepoints()).rule.filter((s) => s.boot).map((s) => s.name);
    expect(boot).toEqual(['factory-default']);
    const groups = (await t.get('/groups/all')).body.rules;
    expect(groups.map((g: { group_id: number }) => g.group_id)).toEqual([1]);
  });

  it('activating one whose rules reference a missing port is a 409 and changes nothing', async () => {
    await withGroupAndRule();
    const sp: StoredRuleSavePoint = {
      name: 'bad',
      description: 'references port 99',
      readonly: false,
      groups: [],
      rules: [
        {
          cookie: 1n << 61n,
          name: 'ok',
          description: '',
          priority: 5,
          match: { in_port: '1' },
          actions: ['output:2'],
          since: 0,
        },
        {
          cookie: (1n << 61n) + 1n,
          name: 'x',
          description: '',
          priority: 5,
          match: { in_port: '2' },
          actions: ['output:99'],
          since: 0,
        },
      ],
    };
    t.sim.state.ruleSavePoints.set('bad', sp);
    await expectRejected(t, () => activate('bad'), 409, /99/);
    t.sim.state.ruleSavePoints.set('bad2', {
      ...sp,
      name: 'bad2',
      rules: [{ ...sp.rules[0]!, match: { in_port: '40' } }],
    });
    await expectRejected(t, () => activate('bad2'), 409, /40/);
    await expectRejected(t, () => activate('nope'), 404, /nope/);
  });

  it('exactly one save-point loads on boot; setting another moves the flag', async () => {
    const bootOnes = async () =>
      (await savepoints()).rule.filter((s) => s.boot === true).map((s) => s.name);
    expect(await bootOnes()).toEqual(['factory-default']);
    await addRule(t, { priority: 77, match: { in_port: '6' }, actions: 'output:8' });
    expectOk(await createRuleSp('boot-me'));
    expectOk(
      await t.call('PUT', '/savepoints/defaultrulesavepoint', { query: { name: 'boot-me' } }),
    );
    expect(await bootOnes()).toEqual(['boot-me']);
    // not made active: the active rules are as they were
    expectOk(await t.call('DELETE', '/rules/all'));
    expect(await rules(t)).toEqual([]);
    await expectRejected(
      t,
      () => t.call('PUT', '/savepoints/defaultrulesavepoint', { query: { name: 'ghost' } }),
      404,
    );
    // it is what the next boot loads
    expectOk(await t.control('/_sim/reboot', { ms: 0 }));
    expect(findRule(await rules(t), 77, { in_port: '6' })).toBeDefined();
  });

  it('Quicksave is replaced by the current rules on each call and set to load on boot', async () => {
    await addRule(t, { priority: 1, match: { in_port: '1' }, actions: 'output:2' });
    const first = await t.call('PUT', '/savepoints/quicksaverules');
    expectOk(first);
    expect(first.body.RuleSavePoints).toHaveLength(1);
    expect(first.body.RuleSavePoints[0].name).toBe('Quicksave');
    expect(identities(first.body.RuleSavePoints[0].rules)).toEqual(identities(await rules(t)));
    expectOk(await t.call('DELETE', '/rules/all'));
    await addRule(t, { priority: 2, match: { in_port: '3' }, actions: 'drop' });
    expectOk(await t.call('PUT', '/savepoints/quicksaverules'));
    const { rule } = await savepoints();
    const qs = rule.filter((s) => s.name === 'Quicksave');
    expect(qs).toHaveLength(1);
    expect(identities(qs[0]!.rules)).toEqual(['2|{"in_port":"3"}|drop']);
    expect(rule.filter((s) => s.boot).map((s) => s.name)).toEqual(['Quicksave']);
  });

  describe('POST /savepoints/modrulesavepoint', () => {
    it('renames and re-describes without override=false touching its rules', async () => {
      expectOk(await createRuleSp('one', 'first'));
      const original = (await ruleSp('one'))!;
      await addRule(t, { priority: 3, match: { in_port: '3' }, actions: 'output:4' });
      const res = await t.call('POST', '/savepoints/modrulesavepoint', {
        query: { old_name: 'one', new_name: 'two', description: 'second', override: false },
      });
      expectOk(res);
      expect(res.body).toMatchObject({ name: 'two', description: 'second', type: 'RuleSavePoint' });
      const { rule } = await savepoints();
      expect(rule.find((s) => s.name === 'one')).toBeUndefined();
      const two = rule.find((s) => s.name === 'two')!;
      expect(identities(two.rules)).toEqual(identities(original.rules));
    });

    it('override defaults to true: saves the active rules into it; unset description stays', async () => {
      expectOk(await createRuleSp('one', 'keep me'));
      await addRule(t, { priority: 3, match: { in_port: '3' }, actions: 'output:4' });
      const res = await t.call('POST', '/savepoints/modrulesavepoint', {
        query: { old_name: 'one' },
      });
      expectOk(res);
      expect(res.body.description).toBe('keep me');
      expect(identities((await ruleSp('one'))!.rules)).toEqual(identities(await rules(t)));
      expect(identities(res.body.rules)).toEqual(identities(await rules(t)));
    });

    it('the boot flag follows a rename', async () => {
      expectOk(await createRuleSp('one'));
      expectOk(await t.call('PUT', '/savepoints/defaultrulesavepoint', { query: { name: 'one' } }));
      expectOk(
        await t.call('POST', '/savepoints/modrulesavepoint', {
          query: { old_name: 'one', new_name: 'uno', override: 'false' },
        }),
      );
      expect((await ruleSp('uno'))?.boot).toBe(true);
    });

    it('refuses a read-only save-point, a taken name and an unknown one', async () => {
      expectOk(await createRuleSp('one'));
      expectOk(await createRuleSp('two'));
      await expectRejected(
        t,
        () =>
          t.call('POST', '/savepoints/modrulesavepoint', {
            query: { old_name: 'factory-default', description: 'x' },
          }),
        409,
        /read-only/,
      );
      await expectRejected(
        t,
        () =>
          t.call('POST', '/savepoints/modrulesavepoint', {
            query: { old_name: 'one', new_name: 'two' },
          }),
        409,
        /two/,
      );
      await expectRejected(
        t,
        () => t.call('POST', '/savepoints/modrulesavepoint', { query: { old_name: 'zzz' } }),
        404,
      );
      await expectRejected(
        t,
        () =>
          t.call('POST', '/savepoints/modrulesavepoint', {
            query: { old_name: 'one', override: 'perhaps' },
          }),
        400,
        /override/,
      );
    });
  });

  it('DELETE deletes it if it exists (200 otherwise too); read-only is a 409', async () => {
    expectOk(await createRuleSp('gone'));
    expectOk(await t.call('DELETE', '/savepoints/rulesavepoint', { query: { name: 'gone' } }));
    expect(await ruleSp('gone')).toBeUndefined();
    const again = await t.call('DELETE', '/savepoints/rulesavepoint', { query: { name: 'gone' } });
    expectOk(again);
    expect(again.body).toEqual({ result: 'OK' });
    await expectRejected(
      t,
      () => t.call('DELETE', '/savepoints/rulesavepoint', { query: { name: 'factory-default' } }),
      409,
      /read-only/,
    );
  });
});

describe('GET /savepoints/export', () => {
  beforeEach(async () => {
    expectOk(await createRuleSp('a'));
    expectOk(await createRuleSp('b'));
    expectOk(await createRuleSp('c'));
  });

  it('exports only the named save-points (name[]=…), with meta data', async () => {
    const res = await t.call('GET', '/savepoints/export', {
      query: { rule_save_point_names: ['a'] },
    });
    expectOk(res);
    expect(res.body.meta_data).toEqual({
      device: expect.any(String),
      software_version: expect.any(String),
    });
    expect(res.body.meta_data.software_version).toBe('2.2.0.14_00_WOT7-w');
    expect(res.body.RuleSavePoints.map((s: { name: string }) => s.name)).toEqual(['a']);
    expect(res.body.PortSavePoints).toEqual([]);
  });

  it('accepts a JSON-encoded array string', async () => {
    const res = await t.get(
      `/savepoints/export?rule_save_point_names=${encodeURIComponent('["a","b"]')}`,
    );
    expectOk(res);
    expect(res.body.RuleSavePoints.map((s: { name: string }) => s.name)).toEqual(['a', 'b']);
    expect(res.body.PortSavePoints).toEqual([]);
  });

  it('exports port save-points by name, everything without names, and 404 for unknown names', async () => {
    const ports = await t.call('GET', '/savepoints/export', {
      query: { port_save_point_names: ['factory-ports'] },
    });
    expectOk(ports);
    expect(ports.body.RuleSavePoints).toEqual([]);
    expect(ports.body.PortSavePoints.map((s: { name: string }) => s.name)).toEqual([
      'factory-ports',
    ]);
    const all = await t.get('/savepoints/export');
    expect(all.body.RuleSavePoints.map((s: { name: string }) => s.name)).toEqual([
      'factory-default',
      'a',
      'b',
      'c',
    ]);
    const res = await t.call('GET', '/savepoints/export', {
      query: { rule_save_point_names: ['a', 'nope'] },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/nope/);
    const bad = await t.get('/savepoints/export?rule_save_point_names=%5B%22a%22');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['error']);
  });
});

describe('port save-points', () => {
  const adminStatus = async (ifName: string) => {
    const info = await t.get('/ports/info');
    return info.body.result.find((p: Wire) => p.properties.if_name === ifName).properties;
  };
  const shutdown = async (ifName: string, v: boolean) =>
    expectOk(await t.call('POST', '/ports/config', { query: { if_name: ifName, shutdown: v } }));

  it('create, duplicate, modify, delete', async () => {
    const res = await t.call('POST', '/savepoints/portsavepoint', {
      query: { name: 'p1', description: 'd1' },
    });
    expectOk(res);
    expect(res.body).toMatchObject({
      name: 'p1',
      description: 'd1',
      readonly: false,
      type: 'PortSavePoint',
    });
    expect(res.body.ports).toHaveLength(28);
    await expectRejected(
      t,
      () => t.call('POST', '/savepoints/portsavepoint', { query: { name: 'p1' } }),
      409,
    );
    await shutdown('eth-0-4', true);
    const mod = await t.call('POST', '/savepoints/modportsavepoint', {
      query: { old_name: 'p1', new_name: 'p2', description: 'd2', override: false },
    });
    expectOk(mod);
    expect(Object.keys(mod.body)).toEqual(['portSavePoints']);
    const p2 = mod.body.portSavePoints.find((s: { name: string }) => s.name === 'p2');
    expect(p2.description).toBe('d2');
    expect(p2.ports.find((p: Wire) => p.if_name === 'eth-0-4').shutdown).toBe(false);
    expect(await portSp('p1')).toBeUndefined();
    // override (default true) saves the current port settings
    expectOk(await t.call('POST', '/savepoints/modportsavepoint', { query: { old_name: 'p2' } }));
    const saved = (await portSp('p2'))!;
    expect(saved.description).toBe('d2');
    expect(saved.ports.find((p: Wire) => p.if_name === 'eth-0-4').shutdown).toBe(true);
    expectOk(await t.call('DELETE', '/savepoints/portsavepoint', { query: { name: 'p2' } }));
    expect(await portSp('p2')).toBeUndefined();
    expectOk(await t.call('DELETE', '/savepoints/portsavepoint', { query: { name: 'p2' } }));
  });

  it('read-only port save-points cannot be modified or deleted', async () => {
    await expectRejected(
      t,
      () => t.call('DELETE', '/savepoints/portsavepoint', { query: { name: 'factory-ports' } }),
      409,
    );
    await expectRejected(
      t,
      () =>
        t.call('POST', '/savepoints/modportsavepoint', {
          query: { old_name: 'factory-ports', new_name: 'x' },
        }),
      409,
    );
    await expectRejected(
      t,
      () => t.call('PUT', '/savepoints/activeportsavepoint', { query: { name: 'none-such' } }),
      404,
    );
  });

  it('activating one that shuts a port down makes that port PORT_DOWN', async () => {
    await shutdown('eth-0-3', true);
    expectOk(await t.call('POST', '/savepoints/portsavepoint', { query: { name: 'down3' } }));
    await shutdown('eth-0-3', false);
    expect((await adminStatus('eth-0-3')).admin_status).toBe('PORT_UP');
    expectOk(await t.call('PUT', '/savepoints/activeportsavepoint', { query: { name: 'down3' } }));
    expect(await adminStatus('eth-0-3')).toMatchObject({
      admin_status: 'PORT_DOWN',
      link_status: 'LINK_DOWN',
    });
    expect((await adminStatus('eth-0-2')).admin_status).toBe('PORT_UP');
    expectOk(
      await t.call('PUT', '/savepoints/activeportsavepoint', { query: { name: 'factory-ports' } }),
    );
    expect((await adminStatus('eth-0-3')).admin_status).toBe('PORT_UP');
  });

  it('a save-point taken while an xg_speed change is pending can be activated', async () => {
    expectOk(
      await t.call('POST', '/ports/config', { query: { if_name: 'eth-0-12', xg_speed: '1G' } }),
    );
    expectOk(await t.call('POST', '/savepoints/portsavepoint', { query: { name: 'pending' } }));
    expectOk(
      await t.call('PUT', '/savepoints/activeportsavepoint', { query: { name: 'pending' } }),
    );
    const cfg = (await t.get('/ports/config')).body.port_config.find(
      (p: Wire) => p.if_name === 'eth-0-12',
    );
    expect(cfg.xg_speed).toEqual({ currSetting: 'XG', nextSetting: '1G' });
    // and the factory one puts it back
    expectOk(
      await t.call('PUT', '/savepoints/activeportsavepoint', { query: { name: 'factory-ports' } }),
    );
    const back = (await t.get('/ports/config')).body.port_config.find(
      (p: Wire) => p.if_name === 'eth-0-12',
    );
    expect(back.xg_speed).toEqual({ currSetting: 'XG', nextSetting: 'XG' });
  });
});
