/**
 * --readonly: every write command fails with exit 2 before any request reaches the device
 * (the simulator's request counter does not move).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, mapLimit, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
const groupFile = join(mkdtempSync(join(tmpdir(), 'pbc-cli-ro-')), 'group.json');
writeFileSync(
  groupFile,
  JSON.stringify({ group_id: 5, type: 'all', buckets: [{ actions: 'output:10' }] }),
);

beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

/** One invocation per write command: with --readonly each must fail before any request. */
const WRITES: string[][] = [
  ['rules', 'add', '--match', 'in_port=1', '--actions', 'output:2'],
  ['rules', 'set', '--match', 'in_port=1', '--actions', 'output:2'],
  ['rules', 'rm', '--priority', '1', '--match', 'in_port=1', '--yes'],
  ['rules', 'rm-all', '--yes'],
  ['rules', 'reset-counters', '--yes'],
  ['groups', 'add', '-f', groupFile, '--yes'],
  ['groups', 'set', '-f', groupFile],
  ['groups', 'rm', '5', '--yes'],
  ['groups', 'rm-all', '--yes'],
  ['ports', 'set', '3', '--shutdown'],
  ['savepoint', 'create', 'x'],
  ['savepoint', 'activate', 'factory-default', '--yes'],
  ['savepoint', 'default', 'factory-default'],
  ['savepoint', 'modify', 'x', '--new-name', 'y'],
  ['savepoint', 'rm', 'x', '--yes'],
  ['savepoint', 'quicksave'],
  ['savepoint', 'create-ports', 'x'],
  ['savepoint', 'activate-ports', 'factory-ports', '--yes'],
  ['savepoint', 'modify-ports', 'x', '--new-name', 'y'],
  ['savepoint', 'rm-ports', 'x', '--yes'],
  ['users', 'add', 'u', '--level', 'read', '--password-stdin'],
  ['users', 'set', 'u', '--level', 'write'],
  ['users', 'rm', 'u', '--yes'],
  ['uac', 'on', '--yes'],
  ['radius', 'set', '--server', '192.0.2.1'],
  ['apps', 'start', 'ntp'],
  ['apps', 'set', '1', '--description', 'x'],
  ['apps', 'stop', '1'],
  ['apps', 'action', '1', 'sync'],
  ['device', 'name', 'x'],
  ['device', 'ident', '--name', 'x'],
  ['device', 'ip', '--ip', '192.0.2.9', '--mask', '255.255.255.0', '--gw', '192.0.2.1', '--yes'],
  ['device', 'dns', '192.0.2.53'],
  ['device', 'https', 'on', '--ssl-password-stdin'],
  ['device', 'idled', 'on'],
  ['device', 'telnet', 'on'],
  ['device', 'storage-mode', 'ipv6', '--yes'],
  ['device', 'permanent-rules', 'on'],
  ['device', 'hash', '--macsa'],
  ['device', 'controller', 'add', '--ip', '192.0.2.1', '--port', '6653'],
  ['device', 'controller', 'rm', '--ip', '192.0.2.1', '--port', '6653', '--yes'],
  ['device', 'reboot', '--yes'],
  ['log', 'clear', '--yes'],
];

describe('--readonly', () => {
  it('blocks every write command before any request reaches the device', async () => {
    const before = await s.requests();
    const results = await mapLimit(WRITES, 4, (args) =>
      s.run(['--readonly', ...args], { input: 'pw\n', timeoutMs: 30_000 }),
    );
    results.forEach((r, i) => {
      expect(r.code, `${WRITES[i]!.join(' ')}: ${r.stderr}`).toBe(2);
      expect(oneErrorLine(r)).toMatch(
        /refused: the connection is read-only \(--readonly\); nothing was sent/,
      );
    });
    expect(await s.requests()).toBe(before);
  }, 120_000);

  it('still reads', async () => {
    const r = await s.run(['--readonly', 'get', 'name']);
    expect(r.code, r.stderr).toBe(0);
  });
});
