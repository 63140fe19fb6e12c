/**
 * `pbc trace FIELD[=VALUE]…` against the simulator: the JSON shape of issue 17 with exact
 * cookies, the table, exit 2 naming the field of a bad packet, and nothing sent but GETs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let sim: CliSim;
const COOKIE = 18446744073709551000n; // beyond 2^53: must stay exact

beforeAll(async () => {
  sim = inProcess(await startCliSim());
  const admin = createClient({ url: sim.url });
  await admin.rules.removeAll();
  await admin.groups.add({
    group_id: 1,
    type: 'all',
    buckets: [
      { watch_port: '', actions: ['output:9'] },
      { watch_port: '', actions: ['output:7'] },
    ],
  });
  await admin.rules.add({
    name: 'ssh-drop',
    priority: 3000,
    match: { tcp: '', tcp_dst: '22' },
    actions: ['drop'],
  });
  await admin.rules.add({
    name: 'to-ids',
    priority: 2000,
    match: { in_port: '3', tcp: '' },
    actions: ['group:1'],
    cookie: COOKIE,
  });
  await admin.close();
});
afterAll(async () => {
  await sim?.close();
});

const WEB = [
  'in_port=3',
  'tcp',
  'nw_src=10.1.2.3',
  'nw_dst=10.9.9.9',
  'tcp_src=5555',
  'tcp_dst=443',
];

describe('pbc trace', () => {
  it('-o json: exactly the fields of the issue, cookies as exact decimal strings', async () => {
    const r = await sim.run(['trace', ...WEB, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(json(r)).toEqual({
      verdict: 'forwarded',
      rule: { cookie: COOKIE.toString(), priority: 2000, name: 'to-ids' },
      passed: [
        {
          cookie: expect.stringMatching(/^\d+$/),
          priority: 3000,
          name: 'ssh-drop',
          field: 'tcp_dst',
        },
      ],
      outputs: ['eth-0-9'],
      groups: [{ id: 1, type: 'all', bucket: null }],
      reason: 'output port down: eth-0-7 (its copy is lost)',
    });
  });

  it('dropped and unmatched packets say why', async () => {
    const ssh = json(await sim.run(['trace', 'in_port=3', 'tcp_dst=22', '-o', 'json']));
    expect(ssh).toMatchObject({
      verdict: 'dropped',
      rule: { name: 'ssh-drop' },
      outputs: [],
      reason: "drop action of 'ssh-drop'",
    });
    const udp = json(await sim.run(['trace', 'in_port=eth-0-3', 'udp_dst=53', '-o', 'json']));
    expect(udp).toMatchObject({
      verdict: 'unmatched',
      rule: null,
      reason: 'no rule matches: the device drops it',
    });
    expect(udp.passed.map((p: { field: string }) => p.field)).toEqual(['tcp', 'tcp']);
  });

  it('a table on a terminal: the rule, the group, outputs with their state, and the rules passed over', async () => {
    const r = await sim.run(['trace', ...WEB, '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('in_port 3 (eth-0-3) · IPv4, tcp, 10.1.2.3:5555 → 10.9.9.9:443');
    expect(r.stdout).toMatch(/rule +'to-ids' priority 2000, cookie 18446744073709551000/);
    expect(r.stdout).toMatch(/group 1 +all: all buckets \(1, 2\)/);
    expect(r.stdout).toMatch(/outputs +eth-0-9 \(up\)/);
    expect(r.stdout).toMatch(/lost +eth-0-7 \(down\)/);
    expect(r.stdout).toMatch(/'ssh-drop' priority 3000: tcp_dst/);
  });

  it('a bad packet: exit 2 naming the field, before any request', async () => {
    const before = await sim.requests();
    for (const [args, field] of [
      [['in_port=3', 'tcp_dst=99999'], 'tcp_dst'],
      [['in_port=3', 'udp', 'tcp_dst=80'], 'tcp_dst'],
      [['tcp'], 'in_port'],
      [['in_port=3', 'nw_src=10.0.0.0/8'], 'nw_src'],
      [['in_port=3', 'colour=red'], 'colour'],
    ] as const) {
      const r = await sim.run(['trace', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneErrorLine(r)).toContain(field);
    }
    expect(await sim.requests()).toBe(before);
  });

  it('an interface name the device does not have: exit 2 after GETs only', async () => {
    const r = await sim.run(['trace', 'in_port=eth-9-9', 'tcp', '--debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("in_port must be one port number or interface name, got 'eth-9-9'");
    const methods = r.stderr
      .split('\n')
      .filter((l) => /^pbc debug: [A-Z]+ \//.test(l))
      .map((l) => l.split(' ')[2]);
    expect(methods.length).toBeGreaterThan(0);
    expect(new Set(methods)).toEqual(new Set(['GET']));
  });
});
