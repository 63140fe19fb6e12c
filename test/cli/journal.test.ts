/**
 * The change pipeline, from the CLI: every command that writes (each one the command tree
 * declares neither a read nor local, src/commands/safety.ts) makes exactly one journal
 * entry per write it sends, with the state before, and no secret reaches the journal file.
 * A write command added without an invocation here fails the first test.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/commands/program.js';
import { safetyOf } from '../../src/commands/safety.js';
import { type CliSim, json, oneErrorLine, startCliSim } from './helpers.js';

let s: CliSim;
const dir = mkdtempSync(join(tmpdir(), 'pbc-journal-cli-'));
const state = join(dir, 'state');
const journalPath = join(state, 'journal.jsonl');
const groupFile = join(dir, 'group.json');
writeFileSync(
  groupFile,
  JSON.stringify({ group_id: 6, type: 'all', buckets: [{ actions: 'output:11' }] }),
);

// pbc apply -f: a configuration file with one rule the device lacks (one write)
const applyFile = join(dir, 'team.yaml');
writeFileSync(
  applyFile,
  'rules:\n  - { priority: 4711, match: { in_port: 7 }, actions: [output:8] }\n',
);
// pbc tools apply: one tool, one want, traffic no tool wants passes: one rule in the band
const toolsFile = join(dir, 'tools.yaml');
writeFileSync(
  toolsFile,
  'tools:\n  - { name: apm, port: 10, wants: [ { tcp: "" } ] }\nsources: [1]\nunwanted: pass\n',
);

const PASSWORD = 'Pw-Journal-7731';
const NEW_PASSWORD = 'Pw-Changed-4419';
const RADIUS_SECRET = 'Radius-Secret-5520';
const SSL_PASSWORD = 'Ssl-Key-Pw-9902';

beforeAll(async () => {
  s = await startCliSim();
});
afterAll(() => s?.close());

const run = (args: string[], input?: string) =>
  s.run(args, { env: { PBC_STATE_DIR: state }, ...(input === undefined ? {} : { input }) });

// biome-ignore lint/suspicious/noExplicitAny: journal lines are inspected dynamically
const lines = (): any[] => {
  let text = '';
  try {
    text = readFileSync(journalPath, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
};
const requests = () => lines().filter((l) => l.type === 'request');

/** Every write command of the tree, by path ("rules add"). */
function writeCommands(): string[] {
  const out: string[] = [];
  const visit = (cmd: Command, path: string[]) => {
    for (const c of cmd.commands) {
      const p = [...path, c.name()];
      if (c.commands.length > 0) visit(c, p);
      else if (!['read', 'local'].includes(safetyOf(c)?.kind ?? 'read')) out.push(p.join(' '));
    }
  };
  visit(buildProgram(), []);
  // `confirm` needs a pending auto-revert and `revert-guard` is started by pbc itself: their
  // writes are journaled in test/cli/revert.test.ts
  return out.filter((p) => p !== 'confirm' && p !== 'revert-guard');
}

/**
 * For each write command, in this order (each may rely on the ones before): an invocation
 * that sends exactly one write, stdin for it, and the operation the journal must name.
 */
const WRITES: [path: string, args: string[], operation: string, input?: string][] = [
  ['savepoint create', ['savepoint', 'create', 'sp1', '-d', 'one'], 'savepoints.create'],
  ['savepoint create-ports', ['savepoint', 'create-ports', 'pp1'], 'savepoints.createPorts'],
  ['savepoint modify', ['savepoint', 'modify', 'sp1', '--new-name', 'sp2'], 'savepoints.modify'],
  [
    'savepoint modify-ports',
    ['savepoint', 'modify-ports', 'pp1', '--new-name', 'pp2'],
    'savepoints.modifyPorts',
  ],
  ['savepoint activate', ['savepoint', 'activate', 'sp2', '--yes'], 'savepoints.activate'],
  ['savepoint default', ['savepoint', 'default', 'sp2', '--yes'], 'savepoints.setDefault'],
  [
    'savepoint activate-ports',
    ['savepoint', 'activate-ports', 'pp2', '--yes'],
    'savepoints.activatePorts',
  ],
  ['savepoint quicksave', ['savepoint', 'quicksave', '--yes'], 'savepoints.quicksave'],
  ['savepoint rm', ['savepoint', 'rm', 'sp2', '--yes'], 'savepoints.remove'],
  ['savepoint rm-ports', ['savepoint', 'rm-ports', 'pp2', '--yes'], 'savepoints.removePorts'],
  [
    'rules add',
    ['rules', 'add', '--priority', '300', '--match', 'in_port=2', '--actions', 'output:3'],
    'rules.add',
  ],
  [
    'rules set',
    ['rules', 'set', '--priority', '300', '--match', 'in_port=2', '--actions', 'output:4', '--yes'],
    'rules.modify',
  ],
  [
    'rules rm',
    ['rules', 'rm', '--priority', '300', '--match', 'in_port=2', '--yes'],
    'rules.remove',
  ],
  ['rules reset-counters', ['rules', 'reset-counters', '--yes'], 'rules.resetCounters'],
  ['rules rm-all', ['rules', 'rm-all', '--yes'], 'rules.removeAll'],
  ['groups add', ['groups', 'add', '-f', groupFile], 'groups.add'],
  ['groups set', ['groups', 'set', '-f', groupFile, '--yes'], 'groups.modify'],
  ['groups rm', ['groups', 'rm', '6', '--yes'], 'groups.remove'],
  ['groups rm-all', ['groups', 'rm-all', '--yes'], 'groups.removeAll'],
  ['ports set', ['ports', 'set', '3', '--shutdown', '--yes'], 'ports.setConfig'],
  [
    'users add',
    ['users', 'add', 'jo', '--level', 'read', '--password-stdin', '--yes'],
    'users.add',
    `${PASSWORD}\n`,
  ],
  [
    'users set',
    ['users', 'set', 'jo', '--level', 'write', '--password-stdin', '--yes'],
    'users.modify',
    `${NEW_PASSWORD}\n`,
  ],
  [
    'users passwd',
    ['users', 'passwd', 'jo', '--password-stdin', '--yes'],
    'users.modify',
    `${NEW_PASSWORD}\n`,
  ],
  ['users rm', ['users', 'rm', 'jo', '--yes'], 'users.remove'],
  ['uac', ['uac', 'off', '--yes'], 'users.setUac'],
  [
    'radius set',
    ['radius', 'set', '--server', '192.0.2.50', '--secret-stdin', '--yes'],
    'users.setRadius',
    `${RADIUS_SECRET}\n`,
  ],
  [
    'apps start',
    ['apps', 'start', 'ntp', '--description', 'clock', '--param', 'mode=client'],
    'apps.start',
  ],
  ['apps set', ['apps', 'set', '<pid>', '--description', 'clock 2'], 'apps.modify'],
  ['apps action', ['apps', 'action', '<pid>', 'sync_now', '--yes'], 'apps.action'],
  ['apps stop', ['apps', 'stop', '<pid>', '--yes'], 'apps.stop'],
  ['device name', ['device', 'name', 'pb-journal'], 'device.setName'],
  ['device ident', ['device', 'ident', '--notes', 'rack J'], 'device.setCustomIdent'],
  ['device idled', ['device', 'idled', 'on'], 'device.setIdLed'],
  ['device telnet', ['device', 'telnet', 'off'], 'device.setTelnet'],
  [
    'device ip',
    ['device', 'ip', '--ip', '192.0.2.9', '--mask', '255.255.255.0', '--gw', '192.0.2.1', '--yes'],
    'device.setIpConfig',
  ],
  ['device dns', ['device', 'dns', '192.0.2.53'], 'device.setNameResolution'],
  [
    'device https',
    ['device', 'https', 'on', '--ssl-password-stdin', '--yes'],
    'device.setHttps',
    `${SSL_PASSWORD}\n`,
  ],
  ['device storage-mode', ['device', 'storage-mode', 'ipv6', '--yes'], 'device.setRuleStorageMode'],
  [
    'device permanent-rules',
    ['device', 'permanent-rules', 'on', '--yes'],
    'device.setPermanentRulesMode',
  ],
  ['device hash', ['device', 'hash', '--no-macsa', '--yes'], 'device.setGroupHash'],
  [
    'device controller add',
    ['device', 'controller', 'add', '--ip', '192.0.2.77', '--port', '6653', '--yes'],
    'device.addController',
  ],
  [
    'device controller rm',
    ['device', 'controller', 'rm', '--ip', '192.0.2.77', '--port', '6653', '--yes'],
    'device.removeController',
  ],
  // undoes the latest change (the controller's removal): one write, journaled as its inverse
  ['undo', ['undo', '--yes'], 'device.addController'],
  ['apply', ['apply', '-f', applyFile, '--yes'], 'rules.add'],
  ['tools apply', ['tools', 'apply', '-f', toolsFile, '--yes'], 'rules.add'],
  ['log clear', ['log', 'clear', '--yes'], 'logs.clear'],
  ['device reboot', ['device', 'reboot', '--yes'], 'device.reboot'],
];

const writesOnDevice = async (): Promise<number> => (await s.control('/_sim/status')).writes;

describe('the change journal of the CLI', () => {
  it('does not send a write whose entry cannot be written, and says why', async () => {
    // A file where the state directory should be: the directory cannot be made.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const sent = await writesOnDevice();
    const r = await s.run(['device', 'name', 'pb-never'], {
      env: { PBC_STATE_DIR: join(blocked, 'state') },
    });
    expect(r.code).toBe(1);
    expect(oneErrorLine(r)).toMatch(
      /^pbc: device name: not sent: the change journal .+journal\.jsonl cannot be written \(.+\) \(fix .+PBC_STATE_DIR.+\)$/,
    );
    expect(await writesOnDevice()).toBe(sent);
    expect(json(await s.run(['get', 'name'])).name).not.toBe('pb-never');
  });

  it('every write command makes exactly one journal entry for its one write', async () => {
    const covered = new Set(WRITES.map(([p]) => p));
    expect(
      writeCommands().filter((p) => !covered.has(p)),
      'write commands without an invocation in WRITES',
    ).toEqual([]);
    let pid = '';
    for (const [path, args, operation, input] of WRITES) {
      const argv = args.map((a) => (a === '<pid>' ? pid : a));
      const before = requests().length;
      const sent = await writesOnDevice();
      const r = await run(argv, input);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
      expect(await writesOnDevice(), `${path}: writes reaching the device`).toBe(sent + 1);
      const added = requests().slice(before);
      expect(
        added.map((e) => e.operation),
        `${path}: journal entries`,
      ).toEqual([operation]);
      const entry = added[0];
      expect(entry.device).toBe(s.url);
      expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
      const outcome = lines().find((l) => l.type === 'outcome' && l.id === entry.id);
      expect(outcome, `${path}: outcome line`).toBeDefined();
      expect(outcome.error, `${path}: ${outcome.error}`).toBeUndefined();
      if (path === 'apps start') pid = String(json(await s.run(['get', 'running']))[0].pid);
    }
  }, 300_000);

  it('records the state before and after a change', () => {
    const set = requests().find((e) => e.operation === 'rules.modify');
    expect(set.before).toEqual([
      expect.objectContaining({ priority: 300, match: { in_port: '2' }, actions: ['output:3'] }),
    ]);
    const outcome = lines().find((l) => l.type === 'outcome' && l.id === set.id);
    expect(outcome.after).toEqual([expect.objectContaining({ actions: ['output:4'] })]);
    const port = requests().find((e) => e.operation === 'ports.setConfig');
    expect(port.before).toMatchObject({ if_name: 'eth-0-3', shutdown: false });
  });

  it('keeps no secret: passwords, the RADIUS secret and the SSL password read ***', () => {
    const text = readFileSync(journalPath, 'utf8');
    for (const secret of [PASSWORD, NEW_PASSWORD, RADIUS_SECRET, SSL_PASSWORD])
      expect(text).not.toContain(secret);
    const radius = requests().find((e) => e.operation === 'users.setRadius');
    expect(radius.request.json.secret).toBe('***');
  });

  it('is readable by its owner only (file 0600, directory 0700)', () => {
    expect(statSync(journalPath).mode & 0o777).toBe(0o600);
    expect(statSync(state).mode & 0o777).toBe(0o700);
  });
});
