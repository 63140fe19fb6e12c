/**
 * `pbc groups rm` of a group that rules use: the device refuses it (409), so pbc says so
 * once — which rules, and what to do — and sends no DELETE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
  const admin = createClient({ url: s.url, user: 'admin', password: 'admin' });
  await admin.groups.add({
    group_id: 5,
    type: 'all',
    buckets: [{ watch_port: '', actions: ['output:10'] }],
  });
  await admin.rules.add({
    name: 'lb',
    priority: 300,
    match: { in_port: '5' },
    actions: ['group:5'],
  });
  await admin.close();
});
afterAll(() => s?.close());

describe('groups rm', () => {
  it('refuses a group that rules use, naming them, and sends nothing', async () => {
    const writes = s.sim.faults.writes;
    const r = await s.run(['groups', 'rm', '5', '--yes']);
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toBe(
      "pbc: groups rm: the device refuses: group 5 is used by 1 rule ('lb') (delete those rules first)",
    );
    expect(s.sim.faults.writes).toBe(writes);
    const groups = json(await s.run(['get', 'groups', '-o', 'json']));
    expect(groups.map((g: { group_id: number }) => g.group_id)).toContain(5);
  });

  it('deletes it once no rule uses it', async () => {
    expect(
      (await s.run(['rules', 'rm', '--priority', '300', '--match', 'in_port=5', '--yes'])).code,
    ).toBe(0);
    const r = await s.run(['groups', 'rm', '5', '--yes']);
    expect(r.code, r.stderr).toBe(0);
  });
});
