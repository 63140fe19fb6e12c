/**
 * The delivery check against ground truth: hand-broken tables (a higher rule that takes a
 * class, a missing rule, a down tool port) and the overlap example of docs/tools.md, whose
 * compiled table delivers 100 % with no extra. Ground truth for each class is the forwarding
 * engine on an example packet (tcam Classifier + forward), not the check's own walk.
 */
import { describe, expect, it } from 'vitest';
import { Classifier, forward } from '../index.js';
import { checkDelivery } from './check.js';
import { compileIntents } from './compile.js';
import { examplePacket } from './render.js';
import type { TableDevice } from './table.js';
import type { Intents, TableRule } from './types.js';

const OVERLAP: Intents = {
  tools: [
    { name: 'ids', port: 9, wants: [{ vlan_id: '1-3' }] },
    { name: 'apm', port: 10, wants: [{ tcp: '' }] },
    { name: 'rec', port: 11, wants: [{ vlan_id: '3-6' }] },
  ],
  sources: [1, 2, 3, 4],
  band: [10000, 19999],
  unwanted: 'drop',
};

const device = (rules: TableRule[], down: number[] = []): TableDevice => ({
  rules,
  groups: new Map(),
  portUp: (p) => !down.includes(p),
  hashFields: [],
});

/** Where the engine sends an example packet of a class. */
function engineOutputs(rules: TableRule[], cls: Parameters<typeof examplePacket>[0]): number[] {
  const f = examplePacket(cls);
  const c = new Classifier(
    rules.map((r, id) => ({ id, ...r })),
    [f],
  );
  const w = c.winner(f.id);
  return w ? forward(w.actions, f, device(rules)).outputs.map((o) => o.port) : [];
}

describe('checkDelivery', () => {
  it('the overlap example compiles to a table that delivers every class, no extra', () => {
    const compiled = compileIntents(OVERLAP);
    const r = checkDelivery(OVERLAP, device(compiled.rules));
    expect(r.tools.map((t) => [t.name, t.ok, t.starved.length, t.extra.length])).toEqual([
      ['ids', true, 0, 0],
      ['apm', true, 0, 0],
      ['rec', true, 0, 0],
    ]);
    // VLAN 3 TCP goes to all three tools through one rule
    const v3tcp = compiled.rules.find(
      (r) => r.match.dl_vlan === '3' && r.match.tcp === '' && r.actions.length === 3,
    );
    expect(v3tcp?.actions).toEqual(['output:9', 'output:10', 'output:11']);
  });

  it('names the higher rule that takes a class, as the engine forwards it', () => {
    const compiled = compileIntents(OVERLAP);
    const thief: TableRule = {
      priority: 30000,
      name: 'thief',
      match: { in_port: '2', tcp: '', tcp_dst: '443' },
      actions: ['output:12'],
    };
    const rules = [thief, ...compiled.rules];
    const r = checkDelivery(OVERLAP, device(rules));
    const apm = r.tools.find((t) => t.name === 'apm')!;
    expect(apm.ok).toBe(false);
    expect(apm.starved).toHaveLength(1);
    expect(apm.starved[0]).toMatchObject({
      match: 'in_port=2 tcp tcp_dst=443',
      taken_by: { priority: 30000, name: 'thief' },
      reason: 'taken by a rule that does not send it to the tool',
    });
    expect(engineOutputs(rules, apm.starved[0]!.cube)).toEqual([12]);
    // ids and rec lose their TCP 443 on port 2 too
    for (const name of ['ids', 'rec'])
      expect(r.tools.find((t) => t.name === name)!.starved[0]!.taken_by?.name).toBe('thief');
  });

  it('a missing rule starves its class with "no rule" (unwanted: pass, nothing below)', () => {
    const intents: Intents = { ...OVERLAP, unwanted: 'pass' };
    const compiled = compileIntents(intents);
    const gone = compiled.rules.find((r) => r.name === 'tools:apm')!;
    const rules = compiled.rules.filter((r) => r !== gone);
    const apm = checkDelivery(intents, device(rules)).tools.find((t) => t.name === 'apm')!;
    expect(apm.ok).toBe(false);
    expect(apm.starved.every((s) => s.taken_by === null && s.reason === 'no rule')).toBe(true);
    for (const s of apm.starved) expect(engineOutputs(rules, s.cube)).toEqual([]);
  });

  it('a rule sending a tool what it did not ask for is extra, with that rule', () => {
    const compiled = compileIntents(OVERLAP);
    const leak: TableRule = {
      priority: 30000,
      name: 'leak',
      match: { in_port: '1', udp: '', udp_dst: '53' },
      actions: ['output:10'],
    };
    const apm = checkDelivery(OVERLAP, device([leak, ...compiled.rules])).tools[1]!;
    expect(apm.ok).toBe(false);
    expect(apm.extra.map((e) => [e.match, e.rule?.name])).toEqual([
      ['in_port=1 udp udp_dst=53', 'leak'],
    ]);
    expect(engineOutputs([leak, ...compiled.rules], apm.extra[0]!.cube)).toContain(10);
  });

  it('a down tool port: ok false, its classes starved with reason tool port down', () => {
    const compiled = compileIntents(OVERLAP);
    const r = checkDelivery(OVERLAP, device(compiled.rules, [11]));
    const rec = r.tools.find((t) => t.name === 'rec')!;
    expect(rec.ok).toBe(false);
    expect(rec.starved.length).toBeGreaterThan(0);
    expect(rec.starved.every((s) => s.reason === 'tool port down')).toBe(true);
    expect(r.tools.filter((t) => t.ok).map((t) => t.name)).toEqual(['ids', 'apm']);
  });
});
