/** The device's state invariants, checked after every batch through the keeper account. */
import { expect } from 'vitest';
import { capacity, flowCount, isStorageMode } from '../../../src/tcam/index.js';
import type { TestSim, Wire } from '../helpers.js';
import { basic, KEEPER } from './config.js';

export async function checkInvariants(t: TestSim, where: string): Promise<void> {
  const auth = { headers: { authorization: basic(...KEEPER) } };
  const [rules, flows, mode, groups, users, name] = await Promise.all([
    t.call('GET', '/rules/all', auth),
    t.call('GET', '/flownumbers', auth),
    t.call('GET', '/device/rulestoragemode', auth),
    t.call('GET', '/groups/all', auth),
    t.call('GET', '/users', auth),
    t.call('GET', '/device/name', auth),
  ]);
  for (const res of [rules, flows, mode, groups, users, name])
    expect(res.status, `${where}: ${res.text}`).toBe(200);
  const current = mode.body.modeCurrent;
  expect(isStorageMode(current), `${where}: storage mode ${current}`).toBe(true);
  const cap = capacity(current);
  const list = rules.body.rules as Record<string, Wire>[];
  let sum = 0;
  for (const r of list) {
    expect(r.real_flow_ct, `${where}: real_flow_ct of ${JSON.stringify(r.match)}`).toBe(
      flowCount(r.match),
    );
    sum += r.real_flow_ct;
  }
  expect(rules.body.used_flows, `${where}: used_flows of /rules/all`).toBe(sum);
  expect(flows.body.used_flows, `${where}: used_flows of /flownumbers`).toBe(sum);
  expect(flows.body.maximum_flows, `${where}: maximum_flows`).toBe(cap.maximum);
  expect(sum, `${where}: flows over the ${current} hard limit`).toBeLessThanOrEqual(cap.hardLimit);
  const ids = list.map((r) => `${r.priority}|${JSON.stringify(Object.entries(r.match).sort())}`);
  expect(new Set(ids).size, `${where}: two rules share match + priority`).toBe(ids.length);
  const cookies = list.map((r) => String(r.cookie));
  expect(new Set(cookies).size, `${where}: cookies repeat`).toBe(cookies.length);
  const groupIds = new Set((groups.body.rules as Wire[]).map((g) => g.group_id));
  for (const r of list)
    for (const m of String(r.actions).matchAll(/group:(\d+)/g))
      expect(groupIds.has(Number(m[1])), `${where}: rule uses missing group ${m[1]}`).toBe(true);
  expect(users.body[KEEPER[0]]?.accesslevel, `${where}: the keeper account`).toBe(31);
  if (process.env.PBC_FUZZ_STATS)
    console.log(
      `${where}: ${list.length} rules, ${sum} flows (${current}), ${groupIds.size} groups`,
    );
}
