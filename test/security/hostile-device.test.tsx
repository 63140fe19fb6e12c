/**
 * A device whose every string is hostile (hostile-device.ts: OSC title and clipboard, CSI,
 * SGR, C1 CSI/OSC, DCS, bidi, NEL, BS, BEL, NUL, CR LF in every string of every answer,
 * map keys and error messages included) and every screen of the console, with the
 * details, editors, confirmations, help and palette opened on hostile objects. Nothing the
 * console writes to the terminal may carry a byte of those sequences: no OSC, no BEL, no
 * C0/C1 control, no bidi override, every ESC one of Ink's own CSI sequences, and right
 * after each planted mark only the sanitized letters.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { cleanup } from '../harness/render.js';
import { openConsole, startDevice, type TestConsole } from '../screens/admin-console.js';
import { RAW_CONTROL } from './evil.js';
import { HEAD, type HostileDevice, MARK, startHostileDevice } from './hostile-device.js';

let sim: SimServer;
let display: HostileDevice;
let all: HostileDevice;
let c: TestConsole | undefined;

beforeAll(async () => {
  sim = await startDevice();
  // Something in every list: a running app instance, a group, a controller, a RADIUS server.
  const started = await fetch(`${sim.url}/apps`, {
    method: 'POST',
    body: new URLSearchParams({ name: 'ntp', user_description: 'lab clock' }),
  });
  expect(started.status).toBe(200);
  sim.state.groups.set(7, {
    group_id: 7,
    type: 'all',
    description: 'mirror',
    buckets: [{ watch_port: '', actions: ['output:5'] }],
  });
  sim.state.settings.controllers.push({ connection: 'tcp', ip: '192.0.2.50', port: '6653' });
  sim.state.radius.server = 'radius.example.net';
  sim.state.changed();
  display = await startHostileDevice(sim, 'display');
  all = await startHostileDevice(sim, 'all');
});
afterEach(async () => {
  await c?.close();
  c = undefined;
  cleanup();
});
afterAll(async () => {
  await display?.close();
  await all?.close();
  await sim?.close();
});

/** The frame's lines below the header and tab bar (screen body and status bar). */
const below = (frame: string) => frame.split('\n').slice(3).join('\n');
const shown = (frame: string) => below(frame).includes(`${MARK}${HEAD}`);
/** The screen shows device text, and the header has the device and the access level. */
const loaded = (frame: string) => {
  const [title = '', second = ''] = frame.split('\n');
  return below(frame).includes(MARK) && title.includes(MARK) && second.includes('UAC off');
};
const line = (frame: string, start: string) =>
  frame.split('\n').find((l) => l.includes(start)) ?? '';

/** Every byte written: no device control survived, and each mark has its clean letters. */
function checkOutput(out: string, options: { quoted: boolean }): number {
  expect(out).not.toContain('\u001b]'); // no OSC at all
  expect(out).not.toMatch(RAW_CONTROL); // no BEL, BS, CR, NUL, C1, bidi override
  // Every ESC left is one of Ink's CSI sequences (SGR, cursor, erase, private modes).
  expect(out.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')).not.toContain('\u001b');
  // Where a hostile string is quoted JSON-escaped (refusals, write targets), its payload
  // shows as text ('\\u001b]0;PWNED…'); elsewhere no trace of it may remain.
  if (!options.quoted) {
    expect(out).not.toContain('PWNED');
    expect(out).not.toContain('SGVsbG8');
  }
  let n = 0;
  for (let i = out.indexOf(MARK); i >= 0; i = out.indexOf(MARK, i + 1)) {
    n++;
    const after = out.slice(i + MARK.length, i + MARK.length + HEAD.length);
    const cut = after.indexOf('…');
    const escaped = options.quoted && after.startsWith('\\u001b');
    const ok = escaped || (cut >= 0 ? HEAD.startsWith(after.slice(0, cut)) : after === HEAD);
    if (!ok)
      throw new Error(
        `${MARK} is followed by ${JSON.stringify(out.slice(i, i + MARK.length + 30))}`,
      );
  }
  return n;
}

interface View {
  what: string;
  screen: ScreenId;
  /** Keys pressed once the screen shows device text. */
  keys?: string[];
  /** Typed after `/` (the list filter), before `keys`. */
  filter?: string;
  /** The view is up. */
  ready: (frame: string) => boolean;
  /** The view quotes a device string JSON-escaped (an identity the write addresses). */
  quoted?: boolean;
}

const VIEWS: View[] = [
  {
    what: 'Overview: device, environment, top talkers and errors/drops now (port names)',
    screen: 'overview',
    ready: (f) =>
      f.includes('Top talkers') &&
      line(f, ' tx ').includes(MARK) &&
      (line(f, ' ERR ') + line(f, ' DROP ')).includes(MARK) &&
      shown(f),
  },
  {
    what: 'help over the Overview',
    screen: 'overview',
    keys: ['?'],
    ready: (f) => f.includes('Help — Overview'),
  },
  {
    what: 'command palette',
    screen: 'overview',
    keys: [':'],
    ready: (f) => f.includes('Tab completes'),
  },
  { what: 'Ports table', screen: 'ports', ready: (f) => line(f, 'eth-0-1').includes(MARK) },
  {
    what: 'port detail with the SFP report',
    screen: 'ports',
    filter: 'eth-0-13',
    keys: ['enter'],
    ready: (f) => f.includes('Transceiver') && line(f, 'eth-0-13').includes(MARK),
  },
  { what: 'port edit form', screen: 'ports', keys: ['e'], ready: (f) => f.includes('Esc cancels') },
  { what: 'Rules table', screen: 'rules', ready: (f) => shown(f) && f.includes('tap-1') },
  {
    what: 'rule detail',
    screen: 'rules',
    keys: ['enter'],
    ready: (f) => f.includes('description') && line(f, 'description').includes(MARK),
  },
  { what: 'rule editor', screen: 'rules', keys: ['e'], ready: (f) => f.includes('Edit rule') },
  {
    what: 'rule delete confirmation',
    screen: 'rules',
    keys: ['d'],
    ready: (f) => f.includes('Delete rule'),
    quoted: true,
  },
  { what: 'Groups table', screen: 'groups', ready: (f) => shown(f) && f.includes('mirror') },
  {
    what: 'group detail',
    screen: 'groups',
    keys: ['enter'],
    ready: (f) => line(f, 'group id').includes('7') && line(f, 'description').includes(MARK),
  },
  { what: 'group editor', screen: 'groups', keys: ['e'], ready: (f) => f.includes('Edit group 7') },
  {
    what: 'group delete confirmation',
    screen: 'groups',
    keys: ['d'],
    ready: (f) => f.includes('Delete group') && f.includes('deletes group 7'),
  },
  {
    what: 'Save-points (rule and port)',
    screen: 'savepoints',
    ready: (f) =>
      line(f, 'factory-default').includes(MARK) && line(f, 'factory-ports').includes(MARK),
  },
  {
    what: 'save-point contents',
    screen: 'savepoints',
    keys: ['enter'],
    ready: (f) => f.includes("rule save-point 'factory-default") && line(f, 'tap-1').includes(MARK),
  },
  {
    what: 'save-point delete confirmation',
    screen: 'savepoints',
    keys: ['d'],
    ready: (f) => f.includes("Delete rule save-point 'factory-default"),
  },
  {
    what: 'Logs (lines, device time)',
    screen: 'logs',
    ready: (f) => line(f, 'device time').includes(MARK) && line(f, 'started').includes(MARK),
  },
  {
    what: 'Users and the RADIUS summary',
    screen: 'users',
    ready: (f) => line(f, 'admin').includes(MARK) && line(f, 'radius.example.net').includes(MARK),
  },
  { what: 'user edit form', screen: 'users', keys: ['e'], ready: (f) => f.includes('Edit user') },
  {
    what: 'user delete confirmation',
    screen: 'users',
    keys: ['d'],
    ready: (f) => f.includes("Delete user 'admin"),
  },
  {
    what: 'RADIUS form',
    screen: 'users',
    keys: ['E'],
    ready: (f) => f.includes('RADIUS settings') && line(f, 'Server').includes(MARK),
  },
  {
    what: 'Apps (available, running)',
    screen: 'apps',
    ready: (f) => line(f, 'lab clock').includes(MARK),
  },
  {
    what: 'app start form (parameter names, options, defaults)',
    screen: 'apps',
    keys: ['a'],
    ready: (f) => f.includes('Start ntp') && line(f, 'Time server').includes(MARK),
  },
  {
    what: 'instance edit form',
    screen: 'apps',
    keys: ['tab', 'e'],
    ready: (f) => f.includes('Edit ntp') && line(f, 'Time server').includes(MARK),
  },
  {
    what: 'instance actions',
    screen: 'apps',
    keys: ['tab', '!'],
    ready: (f) => f.includes('press its number') && line(f, 'Sync now').includes(MARK),
  },
  {
    what: 'instance action confirmation',
    screen: 'apps',
    keys: ['tab', '!', '1'],
    ready: (f) => f.includes('Sends POST /apps/action') && line(f, 'action_name=').includes(MARK),
  },
  {
    what: 'instance stop confirmation',
    screen: 'apps',
    keys: ['tab', 'd'],
    ready: (f) => f.includes('Stop ntp') && line(f, 'Parameters').includes(MARK),
  },
  {
    what: 'Device settings',
    screen: 'device',
    ready: (f) => line(f, 'Label & notes').includes(MARK) && line(f, 'DNS servers').includes(MARK),
  },
  {
    what: 'custom identification form',
    screen: 'device',
    keys: ['enter'],
    ready: (f) => f.includes('Esc cancels') && line(f, 'Notes').includes(MARK),
  },
  {
    what: 'controllers',
    screen: 'device',
    keys: ['tab'],
    ready: (f) => f.includes('Controllers (1)') && line(f, '6653').includes(MARK),
  },
];

describe('a device whose every string is hostile', () => {
  it.each(VIEWS)('$what', async (v) => {
    c = await openConsole(v.screen, { sim: display.sim, columns: 200, rows: 50 });
    const t = c;
    await t.h.waitFor(loaded, 10_000);
    if (v.filter) {
      await t.h.press('/');
      await t.type(v.filter);
      await t.h.press('enter'); // keep the filter
    }
    for (const key of v.keys ?? []) await t.h.press(key);
    const frame = await t.h.waitFor(v.ready, 10_000);
    expect(frame).toContain(`${MARK}${HEAD}`);
    expect(frame).not.toMatch(/\n! /); // every answer was understood
    expect(checkOutput(t.h.output(), { quoted: Boolean(v.quoted) })).toBeGreaterThan(0);
  });

  // Strings the client checks against a vocabulary (storage mode, port and group states,
  // numbers in strings) hostile too: answers are refused, and the errors quote them.
  it.each([
    'overview',
    'ports',
    'rules',
    'groups',
    'savepoints',
    'logs',
    'users',
    'apps',
    'device',
  ] as const)('every string hostile, refused answers quoted in errors: %s', async (screen) => {
    c = await openConsole(screen, { sim: all.sim, columns: 200, rows: 50 });
    const t = c;
    await t.h.waitFor((f) => below(f).includes(MARK), 10_000);
    checkOutput(t.h.output(), { quoted: true });
  });
});
