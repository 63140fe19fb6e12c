/** Writes of every family (verified by a get), confirmations, rules plan. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-cli-'));
const groupFile = join(dir, 'group.json');
writeFileSync(
  groupFile,
  JSON.stringify({
    '5': {
      group_id: '5',
      type: 'select',
      buckets: [
        { actions: 'output:10', watch_port: '10' },
        { actions: 'output:11', watch_port: '11' },
      ],
    },
  }),
);

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

const ok = (r: { code: number; stderr: string; stdout: string }) =>
  expect(r.code, r.stderr + r.stdout).toBe(0);
const WEB = [
  '--priority',
  '100',
  '--match',
  'in_port=1',
  '--match',
  'tcp',
  '--match',
  'tcp_dst=443',
];

describe('rules', () => {
  it('adds, changes and deletes a rule', async () => {
    ok(
      await s.run([
        'rules',
        'add',
        ...WEB,
        '--actions',
        'output:2',
        '--name',
        'web',
        '--cookie',
        '0x1000000000000063',
      ]),
    );
    let rules = json(await s.run(['get', 'rules']));
    let web = rules.find((r: { name: string }) => r.name === 'web');
    expect(web).toMatchObject({
      priority: 100,
      match: { in_port: '1', tcp: '', tcp_dst: '443' },
      actions: ['output:2'],
    });
    expect(web.cookie).toBe(0x1000000000000063n.toString());

    ok(
      await s.run([
        'rules',
        'set',
        ...WEB,
        '--description',
        'to the IDS',
        '--actions',
        'output:3,output:4',
        '--yes',
      ]),
    );
    rules = json(await s.run(['get', 'rules']));
    web = rules.find((r: { name: string }) => r.name === 'web');
    expect(web).toMatchObject({ description: 'to the IDS', actions: ['output:3', 'output:4'] });

    ok(await s.run(['rules', 'set', ...WEB, '--name', 'web2'])); // actions kept
    rules = json(await s.run(['get', 'rules']));
    expect(rules.find((r: { name: string }) => r.name === 'web2').actions).toEqual([
      'output:3',
      'output:4',
    ]);

    ok(await s.run(['rules', 'rm', ...WEB, '--yes']));
    rules = json(await s.run(['get', 'rules']));
    expect(rules.some((r: { name: string }) => r.name === 'web2')).toBe(false);
  });

  it('reports the device refusing invalid input (exit 1) and usage errors (exit 2)', async () => {
    const bad = await s.run(['rules', 'add', '--match', 'tcp_dst=443', '--actions', 'output:2']);
    expect(bad.code).toBe(1);
    expect(oneErrorLine(bad)).toMatch(
      /^pbc: rules add: POST \/rules failed: tcp_dst needs the protocol tcp/,
    );
    const usage = await s.run([
      'rules',
      'add',
      '--priority',
      '70000',
      '--match',
      'in_port=1',
      '--actions',
      'output:2',
    ]);
    expect(usage.code).toBe(2);
    expect(oneErrorLine(usage)).toMatch(/--priority must be an integer 0\.\.65535/);
    const unknownOption = await s.run(['rules', 'add', '--bogus']);
    expect(unknownOption.code).toBe(2);
    expect(oneErrorLine(unknownOption)).toMatch(/unknown option '--bogus'/);
  });

  it('needs --yes when not on a terminal, and changes nothing without it', async () => {
    const before = json(await s.run(['get', 'rules'])).length;
    for (const args of [
      ['rules', 'rm-all'],
      ['rules', 'reset-counters'],
      ['log', 'clear'],
      ['device', 'reboot'],
    ]) {
      const r = await s.run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneErrorLine(r)).toMatch(/refusing to .* without confirmation \(pass --yes/);
    }
    expect(json(await s.run(['get', 'rules'])).length).toBe(before);
  });

  it('plans a rule: fits, TCAM full, prerequisite error', async () => {
    const fits = await s.run([
      'rules',
      'plan',
      '--match',
      'in_port=1,2',
      '--match',
      'tcp',
      '--match',
      'tcp_dst=1000-1999',
      '--actions',
      'output:3',
      '-o',
      'json',
    ]);
    expect(fits.code, fits.stderr).toBe(0);
    const p = json(fits);
    expect(p).toEqual({
      kind: 'add',
      flows: 14,
      used: expect.any(Number),
      after: p.used + 14,
      maximum: 4096,
      fits: true,
      errors: [],
      warnings: [],
      notes: expect.any(Array),
      explain: 'in_port 1,2 → 2 × tcp_dst 1000-1999 → 7 = 14 entries',
      shadowed_by: [],
      shadows: [],
    });
    const flows = json(await s.run(['get', 'flows']));
    expect(p.used).toBe(flows.used_flows);

    const huge = [
      '--match',
      'in_port=1,2,3,4,5,6,7,8',
      '--match',
      'tcp',
      '--match',
      'tcp_src=1-65534',
      '--match',
      'tcp_dst=1-65534',
      '--actions',
      'output:9',
    ];
    const full = await s.run(['rules', 'plan', ...huge]);
    expect(full.code).toBe(1);
    expect(json(full)).toMatchObject({
      flows: 7200,
      fits: false,
      errors: [expect.stringMatching(/^TCAM full/)],
    });
    expect(oneErrorLine(full)).toMatch(/TCAM full/);
    const refused = await s.run(['rules', 'add', ...huge]);
    expect(refused.code).toBe(1);
    expect(oneErrorLine(refused)).toMatch(/TCAM full/i);

    const prereq = await s.run([
      'rules',
      'plan',
      '--match',
      'udp_dst=53',
      '--actions',
      'output:99',
      '-o',
      'table',
    ]);
    expect(prereq.code).toBe(1);
    expect(prereq.stdout).toMatch(/error\s+udp_dst needs the protocol udp/);
    expect(prereq.stdout).toMatch(/warning\s+output port 99 does not exist/);
    expect(prereq.stdout).toMatch(/fits\s+yes/);
  });
});

describe('groups', () => {
  it('adds a group, asks before replacing one that rules use, deletes', async () => {
    ok(await s.run(['groups', 'add', '-f', groupFile]));
    const groups = json(await s.run(['get', 'groups']));
    expect(groups).toEqual([
      {
        group_id: 5,
        type: 'select',
        description: '',
        buckets: [
          { watch_port: '10', actions: ['output:10'] },
          { watch_port: '11', actions: ['output:11'] },
        ],
      },
    ]);
    ok(
      await s.run([
        'rules',
        'add',
        '--priority',
        '50',
        '--match',
        'in_port=3',
        '--actions',
        'group:5',
      ]),
    );
    const refused = await s.run(['groups', 'add', '-f', groupFile]);
    expect(refused.code).toBe(2);
    expect(oneErrorLine(refused)).toMatch(
      /replace group 5: the device would delete 1 rule\(s\) that use it .*--yes/,
    );
    expect(
      json(await s.run(['get', 'rules'])).some((r: { priority: number }) => r.priority === 50),
    ).toBe(true);
    const replaced = await s.run(['groups', 'add', '-f', groupFile, '--yes']);
    ok(replaced);
    expect(json(replaced)).toMatchObject({ deleted_rules: 1 });
    expect(
      json(await s.run(['get', 'rules'])).some((r: { priority: number }) => r.priority === 50),
    ).toBe(false);
    ok(await s.run(['groups', 'rm', '5', '--yes']));
    expect(json(await s.run(['get', 'groups']))).toEqual([]);
  });
});

describe('ports, save-points, users, apps, device, log', () => {
  it('changes a port', async () => {
    ok(await s.run(['ports', 'set', 'eth-0-3', '--shutdown', '--speed', '100', '--yes']));
    let cfg = json(await s.run(['get', 'config'])).find(
      (p: { if_name: string }) => p.if_name === 'eth-0-3',
    );
    expect(cfg).toMatchObject({ shutdown: true, speed: '100' });
    ok(await s.run(['ports', 'set', '3', '--no-shutdown', '--yes']));
    cfg = json(await s.run(['get', 'config'])).find(
      (p: { if_name: string }) => p.if_name === 'eth-0-3',
    );
    expect(cfg.shutdown).toBe(false);
  });

  it('creates, exports and deletes a rule save-point', async () => {
    const created = await s.run(['savepoint', 'create', 'cli-sp', '-d', 'from the CLI']);
    ok(created);
    expect(json(created)).toMatchObject({ name: 'cli-sp', description: 'from the CLI' });
    const list = json(await s.run(['get', 'savepoints']));
    expect(list.rules.map((r: { name: string }) => r.name)).toContain('cli-sp');
    const exported = await s.run(['savepoint', 'export', 'cli-sp']);
    ok(exported);
    const doc = JSON.parse(exported.stdout);
    expect(doc.meta_data.device).toBeTypeOf('string');
    expect(doc.RuleSavePoints.map((r: { name: string }) => r.name)).toEqual(['cli-sp']);
    // 64-bit cookies are written digit for digit as the device sent them.
    expect(exported.stdout).toMatch(/"cookie": "?1152921504606846978"?/);
    ok(await s.run(['savepoint', 'modify', 'cli-sp', '--new-name', 'cli-sp2']));
    ok(await s.run(['savepoint', 'rm', 'cli-sp2', '--yes']));
    expect(
      json(await s.run(['get', 'savepoints'])).rules.map((r: { name: string }) => r.name),
    ).not.toContain('cli-sp2');
  });

  it('adds, changes and deletes a user; the password comes from stdin', async () => {
    ok(
      await s.run(
        [
          'users',
          'add',
          'carol',
          '--level',
          'write',
          '--description',
          'ops',
          '--password-stdin',
          '--yes',
        ],
        { input: 'pw-carol-1\n' },
      ),
    );
    let carol = json(await s.run(['get', 'users'])).find(
      (u: { username: string }) => u.username === 'carol',
    );
    expect(carol).toMatchObject({ accesslevel: 7, description: 'ops' });
    ok(await s.run(['users', 'set', 'carol', '--level', 'read', '--yes']));
    carol = json(await s.run(['get', 'users'])).find(
      (u: { username: string }) => u.username === 'carol',
    );
    expect(carol.accesslevel).toBe(1);
    const argv = await s.run(['users', 'set', 'carol', '--password', 'visible-pw', '--yes']);
    ok(argv);
    expect(argv.stderr).toMatch(
      /warning: --password on the command line is visible in the process list/,
    );
    ok(await s.run(['users', 'rm', 'carol', '--yes']));
    expect(
      json(await s.run(['get', 'users'])).map((u: { username: string }) => u.username),
    ).not.toContain('carol');
  });

  it('starts, changes and stops an app', async () => {
    const started = await s.run([
      'apps',
      'start',
      'ntp',
      '--description',
      'clock',
      '--param',
      'mode=client',
      '--param',
      'server=192.0.2.123',
    ]);
    ok(started);
    const running = json(await s.run(['get', 'running']));
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ name: 'ntp', user_description: 'clock' });
    const pid = String(running[0].pid);
    ok(await s.run(['apps', 'set', pid, '--param', 'server=192.0.2.124']));
    expect(json(await s.run(['get', 'running']))[0]).toMatchObject({
      user_description: 'clock',
      params: { server: '192.0.2.124' },
    });
    ok(await s.run(['apps', 'stop', pid, '--yes']));
    expect(json(await s.run(['get', 'running']))).toEqual([]);
  });

  it('changes device settings', async () => {
    ok(await s.run(['device', 'name', 'pb-cli-01']));
    ok(await s.run(['device', 'idled', 'on']));
    ok(await s.run(['device', 'dns', '192.0.2.53']));
    ok(await s.run(['device', 'hash', '--no-macsa', '--ethertype', '--yes']));
    ok(
      await s.run(['device', 'controller', 'add', '--ip', '192.0.2.77', '--port', '6653', '--yes']),
    );
    ok(await s.run(['device', 'ident', '--notes', 'moved to rack C1']));
    const d = json(await s.run(['get', 'device']));
    expect(d).toMatchObject({
      name: 'pb-cli-01',
      id_led: true,
      custom_ident: { notes: 'moved to rack C1' },
    });
    expect(json(await s.run(['get', 'dns']))).toEqual({ dns: ['192.0.2.53'] });
    expect(json(await s.run(['get', 'hash']))).toMatchObject({
      macsa: false,
      ethertype: true,
      ipsa: true,
    });
    expect(json(await s.run(['get', 'controllers']))).toEqual([
      { connection: 'tcp', ip: '192.0.2.77', port: '6653' },
    ]);
    ok(
      await s.run(['device', 'controller', 'rm', '--ip', '192.0.2.77', '--port', '6653', '--yes']),
    );
    expect(json(await s.run(['get', 'controllers']))).toEqual([]);
  });

  it('clears the log with --yes', async () => {
    const before = json(await s.run(['get', 'log'])).logs as string[];
    expect(before.some((l) => l.includes('device pb-lab-01 started'))).toBe(true);
    ok(await s.run(['log', 'clear', '--yes']));
    const after = json(await s.run(['get', 'log'])).logs as string[];
    expect(after.some((l) => l.includes('device pb-lab-01 started'))).toBe(false);
    expect(after.some((l) => l.includes('weblog cleared'))).toBe(true);
  });
});
