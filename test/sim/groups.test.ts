/**
 * /groups over real HTTP: add and replace (which deletes the rules that use a replaced
 * group, and only those), modify, delete, delete all, and validation that leaves the
 * device unchanged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
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

interface BucketIn {
  actions: string;
  watch_port?: string;
}
const group = (id: number, type: string, buckets: BucketIn[], description?: string) => ({
  [String(id)]: { group_id: String(id), type, buckets, ...(description ? { description } : {}) },
});
const postGroups = (body: unknown) => t.call('POST', '/groups', { json: body });

async function groupsAll(): Promise<Record<string, Wire>[]> {
  const res = await t.get('/groups/all');
  expectOk(res);
  return res.body.rules;
}

/** Groups 1 and 2, and rules: A → group 1, B → group 2, C → output only. */
async function setup(): Promise<void> {
  expectOk(
    await postGroups({
      ...group(1, 'select', [{ actions: 'output:2' }, { actions: 'output:3' }]),
      ...group(2, 'all', [{ actions: 'output:4' }, { actions: 'push_vlan:0x8100,output:5' }]),
    }),
  );
  await addRule(t, { priority: 10, match: { in_port: '1' }, actions: 'group:1', name: 'A' });
  await addRule(t, { priority: 10, match: { in_port: '2' }, actions: 'group:2', name: 'B' });
  await addRule(t, { priority: 10, match: { in_port: '3' }, actions: 'output:4', name: 'C' });
}

describe('POST /groups and GET /groups/all', () => {
  it('adds groups from a JSON body keyed by group id; GET shows them with upper-case type', async () => {
    const res = await postGroups({
      ...group(
        1,
        'select',
        [{ actions: 'output:2', watch_port: '' }, { actions: 'output:3' }],
        'lb',
      ),
      ...group(3, 'ff', [
        { actions: 'output:9', watch_port: '9' },
        { actions: 'output:10', watch_port: '10' },
      ]),
    });
    expectOk(res);
    expect(res.body).toEqual({ result: 'OK' });
    const all = await t.get('/groups/all');
    expect(Object.keys(all.body)).toEqual(['rules']);
    expect(all.body.rules).toEqual([
      {
        group_id: 1,
        type: 'SELECT',
        description: 'lb',
        buckets: [
          { watch_port: '', actions: 'output:2' },
          { watch_port: '', actions: 'output:3' },
        ],
      },
      {
        group_id: 3,
        type: 'FF',
        description: '',
        buckets: [
          { watch_port: '9', actions: 'output:9' },
          { watch_port: '10', actions: 'output:10' },
        ],
      },
    ]);
  });

  it('a rule can use a group; a bucket may carry several actions', async () => {
    await setup();
    const g = await groupsAll();
    expect(g.find((x) => x.group_id === 2)?.buckets[1].actions).toBe('push_vlan:0x8100,output:5');
    expect(findRule(await rules(t), 10, { in_port: '1' })?.actions).toBe('group:1');
  });

  it('replacing a group deletes exactly the rules that use it', async () => {
    await setup();
    const before = await rules(t);
    expectOk(await postGroups(group(1, 'all', [{ actions: 'output:6' }])));
    const after = await rules(t);
    expect(findRule(after, 10, { in_port: '1' })).toBeUndefined();
    expect(after.map((r) => r.cookie)).toEqual(
      before.filter((r) => r.name !== 'A').map((r) => r.cookie),
    );
    expect((await groupsAll()).find((x) => x.group_id === 1)).toMatchObject({
      type: 'ALL',
      buckets: [{ watch_port: '', actions: 'output:6' }],
    });
  });

  it('adding a new group deletes no rule', async () => {
    await setup();
    const before = (await rules(t)).map((r) => r.cookie);
    expectOk(await postGroups(group(5, 'select', [{ actions: 'output:6' }])));
    expect((await rules(t)).map((r) => r.cookie)).toEqual(before);
  });
});

describe('PUT /groups', () => {
  it('modifies a group and keeps the rules that use it', async () => {
    await setup();
    const before = (await rules(t)).map((r) => r.cookie);
    expectOk(
      await t.call('PUT', '/groups', {
        json: group(1, 'select', [
          { actions: 'output:6' },
          { actions: 'output:8' },
          { actions: 'output:9' },
        ]),
      }),
    );
    expect((await rules(t)).map((r) => r.cookie)).toEqual(before);
    const g1 = (await groupsAll()).find((x) => x.group_id === 1)!;
    expect(g1.buckets.map((b: { actions: string }) => b.actions)).toEqual([
      'output:6',
      'output:8',
      'output:9',
    ]);
  });

  it('answers 404 for a group that does not exist, and changes nothing', async () => {
    await setup();
    await expectRejected(
      t,
      () => t.call('PUT', '/groups', { json: group(9, 'select', [{ actions: 'output:6' }]) }),
      404,
      /9/,
    );
    // also when only one of several is unknown: none is applied
    await expectRejected(
      t,
      () =>
        t.call('PUT', '/groups', {
          json: {
            ...group(1, 'select', [{ actions: 'output:7' }]),
            ...group(9, 'select', [{ actions: 'output:6' }]),
          },
        }),
      404,
    );
  });
});

describe('DELETE /groups', () => {
  it('deletes an unused group', async () => {
    await setup();
    expectOk(await postGroups(group(5, 'select', [{ actions: 'output:6' }])));
    expectOk(await t.call('DELETE', '/groups', { query: { group_id: 5 } }));
    expect((await groupsAll()).map((g) => g.group_id)).toEqual([1, 2]);
  });

  it('refuses to delete a group in use (409) and an unknown group (404)', async () => {
    await setup();
    await expectRejected(
      t,
      () => t.call('DELETE', '/groups', { query: { group_id: 1 } }),
      409,
      /used/,
    );
    await expectRejected(
      t,
      () => t.call('DELETE', '/groups', { query: { group_id: 42 } }),
      404,
      /42/,
    );
    await expectRejected(t, () => t.call('DELETE', '/groups'), 400, /group_id/);
    await expectRejected(
      t,
      () => t.call('DELETE', '/groups', { query: { group_id: 'x' } }),
      400,
      /group id/,
    );
  });

  it('DELETE /groups/all deletes every group and every rule that uses one', async () => {
    await setup();
    const before = await rules(t);
    expectOk(await t.call('DELETE', '/groups/all'));
    expect(await groupsAll()).toEqual([]);
    const after = await rules(t);
    expect(after.map((r) => r.name)).toEqual(
      before.filter((r) => !String(r.actions).includes('group:')).map((r) => r.name),
    );
    expect(after.map((r) => r.name)).toContain('C');
    expect(after.some((r) => String(r.actions).includes('group:'))).toBe(false);
  });
});

describe('validation: 400 and nothing changes', () => {
  beforeEach(async () => {
    await setup();
  });

  it('type must be select, ff or all', async () => {
    await expectRejected(
      t,
      () => postGroups(group(4, 'fancy', [{ actions: 'output:2' }])),
      400,
      /type/,
    );
    // replacing an existing group with a bad one deletes no rule either
    await expectRejected(
      t,
      () => postGroups(group(1, 'fancy', [{ actions: 'output:2' }])),
      400,
      /type/,
    );
  });

  it('buckets: 1 to 16', async () => {
    await expectRejected(t, () => postGroups(group(1, 'select', [])), 400, /bucket/);
    const b17 = Array.from({ length: 17 }, () => ({ actions: 'output:2' }));
    await expectRejected(t, () => postGroups(group(1, 'select', b17)), 400, /bucket/);
    await expectRejected(
      t,
      () => postGroups({ 4: { group_id: '4', type: 'select' } }),
      400,
      /bucket/,
    );
    expectOk(await postGroups(group(4, 'select', b17.slice(0, 16))));
    expect((await groupsAll()).find((g) => g.group_id === 4)?.buckets).toHaveLength(16);
  });

  it('watch_port must be a port of the device', async () => {
    await expectRejected(
      t,
      () => postGroups(group(1, 'ff', [{ actions: 'output:2', watch_port: '99' }])),
      400,
      /watch_port/,
    );
  });

  it('a fast-failover bucket needs a watch_port', async () => {
    await expectRejected(
      t,
      () => postGroups(group(4, 'ff', [{ actions: 'output:2' }])),
      400,
      /watch_port/,
    );
    expectOk(await postGroups(group(4, 'ff', [{ actions: 'output:2', watch_port: '2' }])));
  });

  it('bucket actions are validated', async () => {
    await expectRejected(
      t,
      () => postGroups(group(1, 'select', [{ actions: 'teleport:2' }])),
      400,
      /teleport/,
    );
    await expectRejected(
      t,
      () => postGroups(group(1, 'select', [{ actions: 'output:99' }])),
      400,
      /99/,
    );
    await expectRejected(
      t,
      () => postGroups(group(1, 'select', [{ actions: 'group:2' }])),
      400,
      /group/,
    );
    await expectRejected(
      t,
      () => t.call('PUT', '/groups', { json: group(1, 'select', [{ actions: 'drop,output:2' }]) }),
      400,
      /drop/,
    );
  });

  it('the key and group_id must agree; the body must be keyed by group id', async () => {
    await expectRejected(
      t,
      () =>
        postGroups({ 4: { group_id: '5', type: 'select', buckets: [{ actions: 'output:2' }] } }),
      400,
      /differ/,
    );
    await expectRejected(
      t,
      () => postGroups({ abc: { type: 'select', buckets: [{ actions: 'output:2' }] } }),
      400,
    );
    await expectRejected(t, () => postGroups({}), 400);
    await expectRejected(t, () => t.call('POST', '/groups', { raw: '[1,2]' }), 400);
  });

  it('one bad group in a body applies none of it', async () => {
    await expectRejected(
      t,
      () =>
        postGroups({
          ...group(1, 'all', [{ actions: 'output:6' }]),
          ...group(4, 'bogus', [{ actions: 'output:6' }]),
        }),
      400,
    );
  });
});
