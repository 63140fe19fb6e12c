/** Screen 7 against the simulator: users, UAC with the lockout guard, RADIUS; refusals and --readonly. */
import { describe, expect, it } from 'vitest';
import type { TestConsole } from './admin-console.js';
import { consoleSession, type OpenOptions } from './console-session.js';

const session = consoleSession();

async function open(options: OpenOptions = {}) {
  const c = await session.open('users', options);
  await c.h.waitFor(
    (f) => f.includes('Default administrator') && f.includes('RADIUS:') && !f.includes('loading'),
    8000,
  );
  return c;
}

/** A device with an extra account and, optionally, UAC on. */
const deviceWith = session.deviceWith;

const user = (t: TestConsole, name: string) => t.sim.state.users.get(name);

describe('users screen (7)', () => {
  it('adds a user with a masked, repeated password and a level', async () => {
    const t = await open();
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('Add a user'));
    await t.type('carol');
    await t.h.press('tab');
    await t.type('pw-1');
    await t.h.press('tab');
    await t.type('pw-2');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('the passwords differ'));
    expect(t.h.lastFrame()).not.toContain('pw-1');
    expect(t.h.lastFrame()).toContain('••••');
    await t.h.press('backspace');
    await t.type('1');
    await t.h.press('tab');
    await t.h.press('right'); // READ → WRITE
    await t.h.press('tab');
    await t.type('night shift');
    await t.h.press('enter');
    // it asks first, showing the request with the password masked; nothing is sent yet
    const ask = await t.h.waitFor((x) => x.includes("Add user 'carol'?"));
    expect(ask).toContain('Sends POST /users');
    expect(ask).not.toContain('pw-1');
    expect(user(t, 'carol')).toBeUndefined();
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("user 'carol' added (WRITE)"), 5000);
    await t.h.waitFor((x) => /carol\s+WRITE\s+night shift/.test(x), 5000);
    expect(user(t, 'carol')).toMatchObject({ accesslevel: 7, description: 'night shift' });
  });

  it('edits a user (rename, level, description, password) and deletes it after confirmation', async () => {
    const t = await open();
    await t.admin.users.add({
      username: 'dave',
      accesslevel: 7,
      password: 'x',
      description: 'ops',
    });
    await t.h.waitFor((x) => x.includes('dave'), 5000);
    await t.h.press('down');
    await t.h.press('e');
    await t.h.waitFor((x) => x.includes("Edit user 'dave'"));
    await t.type('2');
    await t.h.press('tab');
    await t.type('newpw');
    await t.h.press('tab');
    await t.type('newpw');
    await t.h.press('tab');
    await t.h.press('left'); // WRITE → READ
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("Change user 'dave'?") && x.includes('PUT /users'));
    expect(user(t, 'dave2')).toBeUndefined();
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("user 'dave2' changed"), 5000);
    expect(user(t, 'dave')).toBeUndefined();
    expect(user(t, 'dave2')).toMatchObject({ accesslevel: 1, description: 'ops' });
    await t.h.waitFor((x) => /dave2\s+READ/.test(x), 5000);

    await t.h.press('d');
    const confirm = await t.h.waitFor((x) => x.includes("Delete user 'dave2'?"));
    expect(confirm).toContain('can no longer log in');
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes('cancelled, nothing was changed'));
    expect(user(t, 'dave2')).toBeDefined();
    await t.h.press('d');
    await t.h.waitFor((x) => x.includes("Delete user 'dave2'?"));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("user 'dave2' deleted"), 5000);
    expect(user(t, 'dave2')).toBeUndefined();
  });

  it('UAC on: refuses a non-SUPER account, then turns on with a SUPER one and reconnects with it', async () => {
    const t = await open();
    await t.admin.users.add({ username: 'carol', accesslevel: 7, password: 'c' });
    await t.h.waitFor((x) => x.includes('carol'), 5000);
    await t.h.press('U');
    const form = await t.h.waitFor((x) => x.includes('Turn UAC on'));
    expect(form).toContain('pbc is connected without an account');
    await t.type('carol');
    await t.h.press('tab');
    await t.type('c');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("'carol' is WRITE, not SUPER"));
    expect(t.sim.state.uac).toBe(false);
    await t.h.press('up');
    await t.h.press('\u0015');
    await t.type('admin');
    await t.h.press('tab');
    await t.h.press('\u0015');
    await t.type('admin');
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Turn UAC on?'));
    expect(confirm).toContain("pbc will log in as 'admin' (SUPER)");
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("UAC is on; pbc logs in as 'admin'"), 8000);
    expect(t.sim.state.uac).toBe(true);
    expect(t.current().session.user).toBe('admin');
    await t.h.waitFor((x) => x.includes('admin SUPER') && x.includes('UAC on ·'), 5000);

    await t.h.press('U');
    await t.h.waitFor((x) => x.includes('Turn UAC off?') && x.includes('full (SUPER) rights'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('UAC is off'), 5000);
    expect(t.sim.state.uac).toBe(false);
  });

  it('UAC on: the lockout guard explains when pbc logs in with a non-SUPER account', async () => {
    const sim = await deviceWith({ username: 'op', password: 'pw', accesslevel: 7 }, false);
    const t = await open({ sim, user: 'op', password: 'pw' });
    await t.h.press('U');
    const form = await t.h.waitFor((x) => x.includes('Turn UAC on'));
    expect(form).toContain("pbc logs in as 'op' (WRITE), not a SUPER account");
    await t.type('op');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("'op' is WRITE, not SUPER"));
    await t.h.press('escape');
    expect(sim.state.uac).toBe(false);
  });

  it('edits RADIUS; the secret is masked until v', async () => {
    const t = await open();
    await t.h.press('E');
    await t.h.waitFor((x) => x.includes('RADIUS settings'));
    await t.type('192.0.2.5');
    await t.h.press('tab');
    await t.h.press('tab');
    await t.type('topsecret');
    await t.h.press('tab');
    await t.h.press('right'); // NONE → READ
    await t.h.press('enter');
    // Enter no longer sends: the confirmation shows the request, the secret masked
    const ask = await t.h.waitFor((x) => x.includes('Save the RADIUS settings?'));
    expect(ask).toContain('POST /users/radius');
    expect(ask).not.toContain('topsecret');
    expect(t.sim.state.radius.server).not.toBe('192.0.2.5');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('RADIUS settings saved; RADIUS is enabled'), 5000);
    expect(t.sim.state.radius).toMatchObject({
      server: '192.0.2.5',
      secret: 'topsecret',
      radius_login_level: 1,
    });
    const masked = await t.h.waitFor((x) => x.includes('server 192.0.2.5'), 5000);
    expect(masked).not.toContain('topsecret');
    expect(masked).toContain('(v shows)');
    await t.h.press('v');
    await t.h.waitFor((x) => x.includes('secret topsecret'));
  });

  it('refuses user writes for a READ account before sending; it may not read RADIUS either', async () => {
    const sim = await deviceWith({ username: 'ro', password: 'pw', accesslevel: 1 }, true);
    const t = await open({ sim, user: 'ro', password: 'pw' });
    await t.h.waitFor((x) => x.includes('may not read the RADIUS settings'), 5000);
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes("adding a user needs SUPER rights; 'ro' has READ"));
    await t.h.press('U');
    await t.h.waitFor((x) => x.includes("turning UAC off needs SUPER rights; 'ro' has READ"));
    await t.h.press('d');
    await t.h.waitFor((x) => x.includes("deleting a user needs SUPER rights; 'ro' has READ"));
    expect(sim.state.users.size).toBe(2);
  });

  it('in --readonly, every write is refused before anything is sent', async () => {
    const t = await open({ readonly: true });
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('read-only session: adding a user is disabled'));
    await t.h.press('U');
    await t.h.waitFor((x) => x.includes('read-only session: turning UAC on is disabled'));
    await t.h.press('E');
    await t.h.waitFor((x) =>
      x.includes('read-only session: changing the RADIUS settings is disabled'),
    );
  });
});
