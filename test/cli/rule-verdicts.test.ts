/**
 * One rule check (src/tcam checkRule): `pbc rules plan` and the console's rule editor give
 * the same verdicts — errors, warnings and what applying does — for the same rule on the
 * same device. The device is a simulator behind a proxy that reports the TCAM use each case
 * needs; the editor's view of it is built from the same GETs the console polls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import type { FlowNumbers, Match, Rule } from '../../src/model/index.js';
import { deviceView } from '../../src/screens/device-view.js';
import { analyze } from '../../src/screens/rules/analysis.js';
import { newRuleForm } from '../../src/screens/rules/editor-state.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { type DeviceProxy, startProxy } from './device-proxy.js';
import { json } from './helpers.js';
import { pbcInProcess } from './in-process.js';

let sim: SimServer;
let proxy: DeviceProxy;
let client: Client;
let flows: FlowNumbers = { used_flows: 10, maximum_flows: 100 };

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 3 });
  const admin = createClient({ url: sim.url, user: 'admin', password: 'admin' });
  await admin.rules.removeAll();
  await admin.rules.add({
    name: 'tap-1',
    priority: 1000,
    match: { in_port: '1' },
    actions: ['output:9'],
  });
  await admin.groups.add({
    group_id: 7,
    type: 'all',
    buckets: [{ watch_port: '', actions: ['output:10'] }],
  });
  const port4 = (await admin.ports.info()).find((p) => p.port_no === '4')!;
  await admin.ports.setConfig(port4.if_name, { shutdown: true });
  await admin.close();
  proxy = await startProxy(sim.url, (req) =>
    req.method === 'GET' && req.path === '/rest/flownumbers' ? flows : undefined,
  );
  client = createClient({ url: proxy.url, user: 'admin', password: 'admin' });
});
afterAll(async () => {
  await client?.close();
  await proxy?.close();
  await sim?.close();
});

interface Case {
  name: string;
  used?: number;
  priority?: number;
  match: Match;
  actions: string[];
  kind: 'add' | 'modify';
  errors: RegExp[];
  warnings: RegExp[];
}

const WEB: Match = { in_port: '2' };
const CASES: Case[] = [
  { name: 'valid', match: WEB, actions: ['output:3'], kind: 'add', errors: [], warnings: [] },
  {
    name: 'shadowed',
    priority: 500,
    match: { in_port: '1', tcp: '', tcp_dst: '80' },
    actions: ['output:3'],
    kind: 'add',
    errors: [],
    warnings: [/^unreachable: 'tap-1' \(prio 1000\) covers this match/],
  },
  {
    name: 'shadows another',
    priority: 2000,
    match: { in_port: '1' },
    actions: ['output:3'],
    kind: 'add',
    errors: [],
    warnings: [/^shadows 1 lower-priority rule: 'tap-1' \(prio 1000\) would never match again/],
  },
  {
    name: 'unknown output port',
    match: WEB,
    actions: ['output:99'],
    kind: 'add',
    errors: [],
    warnings: [
      /^output port 99 does not exist on this device; the device will probably refuse it$/,
    ],
  },
  {
    name: 'output to a down port',
    match: WEB,
    actions: ['output:4'],
    kind: 'add',
    errors: [],
    warnings: [/^output port 4 is shut down$/],
  },
  {
    name: 'group missing',
    match: WEB,
    actions: ['group:5'],
    kind: 'add',
    errors: [/^group 5 does not exist$/],
    warnings: [],
  },
  {
    name: 'TCAM 89 %',
    used: 88,
    match: WEB,
    actions: ['output:3'],
    kind: 'add',
    errors: [],
    warnings: [],
  },
  {
    name: 'TCAM 90 %',
    used: 89,
    match: WEB,
    actions: ['output:3'],
    kind: 'add',
    errors: [],
    warnings: [/^the TCAM would be 90 % full$/],
  },
  {
    name: 'TCAM 91 %',
    used: 90,
    match: WEB,
    actions: ['output:3'],
    kind: 'add',
    errors: [],
    warnings: [/^the TCAM would be 91 % full$/],
  },
  {
    name: 'over the maximum',
    used: 100,
    match: WEB,
    actions: ['output:3'],
    kind: 'add',
    errors: [/^past the TCAM maximum \(101 of 100\); the device may refuse it/],
    warnings: [],
  },
  {
    name: 'past what the device accepts',
    used: 110,
    match: WEB,
    actions: ['output:3'],
    kind: 'add',
    errors: [/^TCAM full: 111 of 100 entries/],
    warnings: [],
  },
  {
    name: 'same key as an existing rule',
    priority: 1000,
    match: { in_port: '1' },
    actions: ['output:3'],
    kind: 'modify',
    errors: [],
    warnings: [],
  },
  {
    name: 'bad match field',
    match: { foo: '1' },
    actions: ['output:3'],
    kind: 'add',
    errors: [/^unknown match field 'foo'$/],
    warnings: [],
  },
  {
    name: 'bad action',
    match: WEB,
    actions: ['frobnicate'],
    kind: 'add',
    errors: [/^unknown action 'frobnicate'$/],
    warnings: [],
  },
  // The vendor's dialect (issue 15): protocol, vlan, in_port ranges, extra, bare-port actions.
  {
    name: 'vendor dialect: valid',
    match: { in_port: '2-3', protocol: 'tcp', tcp_dst: '445', vlan: 'match', vlan_id: '100' },
    actions: ['3'],
    kind: 'add',
    errors: [],
    warnings: [],
  },
  {
    name: 'vendor dialect: shadowed (protocol=tcp is tcp)',
    priority: 500,
    match: { in_port: '1', protocol: 'tcp', tcp_dst: '80', extra: 'hard_timeout=60' },
    actions: ['3'],
    kind: 'add',
    errors: [],
    warnings: [/^unreachable: 'tap-1' \(prio 1000\) covers this match/],
  },
  {
    name: 'vendor dialect: bad vlan_id',
    match: { vlan: 'match', vlan_id: '5000' },
    actions: ['3'],
    kind: 'add',
    errors: [/^vlan_id must be 0\.\.4096, got '5000'$/],
    warnings: [],
  },
];

const matchArgs = (m: Match) =>
  Object.entries(m).flatMap(([k, v]) => ['--match', v === '' ? k : `${k}=${v}`]);

async function viaCli(c: Case) {
  const r = await pbcInProcess([
    '--url',
    proxy.url,
    'rules',
    'plan',
    '--priority',
    String(c.priority ?? 100),
    ...matchArgs(c.match),
    '--actions',
    c.actions.join(','),
    '-o',
    'json',
  ]);
  const plan = json(r);
  return { code: r.code, kind: plan.kind, errors: plan.errors, warnings: plan.warnings };
}

async function viaEditor(c: Case) {
  const [rules, storage, groups, info, config] = await Promise.all([
    client.rules.list(),
    client.device.ruleStorageMode(),
    client.groups.list(),
    client.ports.info(),
    client.ports.config(),
  ]);
  const device = deviceView({
    rules,
    flows: await client.device.flowNumbers(),
    storage,
    groups,
    info,
    config,
  });
  const typed = {
    name: 'typed',
    description: '',
    priority: c.priority ?? 100,
    match: c.match,
    actions: c.actions,
  } as Rule;
  const form = { ...newRuleForm('add', typed), original: null };
  const a = analyze(form, device);
  const of = (s: string) => a.issues.filter((i) => i.severity === s).map((i) => i.message);
  return { kind: a.intent, errors: of('error'), warnings: of('warning') };
}

const matching = (texts: string[], want: RegExp[]) => {
  expect(texts.length, texts.join('\n')).toBe(want.length);
  for (const [i, re] of want.entries()) expect(texts[i]).toMatch(re);
};

describe('rules plan and the rule editor agree', () => {
  for (const c of CASES)
    it(c.name, async () => {
      flows = { used_flows: c.used ?? 10, maximum_flows: 100 };
      const cli = await viaCli(c);
      const editor = await viaEditor(c);
      expect(cli.kind).toBe(c.kind);
      expect(editor.kind).toBe(c.kind);
      matching(cli.errors, c.errors);
      matching(cli.warnings, c.warnings);
      matching(editor.errors, c.errors);
      matching(editor.warnings, c.warnings);
      // the editor may add a hint (" — ^F adds 'tcp'"); the verdict itself is the same text
      for (const [i, e] of (cli.errors as string[]).entries())
        expect(editor.errors[i]).toContain(e);
      expect(editor.warnings).toEqual(cli.warnings);
      expect(cli.code).toBe(c.errors.length > 0 ? 1 : 0);
    });
});

describe('rules add does what rules plan says', () => {
  it('a rule with the match and priority of an existing one modifies it (PUT), as the editor does', async () => {
    flows = { used_flows: 10, maximum_flows: 100 };
    const args = ['--priority', '1000', '--match', 'in_port=1', '--actions', 'output:3'];
    expect(
      json(await pbcInProcess(['--url', proxy.url, 'rules', 'plan', ...args, '-o', 'json'])).kind,
    ).toBe('modify');
    const before = proxy.writes().length;
    const r = await pbcInProcess(['--url', proxy.url, 'rules', 'add', ...args, '--name', 'tap-1']);
    expect(r.code, r.stderr).toBe(0);
    expect(json(r)).toEqual({ result: 'OK', modified: true });
    expect(
      proxy
        .writes()
        .slice(before)
        .map((w) => `${w.method} ${w.path}`),
    ).toEqual(['PUT /rest/rules']);
    const taps = (await client.rules.list()).rules.filter((x) => x.name === 'tap-1');
    expect(taps.map((x) => x.actions)).toEqual([['output:3']]);
  });
});

describe('rules add speaks the vendor dialect', () => {
  it('writes the rule as given and lists it as written', async () => {
    flows = { used_flows: 10, maximum_flows: 100 };
    const args = ['--priority', '321', '--match', 'protocol=udp', '--match', 'udp_dst=53'];
    const add = await pbcInProcess([
      '--url',
      proxy.url,
      'rules',
      'add',
      ...args,
      '--match',
      'extra=idle_timeout=3600',
      '--actions',
      '3,5',
    ]);
    expect(add.code, add.stderr).toBe(0);
    const rule = (await client.rules.list()).rules.find((r) => r.priority === 321);
    expect(rule?.match).toEqual({ protocol: 'udp', udp_dst: '53', extra: 'idle_timeout=3600' });
    expect(rule?.actions).toEqual(['3', '5']);
  });
});
