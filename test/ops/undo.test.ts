/**
 * Undo of each kind of change restores the device: on the simulator, read what the change
 * touches (plain GETs), make the change as an operation sent by the executor to a journaled
 * client (the journal refuses any other write), send the inverse that
 * src/ops/undo.ts computes from the journal entry, and read again: the same as before.
 * Changes without an inverse say why instead of guessing. Every kind of write the journal
 * records (its routes, and the operations of every table in src/ops/tables.ts) must have a
 * case here — an undo that restores the device, or a declared "no inverse" with its reason.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiRequest, type Client, createClient } from '../../src/api/index.js';
import {
  appOps,
  deviceOps,
  groupOps,
  logOps,
  OPERATION_KINDS,
  OPERATION_TABLES,
  type Operation,
  portOps,
  ruleOps,
  run,
  savepointOps,
  userOps,
} from '../../src/ops/index.js';
import { entriesOf, installJournal, type Journal } from '../../src/ops/journal.js';
import { JournalFile } from '../../src/ops/journal-file.js';
import { driftSince, inverseOf } from '../../src/ops/undo.js';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { SAMPLES } from './samples.js';

let sim: SimServer;
let c: Client;
let journal: Journal;

/** Sends `op` as pbc does: through the executor, inside its write context (journaled by kind). */
const sent = (op: Operation) => run({ client: c }, (send) => send(op));

beforeAll(async () => {
  sim = await startSim({ port: 0, host: '127.0.0.1', seed: 5, rebootMs: 300 });
  // The credentials matter only while UAC is on (users.setUac below turns it on).
  c = createClient({ url: sim.url, user: 'admin', password: 'admin' });
  journal = installJournal(
    c,
    { device: sim.url },
    new JournalFile(mkdtempSync(join(tmpdir(), 'pbc-undo-'))),
  );
  await sent(
    groupOps.add({
      group_id: 7,
      type: 'all',
      buckets: [{ watch_port: '', actions: ['output:10'] }],
    }),
  );
  await sent(
    ruleOps.add({
      priority: 400,
      match: { in_port: '5' },
      actions: ['group:7'],
      name: 'via-7',
    }),
  );
  await sent(savepointOps.create('rules', 'other', 'with one rule less'));
  await sent(savepointOps.create('ports', 'ports-a', ''));
  await sent(appOps.start('ntp', 'clock', { mode: 'client' }));
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

interface Undoable {
  /** The operation kind the journal records for the change. */
  kind: string;
  note?: string;
  /** Brings the device to where the change has something to do (not part of the state compared). */
  setup?: () => Promise<unknown>;
  /** The state the change touches, read with plain GETs. */
  read: () => Promise<unknown>;
  change: () => Promise<unknown>;
}

const ports = () => c.ports.config();

/** Every kind of change that has an inverse (some kinds also appear in NO_INVERSE, by variant). */
const UNDOABLE: Undoable[] = [
  {
    kind: 'rules.add',
    read: rules,
    change: () =>
      sent(ruleOps.add({ priority: 10, match: { in_port: '9' }, actions: ['output:2'] })),
  },
  {
    kind: 'rules.modify',
    read: rules,
    change: () =>
      sent(
        ruleOps.modify({ priority: 400, match: { in_port: '5' }, actions: ['drop'], name: 'x' }),
      ),
  },
  {
    kind: 'rules.remove',
    read: rules,
    change: () => sent(ruleOps.remove({ priority: 400, match: { in_port: '5' } })),
  },
  { kind: 'rules.removeAll', read: rules, change: () => sent(ruleOps.removeAll()) },
  {
    kind: 'groups.add',
    note: 'new',
    read: rulesAndGroups,
    change: () =>
      sent(
        groupOps.add({
          group_id: 8,
          type: 'select',
          buckets: [{ watch_port: '11', actions: ['output:11'] }],
        }),
      ),
  },
  {
    kind: 'groups.add',
    note: 'replacing a used group: the device deletes its rules',
    read: rulesAndGroups,
    change: () =>
      sent(
        groupOps.add({
          group_id: 7,
          type: 'all',
          buckets: [{ watch_port: '', actions: ['output:12'] }],
        }),
      ),
  },
  {
    kind: 'groups.modify',
    read: rulesAndGroups,
    change: () =>
      sent(
        groupOps.modify({
          group_id: 7,
          type: 'all',
          buckets: [{ watch_port: '', actions: ['output:13'] }],
        }),
      ),
  },
  {
    kind: 'groups.remove',
    note: 'an unused group (the device refuses to delete a used one)',
    setup: () =>
      sent(
        groupOps.add({
          group_id: 9,
          type: 'all',
          description: 'spare',
          buckets: [{ watch_port: '', actions: ['output:14'] }],
        }),
      ),
    read: rulesAndGroups,
    change: () => sent(groupOps.remove(9)),
  },
  { kind: 'groups.removeAll', read: rulesAndGroups, change: () => sent(groupOps.removeAll()) },
  {
    kind: 'ports.setConfig',
    read: port3,
    change: () => sent(portOps.setConfig('eth-0-3', { shutdown: true, speed: '100' })),
  },
  {
    kind: 'savepoints.activate',
    read: rulesAndGroups,
    change: () => sent(savepointOps.activate('rules', 'other')),
  },
  {
    kind: 'savepoints.activatePorts',
    // 'ports-a' (taken in beforeAll) has eth-0-4 up: activating it changes the port
    setup: () => sent(portOps.setConfig('eth-0-4', { shutdown: true, speed: '100' })),
    read: async () => {
      const all = await ports();
      expect(all.find((p) => p.if_name === 'eth-0-4')).toMatchObject({ shutdown: true });
      return all;
    },
    change: () => sent(savepointOps.activate('ports', 'ports-a')),
  },
  {
    kind: 'savepoints.setDefault',
    read: savepoints,
    change: () => sent(savepointOps.setDefault('other')),
  },
  {
    kind: 'savepoints.modify',
    read: savepoints,
    change: () =>
      sent(
        savepointOps.modify('rules', {
          old_name: 'other',
          new_name: 'renamed',
          description: 'd',
          override: false,
        }),
      ),
  },
  {
    kind: 'savepoints.modifyPorts',
    read: savepoints,
    change: () =>
      sent(
        savepointOps.modify('ports', {
          old_name: 'ports-a',
          new_name: 'ports-b',
          description: 'moved',
          override: false,
        }),
      ),
  },
  {
    kind: 'savepoints.create',
    read: savepoints,
    change: () => sent(savepointOps.create('rules', 'fresh', '')),
  },
  {
    kind: 'savepoints.createPorts',
    read: savepoints,
    change: () => sent(savepointOps.create('ports', 'fresh-ports', '')),
  },
  {
    kind: 'users.add',
    read: users,
    change: () => sent(userOps.add({ username: 'kim', accesslevel: 7, password: 'pw-kim-1' })),
  },
  {
    kind: 'users.modify',
    note: 'no password',
    read: users,
    change: () => sent(userOps.modify({ username: 'admin', description: 'changed' })),
  },
  {
    kind: 'users.setUac',
    note: 'off → on; the undo turns it off again',
    read: async () => {
      const state = await c.users.uac();
      expect(state).toBe(false);
      return state;
    },
    change: () => sent(userOps.setUac(true)),
  },
  {
    kind: 'users.setRadius',
    note: 'no secret',
    read: async () => ({ ...(await c.users.radius()), enabled: undefined }),
    change: () =>
      sent(
        userOps.setRadius({
          server: '192.0.2.50',
          port: 1813,
          radius_login_level: 1,
          refresh_rate: 60,
        } as never),
      ),
  },
  {
    kind: 'apps.start',
    read: running,
    change: () => sent(appOps.start('syslog', 'logs', { host: '192.0.2.5' })),
  },
  {
    kind: 'apps.modify',
    read: running,
    change: async () => sent(appOps.modify(await pid(), 'clock 2', { mode: 'server' })),
  },
  { kind: 'apps.stop', read: running, change: async () => sent(appOps.stop(await pid())) },
  {
    kind: 'device.setName',
    read: () => c.device.name(),
    change: () => sent(deviceOps.setName('pb-undo')),
  },
  {
    kind: 'device.setCustomIdent',
    read: () => c.device.customIdent(),
    change: () => sent(deviceOps.setCustomIdent('n', 'notes')),
  },
  {
    kind: 'device.setNameResolution',
    read: () => c.device.nameResolution(),
    change: () => sent(deviceOps.setNameResolution('192.0.2.53')),
  },
  {
    kind: 'device.setIdLed',
    read: () => c.device.idLed(),
    change: () => sent(deviceOps.setIdLed(true)),
  },
  {
    kind: 'device.setTelnet',
    read: () => c.device.telnet(),
    change: () => sent(deviceOps.setTelnet(true)),
  },
  {
    kind: 'device.setIpConfig',
    read: () => c.device.ipConfig(),
    change: () => sent(deviceOps.setIpConfig('192.0.2.99', '255.255.255.0', '192.0.2.1')),
  },
  {
    kind: 'device.setRuleStorageMode',
    read: () => c.device.ruleStorageMode(),
    change: () => sent(deviceOps.setRuleStorageMode('ipv6')),
  },
  {
    kind: 'device.setPermanentRulesMode',
    read: () => c.device.permanentRulesMode(),
    change: () => sent(deviceOps.setPermanentRulesMode(true)),
  },
  {
    kind: 'device.setGroupHash',
    read: () => c.device.groupHash(),
    change: async () =>
      sent(deviceOps.setGroupHash({ ...(await c.device.groupHash()), macsa: false, ipda: false })),
  },
  {
    kind: 'device.addController',
    read: () => c.device.controllers(),
    change: () =>
      sent(deviceOps.addController({ connection: 'tcp', ip: '192.0.2.7', port: '6653' })),
  },
  {
    kind: 'device.removeController',
    setup: () =>
      sent(deviceOps.addController({ connection: 'tcp', ip: '192.0.2.8', port: '6653' })),
    read: () => c.device.controllers(),
    change: () =>
      sent(deviceOps.removeController({ connection: 'tcp', ip: '192.0.2.8', port: '6653' })),
  },
];

describe('undo restores the device', () => {
  for (const u of UNDOABLE)
    it(u.note ? `${u.kind} (${u.note})` : u.kind, async () => {
      await u.setup?.();
      const before = await u.read();
      await u.change();
      const entry = latest();
      expect(entry.operation).toBe(u.kind);
      const inverse = inverseOf(entry);
      expect(inverse.ok, JSON.stringify(inverse)).toBe(true);
      if (!inverse.ok) return;
      expect(await driftSince(c, entry)).toBeNull();
      await journal.undoing(entry.id, async () => {
        for (const op of inverse.steps) await sent(op);
      });
      expect(await u.read()).toEqual(before);
      // the undo is journaled too, as undoing this entry
      expect(latest().undoOf).toBe(entry.id);
    });
});

/** Kinds of change without an inverse: the change, and the reason pbc must give. */
const NO_INVERSE: { kind: string; note?: string; change: () => Promise<unknown>; why: RegExp }[] = [
  {
    kind: 'rules.resetCounters',
    change: () => sent(ruleOps.resetCounters()),
    why: /counters cannot be put back/,
  },
  {
    kind: 'users.modify',
    note: 'with a password',
    change: () => sent(userOps.modify({ username: 'admin', password: 'admin' })),
    why: /a password change cannot be undone/,
  },
  {
    kind: 'users.remove',
    change: async () => {
      await sent(userOps.add({ username: 'gone', accesslevel: 1, password: 'pw-gone-1' }));
      return sent(userOps.remove('gone'));
    },
    why: /deleted user's password cannot be put back/,
  },
  {
    kind: 'users.setRadius',
    note: 'with a secret',
    change: () =>
      sent(
        userOps.setRadius({
          server: 's',
          port: 1812,
          secret: 'x-secret',
          radius_login_level: 1,
          refresh_rate: 60,
        }),
      ),
    why: /RADIUS secret/,
  },
  {
    kind: 'savepoints.modify',
    note: 'with override',
    change: () =>
      sent(
        savepointOps.modify('rules', {
          old_name: 'other',
          new_name: '',
          description: 'x',
          override: true,
        }),
      ),
    why: /overwritten \(override\)/,
  },
  {
    kind: 'apps.action',
    change: async () => sent(appOps.action(await pid(), 'show_status')),
    why: /action cannot be taken back/,
  },
  {
    kind: 'device.setHttps',
    change: () => sent(deviceOps.setHttps(false, 'ssl-pw')),
    why: /certificate password/,
  },
  {
    kind: 'savepoints.remove',
    change: () => sent(savepointOps.remove('rules', 'fresh')),
    why: /cannot be put back/,
  },
  {
    kind: 'savepoints.removePorts',
    change: async () => {
      await sent(savepointOps.create('ports', 'fresh-ports-2', ''));
      return sent(savepointOps.remove('ports', 'fresh-ports-2'));
    },
    why: /cannot be put back/,
  },
  { kind: 'savepoints.quicksave', change: () => sent(savepointOps.quicksave()), why: /Quicksave/ },
  { kind: 'logs.clear', change: () => sent(logOps.clear()), why: /cleared log cannot be put back/ },
  {
    kind: 'device.reboot',
    change: () => sent(deviceOps.reboot()),
    why: /a reboot cannot be undone/,
  },
];

describe('no inverse: it says so', () => {
  for (const n of NO_INVERSE)
    it(n.note ? `${n.kind} (${n.note})` : n.kind, async () => {
      await n.change();
      const entry = latest();
      expect(entry.operation).toBe(n.kind);
      const inverse = inverseOf(entry);
      expect(inverse.ok).toBe(false);
      if (!inverse.ok) expect(inverse.why).toMatch(n.why);
    });
});

describe('every journaled kind of change has a case', () => {
  /** The kinds the journal records: the kind tables', and each table's operations' own kind. */
  function journaledKinds(): Set<string> {
    const kinds = new Set(Object.keys(OPERATION_KINDS));
    type Builder = (...args: unknown[]) => Operation;
    for (const [family, table] of Object.entries(OPERATION_TABLES) as [
      string,
      Record<string, Builder>,
    ][])
      for (const [name, build] of Object.entries(table)) {
        const samples = (SAMPLES as unknown as Record<string, Record<string, unknown[][]>>)[
          family
        ]?.[name];
        expect(
          samples?.length,
          `${family}.${name} has samples (test/ops/samples.ts)`,
        ).toBeGreaterThan(0);
        for (const args of samples ?? []) {
          const { request, kind } = build(...args);
          expect(request.method, `${family}.${name} writes`).not.toBe('GET');
          expect(
            OPERATION_KINDS[kind],
            `${family}.${name}: ${kind} is in a kind table`,
          ).toBeDefined();
          kinds.add(kind);
        }
      }
    return kinds;
  }

  it('undone in "undo restores the device", or declared without an inverse', () => {
    const covered = new Set([...UNDOABLE, ...NO_INVERSE].map((x) => x.kind));
    const missing = [...journaledKinds()].filter((k) => !covered.has(k));
    expect(missing, 'kinds of change without an undo case or a declared reason').toEqual([]);
  });
});

describe('the device changed since', () => {
  it('is noticed before undoing', async () => {
    for (let i = 0; i < 40 && (await c.device.name().catch(() => '')) === ''; i++)
      await new Promise((r) => setTimeout(r, 100));
    await sent(ruleOps.add({ priority: 20, match: { in_port: '8' }, actions: ['output:2'] }));
    const entry = latest();
    await sent(ruleOps.modify({ priority: 20, match: { in_port: '8' }, actions: ['output:3'] }));
    expect(await driftSince(c, entry)).toMatch(/the device has changed since this change/);
  });
});

describe('a secret pbc never kept', () => {
  // The journal keeps password-like values as ***: an inverse that would send one back has
  // none (it would set the app's password to the three characters '***').
  const entry = (operation: string, query: Record<string, unknown>, before: unknown) => ({
    id: 'e1',
    time: '2026-11-27T00:00:00Z',
    device: 'http://192.0.2.1/rest',
    user: 'admin',
    operation,
    request: { method: 'PUT', path: '/apps', query } as ApiRequest,
    before,
    result: null,
    ended: '2026-11-27T00:00:01Z',
  });
  const app = {
    pid: 7,
    name: 'Syslog',
    user_description: 'logs',
    params: { server: '192.0.2.9', password: '***' },
  };

  it('an app change of a secret parameter has no inverse', () => {
    const back = inverseOf(
      entry('apps.modify', { pid: 7, user_description: 'logs', password: '***' }, app),
    );
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.why).toMatch(/secret/);
  });

  it('a stopped app whose parameters hold a secret cannot be started again from the journal', () => {
    const back = inverseOf({
      ...entry('apps.stop', { pid: 7 }, app),
      request: { method: 'DELETE', path: '/apps', query: { pid: 7 } } as ApiRequest,
    });
    expect(back.ok).toBe(false);
  });

  it('an app change of other parameters of the same app still has one', () => {
    const back = inverseOf(
      entry('apps.modify', { pid: 7, user_description: 'logs', server: '192.0.2.10' }, app),
    );
    expect(back.ok).toBe(true);
    if (back.ok)
      expect(back.steps[0]?.request.query).toEqual({
        server: '192.0.2.9',
        pid: 7,
        user_description: 'logs',
      });
  });
});

describe("undo's inverse comes from the kind tables", () => {
  it('every kind of write says in its kind table how it is inverted (or why it cannot be)', () => {
    const without = Object.entries(OPERATION_KINDS)
      .filter(([, spec]) => typeof spec.invert !== 'function')
      .map(([kind]) => kind);
    expect(without).toEqual([]);
  });

  it("undo asks the entry's kind: its answer is the kind table's", () => {
    const entry = {
      id: 'x',
      time: '2026-01-01T00:00:00Z',
      device: 'd',
      operation: 'device.setIdLed',
      request: { method: 'POST', path: '/device/idled', query: { activated: true } },
      before: { activated: false },
      after: { activated: true },
      ended: '2026-01-01T00:00:01Z',
    } as unknown as Parameters<typeof inverseOf>[0];
    const fromTable = OPERATION_KINDS['device.setIdLed']!.invert!({
      params: entry.request.query,
      before: entry.before,
      after: entry.after,
    });
    const back = inverseOf(entry);
    expect(back.ok && back.steps.map((s) => s.describe())).toEqual(
      fromTable.ok && fromTable.steps.map((s) => s.describe()),
    );
    expect(back.ok && back.steps[0]!.describe()[1]).toBe('activated=false');
  });
});
