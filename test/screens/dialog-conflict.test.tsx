/**
 * No lost update in a console dialog (issue 31): the question "Delete user 'erin'?" is on
 * screen when another operator changes erin; y sends nothing — the write is checked against
 * the account as the dialog showed it (the console's users list) — and says why.
 */
import { describe, expect, it } from 'vitest';
import { readPending } from '../../src/guard/pending.js';
import { askPortShutdown, deviceWrites } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

describe('a dialog write after another operator changed its object', () => {
  it('y sends nothing and says the device changed since the question', async () => {
    const t = await session.open('users');
    await t.h.waitFor((f) => f.includes('Default administrator') && !f.includes('loading'), 8000);
    await t.admin.users.add({
      username: 'erin',
      accesslevel: 7,
      password: 'e',
      description: 'ops',
    });
    await t.h.waitFor((x) => x.includes('erin'), 5000);
    await t.h.press('down');
    await t.h.press('d');
    await t.h.waitFor((x) => x.includes("Delete user 'erin'?"));
    await t.admin.users.modify({ username: 'erin', description: 'on call' });
    await t.h.press('y');
    const f = await t.h.waitFor((x) => x.includes('changed on the device since'), 8000);
    expect(f).toContain('nothing was sent');
    // base / theirs / yours under the line, as the CLI prints them under exit 5
    expect(f).toMatch(/theirs: +.*on call/);
    expect(f).toMatch(/yours: +DELETE \/users/);
    expect(t.sim.state.users.get('erin')).toMatchObject({ description: 'on call' });
  }, 60_000);

  it('R (auto-revert) after the change: refused before the revert takes its save-point — nothing at all is sent', async () => {
    const t = await session.open('ports', { rows: 40, columns: 120 });
    await askPortShutdown(t, 'eth-0-1');
    // another operator changes the same port while the question is on screen
    const before = (await t.admin.ports.config()).find((p) => p.if_name === 'eth-0-1');
    await t.admin.ports.setConfig('eth-0-1', { crc_check: !before?.crc_check });
    const savepoints = (await t.admin.savepoints.list()).ports.map((s) => s.name);
    const writesBefore = await deviceWrites(t);
    await t.h.press('R');
    await t.h.waitFor((x) => x.includes('Apply, revert after'), 30_000);
    await t.h.press('enter');
    // base / theirs / yours: the port's crc_check as the form saw it and as it is now
    const f = await t.h.waitFor((x) => x.includes('nothing was sent'), 30_000);
    expect(f).toMatch(/base: +.*crc_check/);
    expect(f).toMatch(/theirs: +.*crc_check/);
    expect(f).toMatch(/yours: +POST \/ports\/config/);
    // Enter: the form again as typed (never lose typed work)
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Port eth-0-1 (type 1)'), 30_000);
    const after = (await t.admin.ports.config()).find((p) => p.if_name === 'eth-0-1');
    expect(after?.shutdown).toBe(before?.shutdown);
    // no revert save-point taken (not even taken and withdrawn), no auto-revert waiting
    expect(await deviceWrites(t)).toBe(writesBefore);
    expect((await t.admin.savepoints.list()).ports.map((s) => s.name)).toEqual(savepoints);
    expect(readPending().filter((r) => r.device === t.sim.url)).toEqual([]);
  }, 120_000);
});
