/**
 * No lost update in a console dialog (issue 31): the question "Delete user 'erin'?" is on
 * screen when another operator changes erin; y sends nothing — the write is checked against
 * the account as the dialog showed it (the console's users list) — and says why.
 */
import { describe, expect, it } from 'vitest';
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
    expect(t.sim.state.users.get('erin')).toMatchObject({ description: 'on call' });
  }, 60_000);
});
