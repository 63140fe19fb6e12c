/**
 * Which writes ask. Every command of the tree declares what it does (src/commands/safety.ts);
 * this holds each one to it: a command that asks refuses without a terminal and without
 * --yes and the device sees no write; a read writes nothing; docs/cli.md ("Confirmation")
 * lists exactly the code's decisions. A new command without a decision fails here.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';
import { type Safety, safetyOf } from '../../src/commands/safety.js';
import { type CliSim, json, root, startCliSim } from './helpers.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-confirm-'));
const groupFile = join(dir, 'group.json');
writeFileSync(
  groupFile,
  JSON.stringify({ group_id: 5, type: 'all', buckets: [{ actions: 'output:10' }] }),
);
// pbc apply -f / diff -f: a file with one rule the device lacks, and an empty one (owns nothing)
const applyFile = join(dir, 'team.yaml');
writeFileSync(
  applyFile,
  'rules:\n  - { priority: 4711, match: { in_port: 7 }, actions: [output:8] }\n',
);
const emptyFile = join(dir, 'empty.yaml');
writeFileSync(emptyFile, '# owns nothing\n');
// pbc tools plan|apply|check -f: one tool wanting TCP from two source ports
const toolsFile = join(dir, 'tools.yaml');
writeFileSync(
  toolsFile,
  'tools:\n  - { name: apm, port: 10, wants: [ { tcp: "" } ] }\nsources: [1, 2]\n',
);
const unusedGroupFile = join(dir, 'group-6.json');
writeFileSync(
  unusedGroupFile,
  JSON.stringify({ group_id: 6, type: 'all', buckets: [{ actions: 'output:11' }] }),
);

beforeAll(async () => {
  s = await startCliSim();
  // Group 5 and a rule that uses it: `groups add` of group 5 then replaces a used group.
  // Group 6 is used by no rule: the device refuses to delete a used group before anything
  // is asked (test/cli/groups-in-use.test.ts), so `groups rm` asks about this one.
  for (const args of [
    ['groups', 'add', '-f', groupFile],
    ['groups', 'add', '-f', unusedGroupFile],
    ['rules', 'add', '--priority', '300', '--match', 'in_port=2', '--actions', 'group:5'],
  ]) {
    const r = await s.run(args);
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  }
});
afterAll(() => s?.close());

/** Every command that runs something (the leaves of the tree), by path ("rules add"). */
function commands(): Map<string, Command> {
  const out = new Map<string, Command>();
  const visit = (cmd: Command, path: string[]) => {
    for (const c of cmd.commands) {
      const p = [...path, c.name()];
      if (c.commands.length === 0) out.set(p.join(' '), c);
      else visit(c, p);
    }
  };
  visit(buildProgram(), []);
  return out;
}

const declared = new Map<string, Safety | undefined>(
  [...commands()].map(([path, cmd]) => [path, safetyOf(cmd)]),
);
const withKind = (kind: Safety['kind']) =>
  [...declared].filter(([, sf]) => sf?.kind === kind).map(([p]) => p);

/** For each command that asks: an invocation in its asking form. */
const ASKING: Record<string, string[]> = {
  'rules add': ['rules', 'add', '--match', 'in_port=1', '--actions', 'drop'],
  'rules set': ['rules', 'set', '--priority', '300', '--match', 'in_port=2', '--actions', 'drop'],
  'rules rm': ['rules', 'rm', '--priority', '300', '--match', 'in_port=2'],
  'rules rm-all': ['rules', 'rm-all'],
  'rules reset-counters': ['rules', 'reset-counters'],
  'groups add': ['groups', 'add', '-f', groupFile],
  'groups set': ['groups', 'set', '-f', groupFile],
  'groups rm': ['groups', 'rm', '6'],
  'groups rm-all': ['groups', 'rm-all'],
  'ports set': ['ports', 'set', '3', '--shutdown'],
  'savepoint activate': ['savepoint', 'activate', 'factory-default'],
  'savepoint default': ['savepoint', 'default', 'factory-default'],
  'savepoint modify': ['savepoint', 'modify', 'x', '--override'],
  'savepoint rm': ['savepoint', 'rm', 'x'],
  'savepoint quicksave': ['savepoint', 'quicksave'],
  'savepoint activate-ports': ['savepoint', 'activate-ports', 'x'],
  'savepoint modify-ports': ['savepoint', 'modify-ports', 'x', '--override'],
  'savepoint rm-ports': ['savepoint', 'rm-ports', 'x'],
  'users add': ['users', 'add', 'u', '--level', 'read', '--password-stdin'],
  'users set': ['users', 'set', 'admin', '--level', 'read'],
  'users passwd': ['users', 'passwd', 'admin', '--random'],
  'users rm': ['users', 'rm', 'admin'],
  uac: ['uac', 'on'],
  'radius set': ['radius', 'set', '--server', ''],
  'apps stop': ['apps', 'stop', '1'],
  'apps action': ['apps', 'action', '1', 'sync_now'],
  'device ip': [
    'device',
    'ip',
    '--ip',
    '192.0.2.9',
    '--mask',
    '255.255.255.0',
    '--gw',
    '192.0.2.1',
  ],
  'device dns': ['device', 'dns'],
  'device https': ['device', 'https', 'on', '--ssl-password-stdin'],
  'device storage-mode': ['device', 'storage-mode', 'ipv6'],
  'device permanent-rules': ['device', 'permanent-rules', 'off'],
  'device hash': ['device', 'hash', '--no-macsa'],
  'device controller add': ['device', 'controller', 'add', '--ip', '192.0.2.1', '--port', '6653'],
  'device controller rm': ['device', 'controller', 'rm', '--ip', '192.0.2.1', '--port', '6653'],
  'device reboot': ['device', 'reboot'],
  'log clear': ['log', 'clear'],
  undo: ['undo'],
  apply: ['apply', '-f', applyFile],
  'tools apply': ['tools', 'apply', '-f', toolsFile],
  lock: ['lock', '--steal'],
};

/** For each read: an invocation, which must write nothing. */
const READS: Record<string, string[]> = {
  get: ['get', 'rules'],
  'rules plan': ['rules', 'plan', '--match', 'in_port=9', '--actions', 'output:2'],
  'savepoint export': ['savepoint', 'export'],
  trace: ['trace', 'in_port=1', 'tcp', 'tcp_dst=443'],
  diff: ['diff', '-f', emptyFile],
  export: ['export'],
  exporter: ['exporter', '--once'],
  doctor: ['doctor'],
  'rules explain': ['rules', 'explain', '1000', 'in_port=1'],
  'tools plan': ['tools', 'plan', '-f', toolsFile],
  'tools check': ['tools', 'check', '-f', toolsFile],
};

const writes = async (): Promise<number> => (await s.control('/_sim/status')).writes;

describe('what each command does to the device', () => {
  it('every command of the tree declares it', () => {
    expect(declared.size).toBeGreaterThan(40);
    const undeclared = [...declared].filter(([, sf]) => sf === undefined).map(([p]) => p);
    expect(undeclared, 'commands without a decision (declare one in tree.ts)').toEqual([]);
    expect(withKind('local').sort()).toEqual([
      'completion',
      'fleets',
      'journal',
      'pending',
      'sim',
      'validate',
    ]);
  });

  it('every command that asks refuses without a terminal and --yes, and writes nothing', async () => {
    const asking = withKind('confirm');
    expect(
      asking.filter((p) => !ASKING[p]),
      'commands that ask but have no invocation in ASKING',
    ).toEqual([]);
    for (const path of asking) {
      const args = ASKING[path]!;
      const before = await writes();
      const r = await s.run(args, { input: 'pw\n', timeoutMs: 30_000 });
      const what = `${args.join(' ')}: ${r.stderr}`;
      expect.soft(r.code, what).toBe(2);
      expect
        .soft(r.stderr.trimEnd(), what)
        .toMatch(
          new RegExp(
            `^pbc: ${path}: refusing to .+ without confirmation \\(pass --yes to confirm; nothing was changed\\)$`,
          ),
        );
      expect.soft(await writes(), `${path} wrote to the device`).toBe(before);
    }
  }, 180_000);

  it('every read writes nothing', async () => {
    const reads = withKind('read');
    expect(
      reads.filter((p) => !READS[p]),
      'reads without an invocation in READS',
    ).toEqual([]);
    for (const path of reads) {
      const before = await writes();
      const r = await s.run(READS[path]!);
      // tools check answers 1 when a tool does not get what it asked for (none here yet)
      expect(r.code, `${path}: ${r.stderr}`).toBe(path === 'tools check' ? 1 : 0);
      expect(await writes(), `${path} wrote to the device`).toBe(before);
    }
  }, 60_000);

  it("docs/cli.md's Confirmation section lists exactly the code's decisions", () => {
    const doc = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
    const start = doc.indexOf('\n## Confirmation\n');
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start + 1, doc.indexOf('\n## ', start + 1));
    const table = new Map<string, string>();
    for (const m of section.matchAll(/^\| `([^`]+)` \| (.+?) \|$/gm))
      table.set(m[1]!, m[2]!.replace(/`/g, ''));
    const code = new Map<string, string>();
    for (const [path, sf] of declared)
      if (sf?.kind === 'confirm') code.set(path, sf.when ?? 'always');
    expect(Object.fromEntries(table)).toEqual(Object.fromEntries(code));

    const listed = (label: string) => {
      const at = section.indexOf(label);
      expect(at, label).toBeGreaterThan(0);
      const para = section.slice(at, section.indexOf('\n\n', at));
      return [...para.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).sort();
    };
    expect(listed('Writes that need no --yes off a terminal')).toEqual(withKind('harmless').sort());
    expect(listed('Reads, which never ask:')).toEqual(withKind('read').sort());
    expect(listed('Not talking to a device at all:')).toEqual(withKind('local').sort());
  });
});

describe('--yes', () => {
  const ok = async (args: string[], input?: string) => {
    const r = await s.run(args, input === undefined ? {} : { input });
    expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r;
  };

  it('lets each of them through without a terminal', async () => {
    await ok(['ports', 'set', 'eth-0-3', '--shutdown', '--yes']);
    expect(
      json(await ok(['get', 'config'])).find((p: { if_name: string }) => p.if_name === 'eth-0-3')
        .shutdown,
    ).toBe(true);

    await ok(['savepoint', 'quicksave', '--yes']);
    const boot = async () =>
      json(await ok(['get', 'savepoints']))
        .rules.filter((r: { boot?: boolean }) => r.boot)
        .map((r: { name: string }) => r.name);
    expect(await boot()).toEqual(['Quicksave']);
    await ok(['savepoint', 'create', 'cfm']); // harmless: no --yes
    await ok(['savepoint', 'default', 'cfm', '--yes']);
    expect(await boot()).toEqual(['cfm']);
    await ok(['savepoint', 'modify', 'cfm', '--description', 'renamed only']); // no --override
    const before = await writes();
    await ok(['savepoint', 'modify', 'cfm', '--override', '--yes']);
    expect(await writes()).toBe(before + 1);

    await ok(['device', 'dns', '192.0.2.53']); // servers given: no --yes
    expect(json(await ok(['get', 'dns']))).toEqual({ dns: ['192.0.2.53'] });
    await ok(['device', 'dns', '--yes']);
    expect(json(await ok(['get', 'dns']))).toEqual({ dns: ['8.8.8.8', '8.8.4.4'] });

    const key = ['--priority', '200', '--match', 'in_port=7'];
    await ok(['rules', 'add', ...key, '--actions', 'output:2']); // forwards: no --yes
    await ok(['rules', 'set', ...key, '--name', 'renamed']); // no --actions: no --yes
    await ok(['rules', 'set', ...key, '--actions', 'drop', '--yes']);
    const rule = json(await ok(['get', 'rules'])).find(
      (r: { name: string }) => r.name === 'renamed',
    );
    expect(rule.actions).toEqual(['drop']);

    await ok(['apps', 'start', 'ntp']);
    const pid = String(json(await ok(['get', 'running']))[0].pid);
    await ok(['apps', 'action', pid, 'sync_now', '--yes']);
    await ok(['apps', 'stop', pid, '--yes']);
    expect(json(await ok(['get', 'running']))).toEqual([]);

    await ok(['users', 'add', 'dora', '--level', 'read', '--password-stdin', '--yes'], 'pw-d\n');
    expect(json(await ok(['get', 'users'])).map((u: { username: string }) => u.username)).toContain(
      'dora',
    );
  }, 120_000);
});
