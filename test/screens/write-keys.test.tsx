/**
 * Every key binding of every screen (src/tui/keymap.ts) either never writes — it is in
 * NEVER_WRITES below — or is driven here on the console against the simulator: pressing it
 * (and the quick follow-up keys that open the step that asks) makes no write and puts a
 * confirmation, a form or an editor on screen; Esc then leaves with still no write. A write
 * key added later without a confirmation step fails this test, and so does any new binding
 * until it is put in one of the two lists. Screens get keys only by command (src/tui/dispatch.ts),
 * so a screen that handles a command missing from the table fails here too.
 */
import { describe, expect, it } from 'vitest';
import { strayCommands } from '../../src/tui/dispatch.js';
import { BINDINGS, type Binding, SCREENS, type ScreenId } from '../../src/tui/keymap.js';
import { SCREEN_RESOURCES } from '../../src/tui/screen-resources.js';
import { registeredCommands } from '../../src/tui/use-screen.js';
import { body, polled, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

/** Bindings that only move, look, filter or toggle the view: they never send a write. */
const NEVER_WRITES = new Set([
  ...SCREENS.map((s) => `screen.${s.id}`),
  // the fleet screen (0): Enter switches the console to a device, s/S sort; reads only
  'screen.fleet',
  'fleet.open',
  'fleet.sort',
  'fleet.reverse',
  'app.palette', // a command typed there is checked by its own tests (refresh, pause, …)
  'app.filter',
  'app.help',
  'app.refresh',
  'app.pause',
  'app.quit',
  'app.login', // replaces the console's own credentials; sends the device nothing but reads
  'app.cancel',
  // C keeps a change sent with auto-revert: it deletes only pbc's own pbc-revert-<id>
  // save-point (like `pbc confirm`, which never asks); with nothing waiting it sends nothing
  'app.confirmRevert',
  'screen.journal',
  // the tools screen (T, :tools): f names a file the screen reads, Enter lists classes, t
  // opens the trace form (a local computation); none sends anything (test/screens/tools.test.tsx)
  'screen.tools',
  'tools.detail',
  'tools.file',
  'tools.trace',
  'nav.up',
  'nav.down',
  'nav.pageUp',
  'nav.pageDown',
  'nav.top',
  'nav.bottom',
  'view.left', // scroll a wide panel sideways
  'view.right',
  'overview.open', // opens a port's details on Ports
  'ports.sort',
  'ports.sortLeft',
  'ports.sortRight',
  'ports.reverse',
  'ports.detail',
  'logs.follow',
  'logs.wrap',
  'logs.timestamps',
  'logs.level', // a minimum severity for the lines shown
  'rules.detail',
  'rules.sort',
  'rules.reverse',
  // editor keys: only inside the editor; its apply (Ctrl-S) opens the confirmation
  ...['apply', 'cancel', 'next', 'prev', 'complete', 'remove', 'moveUp', 'moveDown', 'fix'].map(
    (v) => `rules.editor.${v}`,
  ),
  // R inside a confirmation: opens the revert time; Enter then sends (test/e2e/revert-tui)
  'confirm.revert',
  // G likewise: opens the guard window; Enter then sends (test/cli/guard.test.ts)
  'confirm.guard',
  'groups.detail',
  ...['apply', 'cancel', 'next', 'prev', 'complete', 'remove', 'pickPrev', 'pickNext'].map(
    (v) => `groups.editor.${v}`,
  ),
  'savepoints.pane',
  'savepoints.open',
  'savepoints.mark',
  'savepoints.diff',
  'savepoints.export', // writes a local file, never the device
  'users.secret',
  'apps.pane',
  'device.controllers',
]);

/** What is on screen when a write is one step from being sent. */
const ASKS =
  /any other key cancels|any other key = keep|Enter submits · Esc cancels|y\/Enter send|Esc goes back|\^S apply · Esc cancel/;

/** Keys pressed first so that the binding applies (a pane, a list, a row). */
const BEFORE: Record<string, string[]> = {
  'apps.modify': ['tab'],
  'apps.stop': ['tab'],
  'apps.action': ['tab'],
  'device.controllerAdd': ['tab'],
  'device.controllerDelete': ['tab'],
};
/** Quick follow-up keys that do not confirm (a menu's pick leads to the confirmation). */
const AFTER: Record<string, string[]> = {
  'apps.action': ['2'],
};

async function writes(t: TestConsole): Promise<number> {
  const res = await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'));
  return ((await res.json()) as { writes: number }).writes;
}

/** The device state each screen needs for its write keys to have something to act on. */
async function prepare(t: TestConsole, screen: ScreenId) {
  if (screen === 'apps') await t.admin.apps.start('pcap', 'cap', { port: 'eth-0-2' });
  if (screen === 'savepoints') await t.admin.savepoints.createRules('aaa-spare', '');
  if (screen === 'groups')
    await t.admin.groups.add({
      group_id: 7,
      type: 'select',
      buckets: [{ watch_port: '10', actions: ['output:10'] }],
    });
  if (screen === 'device') {
    await t.admin.device.addController({ connection: 'tcp', ip: '192.0.2.9', port: '6653' });
    // telnet on, so that Enter on it would switch it off (switching it on asks in device.test)
    await t.admin.device.setTelnet(true);
  }
}

/** Waits for the screen to have its data: these strings on screen. */
const READY: Partial<Record<ScreenId, string>> = {
  ports: 'eth-0-1 ',
  rules: 'output:',
  groups: '1 group ·',
  savepoints: 'aaa-spare',
  logs: 'device',
  users: 'admin',
  apps: 'Running instances (1)',
  device: 'Rule storage mode',
};

const screenBindings = (screen: ScreenId) => BINDINGS.filter((b) => b.scope === screen);

/** Enter on a Device row that opens a list rather than a change (it writes nothing itself). */
const OPENS_LIST = /Controllers \(\d+\) · a adds/;

async function drive(t: TestConsole, b: Binding, key: string, base: number) {
  const what = `${b.scope} ${b.command} (${key})`;
  for (const k of BEFORE[b.command] ?? []) await t.h.press(k);
  // pressed once: the screen's data (the port configuration too) is there (polled, in the test)
  await t.h.press(key);
  for (const k of AFTER[b.command] ?? []) await t.h.press(k);
  const frame = await t.h
    .waitFor((x) => ASKS.test(body(x)) || OPENS_LIST.test(body(x)), 5000)
    .catch(() => '');
  expect(await writes(t), `${what}: wrote before a confirmation`).toBe(base);
  if (OPENS_LIST.test(body(frame))) {
    await t.h.press('escape');
    await t.h.waitFor((x) => !OPENS_LIST.test(body(x)));
    return;
  }
  expect(frame, `${what}: no confirmation, form or editor on screen:\n${t.h.lastFrame()}`).not.toBe(
    '',
  );
  // one Esc per open layer (a confirmation over a form), each handled and drawn before the
  // next is decided (settle: the key queue empty), not a 1.5 s window per Esc
  for (let i = 0; i < 4 && ASKS.test(body(t.h.lastFrame())); i++) {
    await t.h.press('escape');
    await t.h.settle();
  }
  expect(ASKS.test(body(t.h.lastFrame())), `${what}: Esc did not close it`).toBe(false);
  for (const k of BEFORE[b.command] ?? []) if (k === 'tab') await t.h.press('tab');
  if (b.command.startsWith('device.controller')) await t.h.press('escape');
  expect(await writes(t), `${what}: wrote after Esc`).toBe(base);
}

const selectedLine = (frame: string) =>
  body(frame)
    .split('\n')
    .find((l) => l.startsWith('›'));

/** The Device screen's read-only environment rows. */
const SENSOR_ROW = /^›(! )?(Fans|Power supplies|Temp \d)/;

/** Runs `each` on every row of the screen's list, top to bottom (Enter acts on the row). */
async function everyRow(t: TestConsole, each: () => Promise<void>) {
  await t.h.press('g');
  const seen = new Set<string>();
  for (let i = 0; i < 40; i++) {
    const line = selectedLine(t.h.lastFrame()) ?? '';
    if (seen.has(line)) return;
    seen.add(line);
    await each();
    await t.h.press('down');
  }
}

describe('every write key asks first', () => {
  it('every binding is either a key that never writes or is driven here', () => {
    // app.undo (u) asks first too: driven in test/screens/journal.test.tsx
    const unknown = BINDINGS.filter(
      (b) => !NEVER_WRITES.has(b.command) && b.scope === 'global' && b.command !== 'app.undo',
    );
    expect(unknown.map((b) => b.command)).toEqual([]);
    // a binding marked as a write is never in the list of keys that never write
    expect(BINDINGS.filter((b) => b.write && NEVER_WRITES.has(b.command))).toEqual([]);
  });

  for (const { id: screen } of SCREENS) {
    const driven = screenBindings(screen).filter((b) => !NEVER_WRITES.has(b.command));
    if (driven.length === 0) continue;
    it(`${screen}: ${driven.map((b) => b.keys.join('/')).join(' ')} make no write until confirmed`, async () => {
      const t = await session.open(screen, { rows: 40, columns: 120 });
      await prepare(t, screen);
      await t.h.waitFor((x) => x.includes(READY[screen] ?? ''), 10_000);
      await polled(t, ...SCREEN_RESOURCES[screen]);
      if (screen === 'savepoints') {
        // the boot key needs a save-point that is not the boot one
        await t.h.press('down');
        await t.h.waitFor((x) => x.includes('›aaa-spare'));
      }
      const base = await writes(t);
      for (const b of driven)
        for (const key of b.keys) {
          if (b.command === 'device.edit')
            await everyRow(t, async () => {
              // a sensor row (fans, power supplies, temperatures) is read-only: no Enter there
              if (!SENSOR_ROW.test(selectedLine(t.h.lastFrame()) ?? ''))
                return drive(t, b, key, base);
              // the hints follow the selection one render later (useCommands' effect): read
              // the frame once the console is done with the key that moved here
              expect(await t.h.settle()).not.toContain('Enter change');
              await t.h.press(key);
              expect(ASKS.test(body(await t.h.settle()))).toBe(false); // the key handled: nothing asks
              expect(await writes(t)).toBe(base);
            });
          else await drive(t, b, key, base);
        }
      // keys reach a screen only by the commands of the table: a key it handled by a command
      // no binding names (a write key outside the table) would not have been driven above
      const handled = registeredCommands.get(screen);
      expect(handled?.size, `${screen} registered no command handlers`).toBeGreaterThan(0);
      expect(strayCommands(screen, handled ?? [])).toEqual([]);
    }, 120_000);
  }
});
