/**
 * The simulator's --quirks mode answers in the other forms the spec allows (ifName and
 * mediaType keys, integer port_no, string priority, save-points in maps keyed by name,
 * 'n/a' data rates for brand-new rules). Two simulators with the same seed, the same
 * set-up and the same (manual) clock must give the same normalized values, except for the
 * rate of a brand-new rule, which is null in quirks mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, seedDevice } from './fixtures.js';
import { type ManualClock, manualClock, type Rig, startRig } from './helpers.js';

let plain: Rig;
let quirks: Rig;
let clock: ManualClock;
beforeAll(async () => {
  clock = manualClock();
  plain = await startRig({ now: clock.now, quirks: false });
  quirks = await startRig({ now: clock.now, quirks: true });
  for (const rig of [plain, quirks]) await seedDevice(rig);
});
afterAll(async () => {
  await plain?.close();
  await quirks?.close();
});

describe('quirks mode: the same normalized values as plain mode', () => {
  it('the quirky wire forms really are sent', async () => {
    const config = await quirks.raw('GET', '/ports/config');
    expect(config.body.port_config[0]).toHaveProperty('ifName');
    expect(config.body.port_config[0]).toHaveProperty('mediaType');
    expect(config.body.port_config[0]).not.toHaveProperty('if_name');
    const info = await quirks.raw('GET', '/ports/info');
    expect(typeof info.body.result[0].properties.port_no).toBe('number');
    const rules = await quirks.raw('GET', '/rules/all');
    expect(rules.body.rules.length).toBeGreaterThan(0);
    for (const r of rules.body.rules) expect(typeof r.priority).toBe('string');
    const sps = await quirks.raw('GET', '/savepoints');
    expect(Array.isArray(sps.body.RuleSavePoints)).toBe(false);
    expect(Object.keys(sps.body.RuleSavePoints)).toEqual(['factory-default', 'with-group']);
    expect(Object.keys(sps.body.PortSavePoints)).toEqual(['factory-ports', 'ports-now']);
    // and plain mode answers the other way
    expect((await plain.raw('GET', '/ports/config')).body.port_config[0]).toHaveProperty('if_name');
    expect(Array.isArray((await plain.raw('GET', '/savepoints')).body.RuleSavePoints)).toBe(true);
  });

  it('brand-new rules: datarate n/a reads as datarate_raw null; all else equals plain mode', async () => {
    clock.advance(200); // < 1 s since the rules were added: quirks mode says 'n/a'
    const young = await quirks.client.rules.list();
    const same = await plain.client.rules.list();
    expect(young.rules).toHaveLength(same.rules.length);
    expect(young.used_flows).toBe(same.used_flows);
    for (const [i, r] of young.rules.entries()) {
      const p = same.rules[i]!;
      expect(r.datarate_raw).toBeNull();
      expect(r.datarate).toBe('n/a');
      expect(typeof p.datarate_raw).toBe('number');
      const { datarate: _a, datarate_raw: _b, ...rest } = r;
      const { datarate: _c, datarate_raw: _d, ...plainRest } = p;
      expect(rest).toEqual(plainRest);
      expect(typeof r.priority).toBe('number');
    }
  });

  it('every read normalizes to exactly what plain mode gives', async () => {
    clock.advance(5000);
    const [a, b] = [await readAll(plain.client), await readAll(quirks.client)];
    expect(Object.keys(b)).toEqual(Object.keys(a));
    for (const name of Object.keys(a)) {
      if (name === 'savepoints.export') continue; // `raw` holds the wire form; checked below
      expect(b[name], name).toEqual(a[name]);
    }
    const { raw: rawA, ...exportA } = a['savepoints.export'] as { raw: unknown };
    const { raw: rawB, ...exportB } = b['savepoints.export'] as { raw: unknown };
    expect(exportB).toEqual(exportA);
    expect(rawB).not.toEqual(rawA);
    // the values really are normalized (not just equally raw)
    const rules = (a['rules.list'] as { rules: { priority: unknown; cookie: unknown }[] }).rules;
    for (const r of rules) {
      expect(typeof r.priority).toBe('number');
      expect(typeof r.cookie).toBe('bigint');
    }
  });

  it('save-point answers of writes (create, modify, quicksave) match too', async () => {
    const out = [];
    for (const rig of [plain, quirks]) {
      const sp = rig.client.savepoints;
      out.push({
        created: await sp.createRules('q1', 'quirk test'),
        modified: await sp.modifyRules({ old_name: 'q1', new_name: 'q2', override: false }),
        ports: await sp.createPorts('qp', 'ports'),
        modPorts: await sp.modifyPorts({ old_name: 'qp', description: 'changed' }),
        quick: await sp.quicksave(),
      });
    }
    expect(out[1]).toEqual(out[0]);
    expect(out[0]?.modified?.name).toBe('q2');
    expect(out[0]?.modPorts.find((p) => p.name === 'qp')?.description).toBe('changed');
    expect(out[0]?.quick.map((s) => s.name)).toEqual(['Quicksave']);
  });
});
