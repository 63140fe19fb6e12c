/**
 * Walking the keymap's write keys to the device (test/screens/journal-walk-*.test.tsx): each
 * binding marked `write: true` has a driver here that presses its key on the console, fills
 * the form minimally, confirms with y/Enter and waits for the result; the walk then checks
 * that the change journal gained exactly the entries of the requests that write sends — one
 * for a single write — each ended without an error. Waits are generous; nothing is timed.
 */
import { afterEach, expect, it } from 'vitest';
import { entriesOf, journalOf } from '../../src/ops/journal.js';
import type { ResourceKey } from '../../src/store/resources.js';
import { BINDINGS, type ScreenId } from '../../src/tui/keymap.js';
import { cleanup } from '../harness/render.js';
import { polled, type TestConsole } from './admin-console.js';
import { type WatchedConsole, watchedConsole } from './confirm-watch.js';

export type Step = (t: TestConsole) => Promise<void>;

export interface Driver {
  /** The journal's operations the write sends, in order (one for a single request). */
  ops: string[];
  steps: Step[];
}

/** Presses keys one after another (each waits for its frame). */
export const keys =
  (...ks: string[]): Step =>
  async (t) => {
    for (const k of ks) await t.h.press(k);
  };
/** Types text, one key per character. */
export const typed =
  (text: string): Step =>
  (t) =>
    t.type(text);
/** Waits for text on screen (generously). */
export const see =
  (text: string | RegExp, ms = 20_000): Step =>
  async (t) => {
    await t.h.waitFor((x) => (typeof text === 'string' ? x.includes(text) : text.test(x)), ms);
  };
/**
 * Presses `key` once the screen has the data it needs (`needs`: polled and drawn), then waits
 * for `text`: a dropped key fails (it was pressed again until it worked).
 */
export const once =
  (key: string, text: string | RegExp, ...needs: ResourceKey[]): Step =>
  async (t) => {
    const shows = (x: string) => (typeof text === 'string' ? x.includes(text) : text.test(x));
    await polled(t, ...needs);
    await t.h.press(key);
    await t.h.waitFor(shows, 20_000);
  };

export interface ScreenWalk {
  screen: ScreenId;
  /** Device state the keys need (made with the admin client before the console is ready). */
  prepare?: (t: TestConsole) => Promise<void>;
  /** On screen once the screen has its data. */
  ready: string;
  drivers: [command: string, driver: Driver][];
}

/** Moves the selection to the row that holds `text`. */
export const select =
  (text: string): Step =>
  async (t) => {
    // the selection mark, then a boot mark or padding, then the text
    const at = new RegExp(`›[\\s*]*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await t.h.press('g');
    for (let i = 0; i < 40; i++) {
      const rows = t.h.lastFrame().split('\n');
      if (rows.some((l) => at.test(l))) return;
      await t.h.press('down');
    }
    throw new Error(`no row with ${text}:\n${t.h.lastFrame()}`);
  };

/** Moves the editor's focus up to the field `label`. */
export const focusUp =
  (label: string): Step =>
  async (t) => {
    for (let i = 0; i < 12; i++) {
      if (t.h.lastFrame().includes(`›${label}`)) return;
      await t.h.press('up');
    }
    throw new Error(`no field ${label}:\n${t.h.lastFrame()}`);
  };

export const CTRL_S = '\u0013';
export const CTRL_U = '\u0015';

const journal = (t: TestConsole) => {
  const j = journalOf(t.current().client);
  if (!j) throw new Error('the console sends writes without a journal');
  return entriesOf(j.file, { device: t.current().session.url });
};

/** What a write can be checked against before sending (src/ops/base.ts). */
export const BASES = ['seen', 'send', 'none'];

/** Drives one write key; checks the journal gained exactly its entries, all ended well. */
export async function walk(t: TestConsole, command: string, driver: Driver) {
  const before = new Set(journal(t).map((e) => e.id));
  for (const step of driver.steps) await step(t);
  const fresh = () => journal(t).filter((e) => !before.has(e.id));
  const end = Date.now() + 30_000;
  while (
    Date.now() < end &&
    !(fresh().length >= driver.ops.length && fresh().every((e) => e.ended))
  )
    await new Promise((r) => setTimeout(r, 100));
  // nothing more can come: each driver ends on the write's result line, drawn once its
  // operation returned (every request of it sent), and settle() waits until every key pressed
  // is handled — a second request would have its journal entry by now (no sleep to hope so)
  await t.h.settle();
  const entries = fresh().reverse();
  expect(
    entries.map((e) => e.operation),
    `${command}: the journal entries of the write\n${t.h.lastFrame()}`,
  ).toEqual(driver.ops);
  for (const e of entries) {
    // issue 31: no write skips the base check — each was sent with the base it was checked on
    expect(BASES, `${command}: ${e.operation} sent without a base`).toContain(e.base);
    expect(e.ended, `${command}: ${e.operation} never ended`).toBeTruthy();
    expect(e.error, `${command}: ${e.operation} failed`).toBeUndefined();
  }
}

/** The write bindings of the keymap (by command): every one must have a driver. */
export const WRITE_COMMANDS = [
  ...new Set(BINDINGS.filter((b) => b.write).map((b) => b.command)),
].sort();

/**
 * Drives one write key on a watched console: besides its journal entries, every request it
 * sent was shown by a confirmation the operator answered — its text the operation's own
 * describe() — and at least one was (see confirm-watch.ts).
 */
async function walkConfirmed(c: WatchedConsole, command: string, driver: Driver) {
  const before = { ...c.counts };
  await walk(c.t, command, driver);
  expect(c.problems, `${command}: writes without their confirmation`).toEqual([]);
  expect(c.counts.writes - before.writes, `${command}: no write arrived`).toBeGreaterThan(0);
  expect(
    c.counts.confirmed - before.confirmed,
    `${command}: nothing was confirmed`,
  ).toBeGreaterThan(0);
}

/**
 * One test per screen: its console (behind the write-watching proxy), its device state, then
 * each driver in order: each journals its requests, and none is sent unconfirmed.
 */
export function walkScreens(walks: ScreenWalk[]) {
  let open: WatchedConsole | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
    cleanup();
  });
  for (const w of walks)
    it(`${w.screen}: ${w.drivers.map(([c]) => c).join(', ')} each ask, then journal their requests`, async () => {
      open = await watchedConsole(w.screen, { rows: 40, columns: 120 });
      const t = open.t;
      await w.prepare?.(t);
      await t.h.waitFor((x) => x.includes(w.ready), 20_000);
      for (const [command, driver] of w.drivers) await walkConfirmed(open, command, driver);
    }, 240_000);
}
