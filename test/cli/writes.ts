/**
 * Every write command of the tree and, for each, an invocation that sends exactly one write:
 * the CLI's change journal (journal.test.ts) and the confirmation walk (confirm-walk.test.ts)
 * both run them all, in this order. A write command added without one fails both.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { buildProgram } from '../../src/commands/program.js';
import { safetyOf } from '../../src/commands/safety.js';

export const PASSWORD = 'Pw-Journal-7731';
export const NEW_PASSWORD = 'Pw-Changed-4419';
export const RADIUS_SECRET = 'Radius-Secret-5520';
export const SSL_PASSWORD = 'Ssl-Key-Pw-9902';

export type WriteInvocation = [path: string, args: string[], operation: string, input?: string];

/** Every write command of the tree, by path ("rules add"). */
export function writeCommands(): string[] {
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
 * Writes that do not ask on a terminal and take no --revert-after: the lock's own (issue 31:
 * `lock` and `unlock` don't ask; `lock --steal` asks, test/cli/confirm.test.ts and lock.test.ts).
 */
export const NOT_ASKING: ReadonlySet<string> = new Set(['lock', 'unlock']);

/**
 * For each write command, in this order (each may rely on the ones before): an invocation
 * that sends exactly one write, stdin for it, and the operation the journal must name.
 */
export function writeInvocations(dir: string): WriteInvocation[] {
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
  return [
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
      [
        'rules',
        'set',
        '--priority',
        '300',
        '--match',
        'in_port=2',
        '--actions',
        'output:4',
        '--yes',
      ],
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
      [
        'device',
        'ip',
        '--ip',
        '192.0.2.9',
        '--mask',
        '255.255.255.0',
        '--gw',
        '192.0.2.1',
        '--yes',
      ],
      'device.setIpConfig',
    ],
    ['device dns', ['device', 'dns', '192.0.2.53'], 'device.setNameResolution'],
    [
      'device https',
      ['device', 'https', 'on', '--ssl-password-stdin', '--yes'],
      'device.setHttps',
      `${SSL_PASSWORD}\n`,
    ],
    [
      'device storage-mode',
      ['device', 'storage-mode', 'ipv6', '--yes'],
      'device.setRuleStorageMode',
    ],
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
    // the device's lock (issue 31): taken (a rule save-point pbc-lock), then given back
    ['lock', ['lock', '--for', '5m', '--reason', 'journal'], 'savepoints.create'],
    ['unlock', ['unlock'], 'savepoints.remove'],
    ['log clear', ['log', 'clear', '--yes'], 'logs.clear'],
    ['device reboot', ['device', 'reboot', '--yes'], 'device.reboot'],
  ];
}
