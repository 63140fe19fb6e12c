/**
 * Configuration as code on the simulator, in-process (`applyDesired`, the function a
 * fleet calls per device): export → apply is a no-op; a group that rules use, changed by
 * PUT keeps them and by POST has them re-added; a simulator fault in the middle stops the
 * apply with a per-step report; and random configurations applied (with prune) to a device
 * holding another random configuration leave the device equal to the file, as
 * `exportDesired` reads it back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { applyDesired } from '../../src/ops/desired/apply.js';
import { readDeviceState } from '../../src/ops/desired/device-state.js';
import { exportDesired } from '../../src/ops/desired/export.js';
import { normalActions, ruleIdentity } from '../../src/ops/desired/identity.js';
import { planDesired } from '../../src/ops/desired/plan.js';
import type { DesiredConfig, DesiredGroup, DesiredRule } from '../../src/ops/desired/types.js';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let c: Client;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 11, rebootMs: 300 });
  c = createClient({ url: sim.url });
});
afterAll(async () => {
  await c?.close();
  await sim?.close();
});

const planOf = async (config: DesiredConfig, prune = false) =>
  planDesired(config, await readDeviceState(c, config), { prune });

describe('applyDesired on the simulator', () => {
  it('export → apply on the same device changes nothing', async () => {
    const exported = await exportDesired(c, undefined, { warn: () => {} });
    expect(exported.rules?.length).toBeGreaterThan(0);
    const writes = sim.faults.writes;
    const { plan, report } = await applyDesired(c, exported, { prune: true });
    expect(plan.steps.map((s) => `${s.action} ${s.subject}`)).toEqual([]);
    expect(report).toMatchObject({ ok: true, done: 0 });
    expect(sim.faults.writes).toBe(writes);
  });

  it('a group that rules use: PUT keeps the rules, POST re-adds them; both end as the file says', async () => {
    const group = (port: number): DesiredGroup => ({
      id: 77,
      type: 'all',
      buckets: [{ actions: [`output:${port}`] }],
    });
    const rule: DesiredRule = {
      priority: 7700,
      match: { in_port: '9' },
      actions: ['group:77'],
      name: 'via-77',
    };
    await applyDesired(c, { rules: [rule], groups: [group(10)] });
    const cookie = (await c.rules.list()).rules.find((r) => r.name === 'via-77')!.cookie;

    const put = await applyDesired(c, { rules: [rule], groups: [group(11)] });
    expect(put.plan.steps.map((s) => s.op.describe()[0])).toEqual(['PUT /groups']);
    expect((await c.rules.list()).rules.find((r) => r.name === 'via-77')?.cookie).toBe(cookie);

    const post = await applyDesired(
      c,
      { rules: [rule], groups: [group(12)] },
      { groupMethod: 'post' },
    );
    expect(post.plan.steps.map((s) => `${s.op.describe()[0]} ${s.action}`)).toEqual([
      'POST /groups change',
      'POST /rules re-add',
    ]);
    expect(post.report.ok).toBe(true);
    const after = await c.rules.list();
    expect(after.rules.filter((r) => r.name === 'via-77')).toHaveLength(1);
    expect((await c.groups.list()).find((g) => g.group_id === 77)?.buckets[0]?.actions).toEqual([
      'output:12',
    ]);
    expect((await planOf({ rules: [rule], groups: [group(12)] })).steps).toEqual([]);
  });

  it('a simulator fault in the middle: stops there, the report says what was done', async () => {
    const rules: DesiredRule[] = [1, 2, 3, 4].map((i) => ({
      priority: 7800 + i,
      match: { in_port: String(i) },
      actions: ['output:20'],
      name: `mid-${i}`,
    }));
    const { report } = await applyDesired(c, { rules }, {}, (o) => {
      if (o.n === 2) sim.faults.settings.failNext = 1; // the third write gets a 500
    });
    expect(report.steps.map((s) => s.result)).toEqual(['done', 'done', 'failed', 'not sent']);
    expect(report).toMatchObject({ ok: false, done: 2, failed: 3 });
    expect(report.steps[2]!.answer).toMatch(/500|internal failure/);
    const names = (await c.rules.list()).rules.map((r) => r.name);
    expect(names.filter((n) => n.startsWith('mid-')).sort()).toEqual(['mid-1', 'mid-2']);
  });
});

// Random configurations the device accepts, drawn from few values so that the two
// configurations share rules (same identity, other actions or name) as often as not.
const groupArb = (id: number) =>
  fc.record({
    id: fc.constant(id),
    type: fc.constantFrom('all' as const, 'select' as const),
    buckets: fc.array(
      fc.integer({ min: 17, max: 24 }).map((p) => ({ actions: [`output:${p}`] })),
      { minLength: 1, maxLength: 3 },
    ),
  });
const configArb = fc
  .record({
    groups: fc.subarray([1, 2, 3]).chain((ids) => fc.tuple(...ids.map(groupArb))),
    priorities: fc.uniqueArray(fc.integer({ min: 5000, max: 5009 }), { maxLength: 8 }),
    seeds: fc.array(fc.tuple(fc.integer({ min: 1, max: 3 }), fc.nat({ max: 11 }), fc.boolean()), {
      minLength: 8,
      maxLength: 8,
    }),
    shut: fc.tuple(fc.boolean(), fc.boolean()),
  })
  .map(({ groups, priorities, seeds, shut }): DesiredConfig => {
    const gs = groups as DesiredGroup[];
    const rules = priorities.map((priority, i): DesiredRule => {
      const [port, pick, tcp] = seeds[i]!;
      const to =
        gs.length > 0 && pick % 2 === 0
          ? `group:${gs[pick % gs.length]!.id}`
          : `${(pick % 8) + 17}`;
      return {
        priority,
        match: tcp
          ? { in_port: String(port), tcp: '', tcp_dst: pick % 2 ? '80' : '443' }
          : { in_port: pick % 3 ? `${port}-${port + 1}` : `${port + 1},${port}` },
        actions: [to],
        name: `r${pick % 3}`,
      };
    });
    return {
      rules,
      groups: gs,
      ports: { 'eth-0-14': { shutdown: shut[0] }, 'eth-0-15': { shutdown: shut[1] } },
    };
  });

/** A configuration in comparable form: identities and normalized actions, sorted. */
function comparable(cfg: DesiredConfig, ports: string[]) {
  return {
    rules: (cfg.rules ?? [])
      .map((r) => `${ruleIdentity(r)} → ${normalActions(r.actions).join(',')} '${r.name ?? ''}'`)
      .sort(),
    groups: (cfg.groups ?? [])
      .map(
        (g) =>
          `${g.id} ${g.type} ${g.buckets.map((b) => normalActions(b.actions).join(',')).join('|')}`,
      )
      .sort(),
    ports: ports.map((p) => `${p}: ${cfg.ports?.[p]?.shutdown}`),
  };
}

describe('property: a random configuration applied over another ends equal to the file', () => {
  it('with --prune, PUT or POST for groups', async () => {
    await fc.assert(
      fc.asyncProperty(
        configArb,
        configArb,
        fc.constantFrom('put' as const, 'post' as const),
        async (a, b, groupMethod) => {
          const first = await applyDesired(c, a, { prune: true, groupMethod });
          expect(
            first.report.ok,
            JSON.stringify(first.report.steps.find((s) => s.result === 'failed')),
          ).toBe(true);
          const second = await applyDesired(c, b, { prune: true, groupMethod });
          expect(
            second.report.ok,
            JSON.stringify(second.report.steps.find((s) => s.result === 'failed')),
          ).toBe(true);
          const back = await exportDesired(c, ['rules', 'groups', 'ports'], { warn: () => {} });
          const ports = ['eth-0-14', 'eth-0-15'];
          expect(comparable(back, ports)).toEqual(comparable(b, ports));
          expect((await planOf(b, true)).steps).toEqual([]);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
