/**
 * The header tells the truth about the login: UAC turned on with a password pbc does not
 * have makes every request fail with 401, and the console says so (`✖ auth`) instead of
 * `● live`, stops claiming "UAC off", and `:login` logs in again without quitting.
 */
import { describe, expect, it } from 'vitest';
import { untilStore } from '../harness/console.js';
import type { TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

const RIGHT = 'right-pw-71';
const WRONG = 'wrong-pw-93';

/** The header's first line: device and connection state. */
const top = (frame: string) => frame.split('\n')[0] ?? '';
/** The header's first two lines (the second: URL, who pbc is, TCAM). */
const header = (frame: string) => frame.split('\n').slice(0, 2).join('\n');

/** Turns UAC on from the Users screen, giving the wrong password for admin. */
async function uacOnWithWrongPassword(t: TestConsole) {
  await t.h.press('U');
  await t.h.waitFor((x) => x.includes('Turn UAC on'));
  await t.type('admin');
  await t.h.press('tab');
  await t.type(WRONG);
  await t.h.press('enter');
  await t.h.waitFor((x) => x.includes('Turn UAC on?'));
  await t.h.press('y');
}

async function openWithUacOnAndWrongLogin() {
  const sim = await session.device({ adminPassword: RIGHT });
  const t = await session.open('users', { sim });
  await t.h.waitFor(
    (x) => x.includes('UAC off: no login needed') && top(x).includes('● live'),
    8000,
  );
  await uacOnWithWrongPassword(t);
  // pbc tried to log in with the typed password, the device refused: the old login stays
  await t.h.waitFor((x) => x.includes('Turning UAC on — failed'), 8000);
  expect(sim.state.uac).toBe(true);
  return t;
}

describe('connection states: a login the device refuses', () => {
  it('says ✖ auth from the first 401 on, never live, and no longer "UAC off"', async () => {
    const t = await openWithUacOnAndWrongLogin();
    const store = t.current().store;
    // the first failed poll: its 401 is in the store
    await t.h.waitFor(() =>
      Object.values(store.getState().resources).some((r) => r.error?.kind === 'auth'),
    );
    // an answer already in flight when UAC went on may still land after the first 401 (the
    // header then says `UAC on, no account ?`, also true): wait until the 401s are the news
    const frame = await t.h.waitFor(
      (x) => top(x).includes('✖ auth: 401 — :login') && /UAC \? \(HTTP 401\)/.test(header(x)),
      8000,
    );
    const since = t.h.frames.length;
    expect(header(frame)).not.toContain('UAC off');
    expect(header(frame)).toMatch(/UAC \? \(HTTP 401\)/);
    await t.h.press('escape'); // closes the failure view: the Users screen itself
    const users = await t.h.waitFor((x) => x.includes("UAC ?: the device refuses pbc's login"));
    expect(users).not.toContain('UAC off');
    // several polls later (three more failed answers committed), still auth, never live
    const failed = () =>
      Object.values(store.getState().resources).reduce((n, r) => n + r.failures, 0);
    const failedBefore = failed();
    await untilStore(store, () => failed() >= failedBefore + 3, 15_000);
    await t.h.settle();
    const after = t.h.frames.slice(since);
    expect(after.filter((f) => top(f).includes('● live'))).toEqual([]);
    expect(top(t.h.lastFrame())).toContain('✖ auth: 401 — :login');
    expect(t.h.lastFrame()).not.toContain('UAC off');
    await t.h.press('1');
    const overview = await t.h.waitFor((x) => /UAC\s+\? \(the device refuses/.test(x), 10_000);
    expect(overview).not.toMatch(/UAC\s+off/);
  });

  it(':login with the right password logs in again; the password is never shown', async () => {
    const t = await openWithUacOnAndWrongLogin();
    await t.h.press('escape');
    await t.h.waitFor((x) => top(x).includes('✖ auth'), 5000);
    await t.type(':login');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Log in') && x.includes('Password'));
    await t.type('admin');
    await t.h.press('tab');
    await t.type('nope');
    await t.h.press('enter');
    // a wrong password: refused, said so, the old login stays
    await t.h.waitFor((x) => x.includes("Logging in as 'admin' — failed"), 8000);
    expect(t.current().session.user).toBeUndefined();
    await t.h.press('escape');
    await t.type(':login');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Log in') && x.includes('Password'));
    await t.h.press('\u0015');
    await t.type('admin');
    await t.h.press('tab');
    await t.type(RIGHT);
    const typed = await t.h.waitFor((x) => x.includes('•'.repeat(RIGHT.length)));
    expect(typed).not.toContain(RIGHT);
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("logged in as 'admin'"), 8000);
    const live = await t.h.waitFor(
      (x) => top(x).includes('● live') && x.includes('admin SUPER') && x.includes('UAC on ·'),
      8000,
    );
    expect(live).not.toContain('✖ auth');
    expect(t.current().session.user).toBe('admin');
    for (const f of t.h.frames) {
      expect(f).not.toContain(RIGHT);
      expect(f).not.toContain(WRONG);
    }
    expect(t.h.output()).not.toContain(RIGHT);
  });
});
