/**
 * Device strings carrying ESC/CSI/OSC/BEL/C1/backspace/CR/bidi/NUL reach the console's
 * terminal neutralized, on every screen that shows one (and the rule and port detail
 * panes). Asserts on everything the console wrote, escape sequences included: no OSC, BEL,
 * C1, backspace, CR or NUL at all, and around each planted string only the sanitized
 * letters (a device `ESC[31m` or `ESC[2J` between them would show there, even though Ink
 * writes SGR and erase sequences of its own).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimServer } from '../../src/sim/server.js';
import type { ScreenId } from '../../src/tui/keymap.js';
import { cleanup } from '../harness/render.js';
import { openConsole, startDevice, type TestConsole } from '../screens/admin-console.js';
import {
  checkTagged,
  EVIL_GROUP_ID,
  evil,
  failGets,
  HEAD,
  injectEvil,
  RAW_CONTROL,
  SFP_PORT,
  SHOWN,
  TAG,
  withEvilSfp,
} from './evil.js';

vi.mock('../../src/sim/sfp.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/sim/sfp.js')>();
  return {
    ...real,
    sfpStatus: (...a: Parameters<typeof real.sfpStatus>) => withEvilSfp(real.sfpStatus(...a)),
  };
});

let sim: SimServer;
let undo: () => void;
let c: TestConsole | undefined;
beforeAll(async () => {
  sim = await startDevice();
  undo = injectEvil(sim);
});
afterEach(async () => {
  await c?.close();
  c = undefined;
  cleanup();
});
afterAll(async () => {
  undo();
  await sim.close();
});

/**
 * Filters the list to `text`, then presses `key` on the row left selected (Enter: details).
 * Tags are typed in lower case (the filter ignores case): its echo is then no planted tag.
 */
async function filterAndPress(t: TestConsole, text: string, key = 'enter'): Promise<void> {
  await t.h.press('/');
  await t.type(text);
  await t.h.press('enter'); // keep the filter
  await t.h.press(key);
}

interface View {
  what: string;
  screen: ScreenId;
  /** Tags whose sanitized string must be on screen. */
  shows: string[];
  /** Keys that open a detail pane, once `list` is on screen. */
  open?: (t: TestConsole) => Promise<void>;
  list?: string;
  /** Makes GETs of this path fail with an {error} carrying the payload. */
  fail?: string;
  /** Text on screen once the pane has its data. */
  ready?: string;
}

const VIEWS: View[] = [
  {
    what: 'header and overview (device name, custom ident)',
    screen: 'overview',
    shows: [TAG.deviceName, TAG.identName],
  },
  { what: 'rules table (name, actions)', screen: 'rules', shows: [TAG.ruleName, TAG.ruleAction] },
  {
    what: 'rule detail, Enter (name, description, actions)',
    screen: 'rules',
    shows: [TAG.ruleName, TAG.ruleDescription, TAG.ruleAction],
    // Lower case: the filter is case-insensitive, and its echo is then no planted tag.
    open: (t) => filterAndPress(t, TAG.ruleName.toLowerCase()),
    list: TAG.ruleName,
    ready: 'description',
  },
  {
    what: 'groups (description, bucket actions)',
    screen: 'groups',
    shows: [TAG.groupDescription, TAG.groupAction],
  },
  {
    what: 'save-points (rule and port save-point names, descriptions)',
    screen: 'savepoints',
    shows: [TAG.ruleSpName, TAG.ruleSpDescription, TAG.portSpName, TAG.portSpDescription],
  },
  { what: 'logs (a log line)', screen: 'logs', shows: [TAG.logLine] },
  {
    what: 'users (username, description)',
    screen: 'users',
    shows: [TAG.userName, TAG.userDescription],
  },
  {
    what: 'apps (app name, description, instance description)',
    screen: 'apps',
    shows: [TAG.appName, TAG.appDescription, TAG.instanceDescription],
  },
  {
    what: 'device (name, custom ident)',
    screen: 'device',
    shows: [TAG.deviceName, TAG.identName, TAG.identNotes],
  },
  {
    what: 'port detail, Enter (SFP text)',
    screen: 'ports',
    shows: [TAG.sfpVendor],
    open: (t) => filterAndPress(t, SFP_PORT),
    list: SFP_PORT,
    ready: 'Transceiver',
  },
  {
    what: 'rule editor, e (name, description, actions)',
    screen: 'rules',
    shows: [TAG.ruleName, TAG.ruleDescription, TAG.ruleAction],
    open: (t) => filterAndPress(t, TAG.ruleName.toLowerCase(), 'e'),
    list: TAG.ruleName,
    ready: 'Edit rule',
  },
  {
    what: 'group editor, e (description, bucket actions)',
    screen: 'groups',
    shows: [TAG.groupDescription, TAG.groupAction],
    open: (t) => filterAndPress(t, TAG.groupDescription.toLowerCase(), 'e'),
    list: TAG.groupDescription,
    ready: `Edit group ${EVIL_GROUP_ID}`,
  },
  {
    what: 'user edit form, e (username, description)',
    screen: 'users',
    shows: [TAG.userName, TAG.userDescription],
    open: (t) => filterAndPress(t, TAG.userName.toLowerCase(), 'e'),
    list: TAG.userName,
    ready: 'Edit user',
  },
  {
    what: 'an error message from the device',
    screen: 'users',
    shows: [TAG.error],
    fail: '/rest/users',
  },
];

describe('escape sequences in device strings, on screen', () => {
  it.each(VIEWS)('$what', async (v) => {
    const restore = v.fail ? failGets(sim, v.fail, evil(TAG.error)) : () => {};
    try {
      c = await openConsole(v.screen, { sim, columns: 200, rows: 40 });
      const t = c;
      const first = v.list ? [v.list] : v.shows;
      await t.h.waitFor((f) => first.every((text) => f.includes(text)), 8000);
      if (v.open) {
        await v.open(t);
        await t.h.waitFor(
          (f) => v.shows.every((tag) => f.includes(`${tag}${HEAD}`)) && f.includes(v.ready ?? ''),
          8000,
        );
      }
      const frame = t.h.lastFrame();
      // The harmless letters stay; OSC payloads (title, clipboard) go with their sequence.
      for (const tag of v.shows) expect(frame).toContain(`${tag}${HEAD}`);
      expect(frame).not.toContain('pwned');
      expect(frame).not.toContain('ZXZpbA');
      expect(frame).not.toContain('31m');

      const out = t.h.output();
      expect(out).not.toContain('\u001b]'); // no OSC at all
      expect(out).not.toMatch(RAW_CONTROL); // no BEL, BS, CR, NUL, C1, bidi override
      // Every ESC left is one of Ink's CSI sequences (SGR, cursor, erase, private modes).
      expect(out.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')).not.toContain('\u001b');
      // Around every planted string, only its sanitized letters: no device SGR/CSI survived.
      for (const tag of Object.values(TAG)) checkTagged(out, tag);
      for (const tag of v.shows) expect(checkTagged(out, tag)).toBeGreaterThan(0);
    } finally {
      restore();
    }
  });

  it('the sanitized text is exactly what sanitize makes of it (whole string, wide enough)', async () => {
    c = await openConsole('users', { sim, columns: 200, rows: 40 });
    const f = await c.h.waitFor((x) => x.includes(TAG.userDescription), 8000);
    expect(f).toContain(`${TAG.userDescription}${SHOWN}`);
  });
});
