/**
 * `pbc tools plan|apply|check -f` and `pbc rules explain` on the simulator: the overlap example
 * of docs/tools.md (IDS VLANs 1-3, APM all TCP, recorder VLANs 3-6) delivers every class to
 * exactly its tools as the simulator forwards them, the TCAM cost predicted is the used_flows
 * measured, rules outside the band are unchanged, a second apply sends nothing; check agrees
 * with hand-broken tables; a band that does not fit is refused with nothing sent.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: ReturnType<typeof inProcess>;
const dir = mkdtempSync(join(tmpdir(), 'pbc-tools-'));
const env = { PBC_STATE_DIR: mkdtempSync(join(dir, 'state-')) };
const run = (args: string[]) => s.run(args, { env });
/**
 * The simulator's clock: the wall clock plus what a test moves it by, so a rule's measured rate
 * covers traffic it forwarded (a check right after an add read a rate of 0 in the same ms).
 */
let shift = 0;

beforeAll(async () => {
  s = inProcess(await startCliSim({ flows: 200, now: () => Date.now() + shift }));
});
afterAll(() => s?.close());

let n = 0;
function file(text: string): string {
  const p = join(dir, `tools-${++n}.yaml`);
  writeFileSync(p, text);
  return p;
}

const OVERLAP = `tools:
  - name: ids
    port: eth-0-9
    wants: [ { vlan_id: 1-3 } ]
  - name: apm
    port: 10
    wants: [ { tcp: "" } ]
  - name: rec
    port: 11
    wants: [ { vlan_id: 3-6 } ]
sources: [1, 2, 3, 4]
`;

/** A hand-made rule above the band that takes HTTPS from port 2 to port 12. */
const THIEF = [
  '--priority',
  '30000',
  '--match',
  'in_port=2',
  '--match',
  'tcp',
  '--match',
  'tcp_dst=443',
];

const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;
type WireRule = {
  priority: number;
  match: unknown;
  actions: unknown;
  name: string;
  cookie?: unknown;
};
const rules = async (): Promise<WireRule[]> => json(await run(['get', 'rules', '-o', 'json']));
const outside = (list: WireRule[]) =>
  list
    .filter((r) => r.priority < 10000 || r.priority > 19999)
    .map((r) => JSON.stringify([r.priority, r.match, r.actions, r.name]))
    .sort();
const usedFlows = async (): Promise<number> =>
  json(await run(['get', 'flows', '-o', 'json'])).used_flows;

async function outputsOf(flow: Record<string, unknown>): Promise<string[]> {
  const { id } = await s.control('/_sim/flows', { bps: 1000, ...flow });
  const { flows } = await s.control(`/_sim/flows?in_port=${flow.in_port}&limit=100000`);
  const f = flows.find((x: { id: number }) => x.id === id);
  return [...f.outputs].sort();
}

describe('pbc tools', () => {
  it('plan, apply, check: the overlap example delivers 100 % with no extra', async () => {
    const f = file(OVERLAP);
    const before = await rules();
    const used = await usedFlows();
    const planned = await run(['tools', 'plan', '-f', f, '-o', 'json']);
    expect(planned.code).toBe(0);
    const p = json(planned);
    expect(Object.keys(p).sort()).toEqual(
      ['flows_free', 'flows_needed', 'fits', 'groups', 'rules', 'tools'].sort(),
    );
    expect(p.fits).toBe(true);
    expect(p.tools.map((t: { name: string; port: number }) => [t.name, t.port])).toEqual([
      ['ids', 9],
      ['apm', 10],
      ['rec', 11],
    ]);
    expect(p.rules[0]).toEqual({
      priority: 19999,
      name: 'tools:ids+apm+rec',
      match: { in_port: '1-4', tcp: '', dl_vlan: '3' },
      actions: ['output:9', 'output:10', 'output:11'],
    });
    const applied = await run(['tools', 'apply', '-f', f, '--yes']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    // TCAM: predicted cost = what the device counts (no band rules before)
    expect(await usedFlows()).toBe(used + p.flows_needed);
    expect(outside(await rules())).toEqual(outside(before));
    // as the simulator forwards them
    expect(await outputsOf({ in_port: 2, protocol: 'tcp', vlan: 2 })).toEqual([
      'eth-0-10',
      'eth-0-9',
    ]);
    expect(await outputsOf({ in_port: 1, protocol: 'tcp', vlan: 3 })).toEqual([
      'eth-0-10',
      'eth-0-11',
      'eth-0-9',
    ]);
    expect(await outputsOf({ in_port: 3, protocol: 'udp', vlan: 3 })).toEqual([
      'eth-0-11',
      'eth-0-9',
    ]);
    expect(await outputsOf({ in_port: 4, protocol: 'udp', vlan: 5 })).toEqual(['eth-0-11']);
    expect(await outputsOf({ in_port: 4, protocol: 'tcp' })).toEqual(['eth-0-10']);
    expect(await outputsOf({ in_port: 4, protocol: 'udp', vlan: 7 })).toEqual([]);
    const checked = await run(['tools', 'check', '-f', f, '-o', 'json']);
    expect(checked.code).toBe(0);
    expect(json(checked).tools.map((t: { ok: boolean }) => t.ok)).toEqual([true, true, true]);
    // a second apply sends nothing
    const w = await writes();
    const again = await run(['tools', 'apply', '-f', f, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('nothing to do');
    expect(await writes()).toBe(w);
  });

  it('check names the higher rule that takes a class, and explain says so too', async () => {
    const f = file(OVERLAP);
    expect((await run(['tools', 'apply', '-f', f, '--yes'])).code).toBe(0);
    const add = await run([
      'rules',
      'add',
      ...THIEF,
      '--name',
      'thief',
      '--actions',
      'output:12',
      '--yes',
    ]);
    expect(add.code).toBe(0);
    shift += 2000; // the thief forwards for two seconds of the device's time
    const checked = await run(['tools', 'check', '-f', f, '-o', 'json']);
    expect(checked.code).toBe(1);
    const apm = json(checked).tools[1];
    expect(apm).toEqual({
      name: 'apm',
      port: 10,
      ok: false,
      starved: [
        {
          match: 'in_port=2 tcp tcp_dst=443',
          taken_by: {
            priority: 30000,
            name: 'thief',
            match: { in_port: '2', tcp: '', tcp_dst: '443' },
          },
          reason: 'taken by a rule that does not send it to the tool',
          rate: { bps: expect.any(Number), exact: true },
        },
      ],
      extra: [],
    });
    // the class is all the thief counts: its rate is the thief's counter, which measures the
    // simulator's flows the thief wins (ground truth: GET /_sim/flows), within counter timing
    const thief = (await rules()).find((r) => r.name === 'thief');
    const { flows } = await s.control('/_sim/flows?in_port=2&limit=100000');
    const truth = (flows as { rule: string; bps: number }[])
      .filter((x) => x.rule === String(thief?.cookie))
      .reduce((n, x) => n + x.bps, 0);
    expect(truth).toBeGreaterThan(0);
    expect(Math.abs(apm.starved[0].rate.bps - truth) / truth).toBeLessThan(0.05);
    expect(await outputsOf({ in_port: 2, protocol: 'tcp', dst_port: 443 })).toEqual(['eth-0-12']);
    const explained = await run(['rules', 'explain', '19991', 'in_port=1-4', 'tcp', '-o', 'json']);
    expect(explained.code).toBe(0);
    const e = json(explained);
    expect(e.taken_by.map((t: { name: string }) => t.name)).toContain('thief');
    expect(e.shadowed).toBe(false);
    // the rule by meaning, never another one with the same fields: in_port=5 is not in_port=1-4
    const other = await run(['rules', 'explain', '19991', 'in_port=5', 'tcp']);
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain('no rule with priority 19991 and that match');
    expect((await run(['rules', 'rm', ...THIEF, '--yes'])).code).toBe(0);
  });

  it('a down tool port: ok false, reason tool port down', async () => {
    const f = file(OVERLAP);
    expect((await run(['tools', 'apply', '-f', f, '--yes'])).code).toBe(0);
    expect((await run(['ports', 'set', 'eth-0-11', '--shutdown', '--yes'])).code).toBe(0);
    const checked = await run(['tools', 'check', '-f', f, '-o', 'json']);
    expect(checked.code).toBe(1);
    const rec = json(checked).tools[2];
    expect(rec.ok).toBe(false);
    expect(rec.starved.length).toBeGreaterThan(0);
    expect(rec.starved.every((x: { reason: string }) => x.reason === 'tool port down')).toBe(true);
    expect(await outputsOf({ in_port: 4, protocol: 'udp', vlan: 5 })).toEqual([]);
    expect((await run(['ports', 'set', 'eth-0-11', '--no-shutdown', '--yes'])).code).toBe(0);
  });

  it('refuses a band that does not fit the free TCAM: exit 2, nothing sent', async () => {
    // 30 blocks × 30 blocks × 20 ports = 18,000 flows of a 4,096 TCAM
    const wants = '{ tcp: "", tcp_src: 1-65534, tcp_dst: 1-65534 }';
    const f = file(
      `tools:\n  - name: big\n    port: 12\n    wants: [ ${wants} ]\nsources: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]\n`,
    );
    const w = await writes();
    const r = await run(['tools', 'apply', '-f', f, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the band needs \d+ TCAM flows, \d+ are free .*; nothing was sent/);
    expect(await writes()).toBe(w);
    expect((await run(['tools', 'plan', '-f', f])).code).toBe(2);
  });

  it('a bad file is exit 2 with file:line:col', async () => {
    const f = file(
      'tools:\n  - name: x\n    port: 9\n    wants: [ { dl_src: "aa:bb:cc:dd:ee:ff" } ]\n',
    );
    const r = await run(['tools', 'check', '-f', f]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/tools-\d+\.yaml:4:14: dl_src: not a field intents can combine/);
  });

  it('tool_groups: the band sends to groups of type all — exact delivery, cost as measured', async () => {
    const f = file(`${OVERLAP}tool_groups: 500-599\n`);
    type G = { group_id: number; type: string; buckets: unknown };
    const groups = async (): Promise<G[]> => json(await run(['get', 'groups', '-o', 'json']));
    const otherGroups = async () =>
      JSON.stringify((await groups()).filter((g) => g.group_id < 500 || g.group_id > 599));
    const beforeRules = await rules();
    const beforeGroups = await otherGroups();
    const planned = await run(['tools', 'plan', '-f', f, '-o', 'json']);
    expect(planned.code).toBe(0);
    const p = json(planned);
    // one group per set of two or more tool ports: 9+10+11, 9+10, 9+11, 10+11
    expect(p.groups.map((g: G) => [g.group_id, g.type])).toEqual([
      [500, 'all'],
      [501, 'all'],
      [502, 'all'],
      [503, 'all'],
    ]);
    expect(p.rules[0].actions).toEqual(['group:500']);
    const applied = await run(['tools', 'apply', '-f', f, '--yes']);
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    // the stated cost is what the device counts: used = maximum − free + needed
    const counted = json(await run(['get', 'flows', '-o', 'json']));
    expect(counted.used_flows).toBe(counted.maximum_flows - p.flows_free + p.flows_needed);
    expect((await groups()).filter((g) => g.group_id >= 500).length).toBe(4);
    expect(await otherGroups()).toBe(beforeGroups);
    expect(outside(await rules())).toEqual(outside(beforeRules));
    expect(await outputsOf({ in_port: 1, protocol: 'tcp', vlan: 3 })).toEqual([
      'eth-0-10',
      'eth-0-11',
      'eth-0-9',
    ]);
    expect(await outputsOf({ in_port: 2, protocol: 'tcp', vlan: 2 })).toEqual([
      'eth-0-10',
      'eth-0-9',
    ]);
    expect(await outputsOf({ in_port: 4, protocol: 'udp', vlan: 5 })).toEqual(['eth-0-11']);
    expect((await run(['tools', 'check', '-f', f])).code).toBe(0);
    const w = await writes();
    const again = await run(['tools', 'apply', '-f', f, '--yes']);
    expect(again.stdout).toContain('nothing to do');
    expect(await writes()).toBe(w);
    // back to output lists: the band's rules change in place (PUT keeps their counters)
    expect((await run(['tools', 'apply', '-f', file(OVERLAP), '--yes'])).code).toBe(0);
    expect((await rules()).filter((r) => String(r.actions).includes('group:5'))).toEqual([]);
  });
});
