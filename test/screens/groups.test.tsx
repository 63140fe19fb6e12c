/**
 * Groups screen: the impact preview names exactly the rules the device deletes with a
 * POST /groups replace or DELETE /groups/all, confirmation needs their count, and after
 * it they are gone from the device; PUT keeps them.
 */
import { describe, expect, it } from 'vitest';
import { CTRL_S, CTRL_U, type RulesConsole, rulesMountPerTest } from './rules-console.js';

const mount = rulesMountPerTest();

async function withGroupUsers(c: RulesConsole) {
  await c.admin.groups.add({
    group_id: 7,
    type: 'select',
    buckets: [
      { watch_port: '9', actions: ['output:9'] },
      { watch_port: '10', actions: ['output:10'] },
    ],
  });
  await c.admin.groups.add({
    group_id: 8,
    type: 'all',
    buckets: [{ watch_port: '', actions: ['output:11'] }],
  });
  await c.admin.rules.add({
    name: 'lb-a',
    priority: 300,
    match: { in_port: '5' },
    actions: ['group:7'],
  });
  await c.admin.rules.add({
    name: 'lb-b',
    priority: 300,
    match: { in_port: '6' },
    actions: ['group:7'],
  });
  await c.admin.rules.add({
    name: 'clone-c',
    priority: 300,
    match: { in_port: '8' },
    actions: ['group:8'],
  });
}

describe('groups screen', () => {
  it('lists groups with their type in words, buckets and the rules that use them', async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    const f = await c.ui.waitFor((x) => x.includes('2 groups · 2 used by rules'));
    expect(f).toMatch(/7 load-balance\s+2: w9 output:9 \| w10 output:10\s+2: lb-a, lb-b/);
    expect(f).toMatch(/8 clone\s+1: output:11\s+1: clone-c/);
    await c.keys('enter');
    const d = await c.ui.waitFor((x) => x.includes('Group 7 ·'));
    expect(d).toContain('1. watch 9 (eth-0-9) → output:9');
    expect(d).toContain("'lb-a' prio 300: in_port=5 → group:7");
  });

  it("filtered, says 'N of M groups match' and lists only those", async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    await c.ui.waitFor((x) => x.includes('2 groups · 2 used by rules'));
    await c.keys('/');
    await c.type('clone');
    await c.keys('enter');
    const f = await c.ui.waitFor((x) =>
      x.includes("1 of 2 groups match 'clone' · 2 used by rules"),
    );
    expect(f).toMatch(/8 clone\s+1: output:11/);
    expect(f).not.toContain('lb-a');
  });

  it('adding a group that rules use lists exactly those rules, and after confirming they are gone', async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    await c.ui.waitFor((x) => x.includes('2: lb-a, lb-b'));
    await c.keys('a');
    await c.ui.waitFor((x) => x.includes('Add group') && x.includes('adds group 9'));
    await c.keys(CTRL_U);
    await c.type('7');
    let f = await c.ui.waitFor((x) =>
      x.includes('replaces group 7; the device DELETES 2 rules using it'),
    );
    expect(f).toContain("✖ 'lb-a' prio 300: in_port=5 → group:7");
    expect(f).toContain("✖ 'lb-b' prio 300: in_port=6 → group:7");
    expect(f).not.toContain('clone-c');
    await c.keys('down', 'down', 'down', 'down'); // type, description, watch port, actions
    await c.type('output:12');
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Replace group — confirm'));
    expect(f).toContain('Sends POST /groups');
    expect(f).toContain('The device will DELETE these 2 rules:');
    expect(f).toContain('Type 2 (the number of rules deleted) and press Enter');
    await c.keys('enter'); // not confirmed without the count
    expect(c.sent).toEqual([]);
    await c.type('2');
    await c.keys('enter');
    f = await c.ui.waitFor((x) => x.includes('Replace group: done'));
    expect(f).toContain('2 rules deleted by the device, as previewed');
    expect(c.sent).toEqual([
      {
        method: 'POST',
        path: '/groups',
        json: {
          7: { group_id: '7', type: 'select', buckets: [{ actions: 'output:12', watch_port: '' }] },
        },
      },
    ]);
    const names = (await c.admin.rules.list()).rules.map((r) => r.name);
    expect(names).toContain('clone-c');
    expect(names).not.toContain('lb-a');
    expect(names).not.toContain('lb-b');
  });

  it('editing a group uses PUT and keeps its rules', async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    await c.ui.waitFor((x) => x.includes('2: lb-a, lb-b'));
    await c.keys('e');
    let f = await c.ui.waitFor((x) => x.includes('Edit group 7'));
    expect(f).toContain('call: PUT /groups — modifies group 7 in place; no rule is deleted');
    await c.keys('right'); // type: select → ff
    await c.keys(CTRL_S);
    f = await c.ui.waitFor((x) => x.includes('Modify group — confirm'));
    expect(f).toContain('Sends PUT /groups');
    await c.keys('y');
    await c.ui.waitFor((x) => x.includes('Modify group: done'));
    expect(c.sent.map((s) => s.method)).toEqual(['PUT']);
    const names = (await c.admin.rules.list()).rules.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['lb-a', 'lb-b', 'clone-c']));
    expect((await c.admin.groups.list()).find((g) => g.group_id === 7)?.type).toBe('ff');
  });

  it('delete all names every rule that uses a group and needs the word delete', async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    await c.ui.waitFor((x) => x.includes('1: clone-c'));
    await c.keys('D');
    const f = await c.ui.waitFor((x) => x.includes('Delete ALL groups — confirm'));
    expect(f).toContain('deletes all 2 groups and the 3 rules that use them');
    for (const n of ['lb-a', 'lb-b', 'clone-c']) expect(f).toContain(`'${n}'`);
    expect(f).toContain('[x] save a rule save-point before applying');
    await c.type('delete');
    await c.keys('enter');
    await c.ui.waitFor((x) => x.includes('3 rules deleted by the device, as previewed'));
    expect(c.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /savepoints/rulesavepoint',
      'DELETE /groups/all',
    ]);
    expect(await c.admin.groups.list()).toEqual([]);
  });

  it('deleting a group rules use: the device refuses, said once, and nothing is sent', async () => {
    const c = await mount({ screen: 'groups' });
    await withGroupUsers(c);
    await c.ui.waitFor((x) => x.includes('2: lb-a, lb-b') && x.includes('UAC off'), 15_000);
    await c.keys('d'); // group 7, the first row
    const f = await c.ui.waitFor((x) => x.includes('the device refuses'), 10_000);
    expect(f).toContain(
      "the device refuses: group 7 is used by 2 rules ('lb-a', 'lb-b') — delete those rules first",
    );
    expect(f).not.toContain('confirm');
    expect(f).not.toContain('will DELETE');
    await c.type('2');
    await c.keys('enter', 'y');
    expect(c.sent).toEqual([]);
    expect((await c.admin.groups.list()).map((g) => g.group_id)).toEqual([7, 8]);
  });

  it('deleting a group no rule uses asks once and sends DELETE /groups', async () => {
    const c = await mount({ screen: 'groups' });
    await c.admin.groups.add({
      group_id: 9,
      type: 'all',
      buckets: [{ watch_port: '', actions: ['output:11'] }],
    });
    await c.ui.waitFor((x) => /\b9 clone\b/.test(x) && x.includes('UAC off'), 15_000);
    await c.keys('d');
    const f = await c.ui.waitFor((x) => x.includes('Delete group — confirm'), 10_000);
    expect(f).toContain('deletes group 9 (clone); no rule uses it');
    await c.keys('y');
    await c.ui.waitFor((x) => x.includes('Delete group: done'), 10_000);
    expect(c.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['DELETE /groups']);
  });
});
