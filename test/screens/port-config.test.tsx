/** e on screen 2: POST /ports/config with the port type's choices, a confirmation, refusals. */
import { describe, expect, it } from 'vitest';
import { speedOptions } from '../../src/screens/ports/edit-config.js';
import { polled, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

const port = (t: TestConsole, name: string) =>
  t.sim.state.chassis.ports.find((p) => p.if_name === name)?.config;

describe('port configuration (2, e)', () => {
  it('offers the speeds of the port type', () => {
    expect(speedOptions(1)).toEqual(['10', '100', '1000', 'auto']);
    expect(speedOptions(7)).toEqual(['40G', '100G']);
  });

  it('shuts a port down after a confirmation that says what happens', async () => {
    const t = await session.open('ports');
    await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 8000);
    // e needs the port's configuration (GET /ports/config), which may reach the screen after
    // the table: pressed once it is there, so a dropped e fails the test
    await polled(t, 'config');
    await t.h.press('e');
    const form = await t.h.waitFor((x) => x.includes('Port eth-0-1 (type 1)'), 5000);
    expect(form).toContain('Speed');
    await t.h.press(' '); // shut down: yes
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Change eth-0-1?'), 10_000);
    expect(confirm).toContain('shutdown: false → true');
    expect(confirm).toContain('stops forwarding traffic');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('eth-0-1: shutdown true'), 10_000);
    expect(port(t, 'eth-0-1')?.shutdown).toBe(true);
  });

  it('refuses for a READ account and in --readonly', async () => {
    const sim = await session.deviceWith({ username: 'ro', password: 'pw', accesslevel: 1 });
    let c = await session.open('ports', { sim, user: 'ro', password: 'pw' });
    await c.h.waitFor((x) => x.includes('ro READ') && x.includes('eth-0-1 '), 8000);
    // the header may draw the account's level from the store's live state (it re-renders on
    // its own timers) while the Ports screen still waits for the commit (gathered over 60 ms,
    // src/store/react.ts): e pressed then opened the form (1 run in 9). Pressed once the
    // screens have every commit.
    await polled(c, 'access', 'config');
    await c.h.press('e');
    await c.h.waitFor((x) => x.includes("changing a port needs WRITE rights; 'ro' has READ"));
    await c.close();
    c = await session.open('ports', { readonly: true });
    await c.h.waitFor((x) => x.includes('eth-0-1 '), 8000);
    await c.h.press('e');
    await c.h.waitFor((x) => x.includes('read-only session: changing a port is disabled'));
  });
});
