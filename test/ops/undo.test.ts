/**
 * Undo of each kind of change restores the device: on the simulator, read what the change
 * touches (plain GETs), make the change through a journaled client, send the inverse that
 * src/ops/undo.ts computes from the journal entry, and read again: the same as before.
 * Changes without an inverse say why instead of guessing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { entriesOf, installJournal, type Journal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { driftSince, inverseOf } from '../../src/ops/undo.js';
import { type SimServer, startSim } from '../../src/sim/server.js';

let sim: SimServer;
let c: Client;
let journal: Journal;

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5, rebootMs: 300 });
  c = createClient({ url: sim.url });
  journal = installJournal(
    c,
    { device: sim.url },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-undo-'))),
  );
  await c.groups.add({
    group_id: 7,
    type: 'all',
    buckets: [{ watch_port: '', actions: ['output:10'] }],
  });
  await c.rules.add({
    priority: 400,
    match: { in_port: '5' },
    actions: ['group:7'],
    name: 'via-7',
  });
  await c.savepoints.createRules('other', 'with one rule less');
  await c.savepoints.createPorts('ports-a', '');
  await c.apps.start('ntp', 'clock', { mode: 'client' });
});
afterAll(async () => {
  await c?.close();
  await sim?.close();
});

const latest = () => entriesOf(journal.file)[0]!;

const rules = async () =>
  (await c.rules.list()).rules
    .map((r) => ({ p: r.priority, m: r.match, a: r.actions, n: r.name, d: r.description }))
    .sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
const groups = async () => (await c.groups.list()).sort((a, b) => a.group_id - b.group_id);
const rulesAndGroups = async () => ({ rules: await rules(), groups: await groups() });
const port3 = async () => (await c.ports.config()).find((p) => p.if_name === 'eth-0-3');
const savepoints = async () => {
  const all = await c.savepoints.list();
  return {
    rules: all.rules.map((s) => [s.name, s.description, s.boot]),
    ports: all.ports.map((s) => [s.name, s.description]),
  };
};
const users = () => c.users.list();
const running = async () =>
  (await c.apps.running()).map((a) => [a.name, a.user_description, a.params]);
const pid = async () => (await c.apps.running())[0]!.pid;

/** [what, the state it touches, the change] — every kind of change that has an inverse. */
const UNDOABLE: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
  [
    'rules.add',
    rules,
    () => c.rules.add({ priority: 10, match: { in_port: '9' }, actions: ['output:2'] }),
  ],
  [
    'rules.modify',
    rules,
    () => c.rules.modify({ priority: 400, match: { in_port: '5' }, actions: ['drop'], name: 'x' }),
  ],
  ['rules.remove', rules, () => c.rules.remove({ priority: 400, match: { in_port: '5' } })],
  ['rules.removeAll', rules, () => c.rules.removeAll()],
  [
    'groups.add (new)',
    rulesAndGroups,
    () =>
      c.groups.add({
        group_id: 8,
        type: 'select',
        buckets: [{ watch_port: '11', actions: ['output:11'] }],
      }),
  ],
  [
    'groups.add (replacing a used group: the device deletes its rules)',
    rulesAndGroups,
    () =>
      c.groups.add({
        group_id: 7,
        type: 'all',
        buckets: [{ watch_port: '', actions: ['output:12'] }],
      }),
  ],
  [
    'groups.modify',
    rulesAndGroups,
    () =>
      c.groups.modify({
        group_id: 7,
        type: 'all',
        buckets: [{ watch_port: '', actions: ['output:13'] }],
      }),
  ],
  ['groups.removeAll', rulesAndGroups, () => c.groups.removeAll()],
  ['ports.setConfig', port3, () => c.ports.setConfig('eth-0-3', { shutdown: true, speed: '100' })],
  ['savepoints.activate', rulesAndGroups, () => c.savepoints.activateRules('other')],
  ['savepoints.setDefault', savepoints, () => c.savepoints.setDefaultRules('other')],
  [
    'savepoints.modify',
    savepoints,
    () =>
      c.savepoints.modifyRules({
        old_name: 'other',
        new_name: 'renamed',
        description: 'd',
        override: false,
      }),
  ],
  ['savepoints.create', savepoints, () => c.savepoints.createRules('fresh', '')],
  ['savepoints.createPorts', savepoints, () => c.savepoints.createPorts('fresh-ports', '')],
  [
    'users.add',
    users,
    () => c.users.add({ username: 'kim', accesslevel: 7, password: 'pw-kim-1' }),
  ],
  ['users.modify', users, () => c.users.modify({ username: 'admin', description: 'changed' })],
  ['users.setUac (off → off)', () => c.users.uac(), () => c.users.setUac(false)],
  [
    'users.setRadius (no secret)',
    async () => ({ ...(await c.users.radius()), enabled: undefined }),
    () =>
      c.users.setRadius({
        server: '192.0.2.50',
        port: 1813,
        radius_login_level: 1,
        refresh_rate: 60,
      } as never),
  ],
  ['apps.start', running, () => c.apps.start('syslog', 'logs', { host: '192.0.2.5' })],
  ['apps.modify', running, async () => c.apps.modify(await pid(), 'clock 2', { mode: 'server' })],
  ['apps.stop', running, async () => c.apps.stop(await pid())],
  ['device.setName', () => c.device.name(), () => c.device.setName('pb-undo')],
  [
    'device.setCustomIdent',
    () => c.device.customIdent(),
    () => c.device.setCustomIdent('n', 'notes'),
  ],
  [
    'device.setNameResolution',
    () => c.device.nameResolution(),
    () => c.device.setNameResolution('192.0.2.53'),
  ],
  ['device.setIdLed', () => c.device.idLed(), () => c.device.setIdLed(true)],
  ['device.setTelnet', () => c.device.telnet(), () => c.device.setTelnet(true)],
  [
    'device.setIpConfig',
    () => c.device.ipConfig(),
    () => c.device.setIpConfig('192.0.2.99', '255.255.255.0', '192.0.2.1'),
  ],
  [
    'device.setRuleStorageMode',
    () => c.device.ruleStorageMode(),
    () => c.device.setRuleStorageMode('ipv6'),
  ],
  [
    'device.setPermanentRulesMode',
    () => c.device.permanentRulesMode(),
    () => c.device.setPermanentRulesMode(true),
  ],
  [
    'device.setGroupHash',
    () => c.device.groupHash(),
    async () =>
      c.device.setGroupHash({ ...(await c.device.groupHash()), macsa: false, ipda: false }),
  ],
  [
    'device.addController',
    () => c.device.controllers(),
    () => c.device.addController({ connection: 'tcp', ip: '192.0.2.7', port: '6653' }),
  ],
];

describe('undo restores the device', () => {
  for (const [what, read, change] of UNDOABLE)
    it(what, async () => {
      const before = await read();
      await change();
      const entry = latest();
      const inverse = inverseOf(entry);
      expect(inverse.ok, JSON.stringify(inverse)).toBe(true);
      if (!inverse.ok) return;
      expect(await driftSince(c, entry)).toBeNull();
      await journal.undoing(entry.id, async () => {
        for (const op of inverse.steps) await op.send(c);
      });
      expect(await read()).toEqual(before);
      // the undo is journaled too, as undoing this entry
      expect(latest().undoOf).toBe(entry.id);
    });

  it('device.removeController', async () => {
    await c.device.addController({ connection: 'tcp', ip: '192.0.2.8', port: '6653' });
    const before = await c.device.controllers();
    await c.device.removeController({ connection: 'tcp', ip: '192.0.2.8', port: '6653' });
    const inverse = inverseOf(latest());
    if (!inverse.ok) throw new Error(inverse.why);
    for (const op of inverse.steps) await op.send(c);
    expect(await c.device.controllers()).toEqual(before);
  });
});

describe('no inverse: it says so', () => {
  const cases: [string, () => Promise<unknown>, RegExp][] = [
    ['rules.resetCounters', () => c.rules.resetCounters(), /counters cannot be put back/],
    [
      'users.modify with a password',
      () => c.users.modify({ username: 'admin', password: 'admin' }),
      /a password change cannot be undone/,
    ],
    [
      'users.setRadius with a secret',
      () =>
        c.users.setRadius({
          server: 's',
          port: 1812,
          secret: 'x-secret',
          radius_login_level: 1,
          refresh_rate: 60,
        }),
      /RADIUS secret/,
    ],
    ['device.setHttps', () => c.device.setHttps(false, 'ssl-pw'), /certificate password/],
    ['savepoints.remove', () => c.savepoints.deleteRules('fresh'), /cannot be put back/],
    ['savepoints.quicksave', () => c.savepoints.quicksave(), /Quicksave/],
    ['logs.clear', () => c.logs.clear(), /cleared log cannot be put back/],
    ['device.reboot', () => c.device.reboot(), /a reboot cannot be undone/],
  ];
  for (const [what, change, why] of cases)
    it(what, async () => {
      await change();
      const inverse = inverseOf(latest());
      expect(inverse.ok).toBe(false);
      if (!inverse.ok) expect(inverse.why).toMatch(why);
    });
});

describe('the device changed since', () => {
  it('is noticed before undoing', async () => {
    for (let i = 0; i < 40 && (await c.device.name().catch(() => '')) === ''; i++)
      await new Promise((r) => setTimeout(r, 100));
    await c.rules.add({ priority: 20, match: { in_port: '8' }, actions: ['output:2'] });
    const entry = latest();
    await c.rules.modify({ priority: 20, match: { in_port: '8' }, actions: ['output:3'] });
    expect(await driftSince(c, entry)).toMatch(/the device has changed since this change/);
  });
});
