/** Screen 8 against the simulator: the paramFormat form, start/modify/stop/actions, refusals, --readonly. */
import { describe, expect, it } from 'vitest';
import { type TestConsole, yes } from './admin-console.js';
import { consoleSession, type OpenOptions } from './console-session.js';

const session = consoleSession();

async function open(options: OpenOptions = {}) {
  const c = await session.open('apps', options);
  await c.h.waitFor((f) => f.includes('pcap') && f.includes('Running instances (0)'), 8000);
  return c;
}

const deviceWith = (username: string, accesslevel: number) =>
  session.deviceWith({ username, password: 'pw', accesslevel });

const instances = (t: TestConsole) => [...t.sim.state.apps.values()];

describe('apps screen (8)', () => {
  it('starts an app from a form built from paramFormat; the visibility rules hide and show fields', async () => {
    const t = await open();
    await t.h.press('a');
    const form = await t.h.waitFor((x) => x.includes('Start ntp'));
    expect(form).toContain('Time server');
    expect(form).toContain('pool.ntp.org');
    expect(form).not.toContain('Stratum');
    await t.type('clock');
    await t.h.press('tab');
    await t.h.press('right'); // client → server
    const server = await t.h.waitFor((x) => x.includes('Stratum'));
    expect(server).not.toContain('Time server');
    expect(server).toContain('Client syncs from a server'); // the focused field's help
    await t.h.press('tab');
    await t.h.waitFor((x) => x.includes('Stratum announced when serving time'));
    await t.h.press('enter');
    // the form's Enter asks first: the request as the operation describes it, nothing sent yet
    const ask = await t.h.waitFor((x) => x.includes('Start ntp?'));
    expect(ask).toContain('Sends POST /apps');
    expect(instances(t)).toHaveLength(0);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('ntp started'), 5000);
    await t.h.waitFor(
      (x) => x.includes('Running instances (1)') && /1200 ntp +clock +mode=server/.test(x),
      5000,
    );
    expect(instances(t)[0]).toMatchObject({
      name: 'ntp',
      user_description: 'clock',
      params: { mode: 'server', stratum: '10' },
    });
  });

  it("checks a number against the range the app's help documents (16..1024) before sending", async () => {
    const t = await open();
    const before = t.sim.faults.writes;
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('Start ntp') && x.includes('Poll interval'));
    // description, mode, server, backup server, then the poll interval
    for (let i = 0; i < 4; i++) await t.h.press('tab');
    await t.h.waitFor((x) => x.includes('Seconds between polls, 16..1024'));
    await t.h.press('\u0015'); // Ctrl-U
    await t.type('5');
    await t.h.press('enter');
    let f = await t.h.waitFor((x) => x.includes('Poll interval (s) must be 16–1024, not 5'));
    expect(f).toMatch(/›✖Poll interval \(s\)\s+5/);
    expect(f).toContain('Start ntp');
    await t.h.press('\u0015');
    await t.type('2000');
    await t.h.press('enter');
    f = await t.h.waitFor((x) => x.includes('Poll interval (s) must be 16–1024, not 2000'));
    expect(t.sim.faults.writes).toBe(before);
    expect(instances(t)).toHaveLength(0);
    // within the range it goes
    await t.h.press('\u0015');
    await t.type('1024');
    await t.h.press('enter');
    await yes(t, 'Start ntp?');
    await t.h.waitFor((x) => x.includes('ntp started'), 5000);
    expect(instances(t)[0]?.params.poll_interval).toBe('1024');
  });

  it('edits a running instance, runs its actions, and stops it after confirmation', async () => {
    const t = await open();
    await t.admin.apps.start('ntp', 'clock', { server: '192.0.2.123' });
    await t.h.waitFor((x) => x.includes('Running instances (1)'), 5000);
    await t.h.press('tab');
    await t.h.press('e');
    await t.h.waitFor((x) => x.includes("Edit ntp #1200 'clock'") && x.includes('192.0.2.123'));
    await t.h.press('tab');
    await t.h.press('tab');
    await t.h.press('\u0015');
    await t.type('192.0.2.124');
    await t.h.press('enter');
    const change = await t.h.waitFor((x) => x.includes("Change ntp #1200 'clock'?"));
    expect(change).toContain('Sends PUT /apps');
    expect(instances(t)[0]?.params.server).toBe('192.0.2.123');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("ntp #1200 'clock' changed: server"), 5000);
    expect(instances(t)[0]?.params.server).toBe('192.0.2.124');

    await t.h.press('!');
    const chooser = await t.h.waitFor((x) => x.includes('press its number'));
    expect(chooser).toContain('1  Sync now (sync_now, WRITE)');
    expect(chooser).toContain('2  Show status (show_status, READ)');
    await t.h.press('1');
    const ask = await t.h.waitFor((x) => x.includes("Run 'Sync now' on ntp #1200 'clock'?"));
    expect(ask).toContain('Sends POST /apps/action pid=1200 action_name=sync_now');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('Sync now: OK'), 5000);

    await t.h.press('d');
    const confirm = await t.h.waitFor((x) => x.includes("Stop ntp #1200 'clock'?"));
    expect(confirm).toContain('server=192.0.2.124');
    await t.h.press('n');
    expect(instances(t)).toHaveLength(1);
    await t.h.press('d');
    await t.h.waitFor((x) => x.includes('Stop ntp'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("ntp #1200 'clock' stopped"), 5000);
    expect(instances(t)).toHaveLength(0);
  });

  it("shows the device's refusal (a required parameter) and single-instance apps", async () => {
    const t = await open();
    await t.h.press('down'); // syslog: host is required by the app, not by the form
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('Start syslog'));
    await t.h.press('enter');
    await yes(t, 'Start syslog?');
    // the form comes back as typed, the device's words at the field they name
    const refused = await t.h.waitFor((x) => x.includes('refused: POST /apps failed'), 5000);
    expect(refused).toContain("missing parameter 'host'");
    expect(refused).toMatch(/›✖Syslog server/);
    expect(refused).toContain('Start syslog');
    await t.h.press('escape');
    await t.h.waitFor((x) => !x.includes('Syslog server'));
    await t.admin.apps.start('snmp', '', {});
    await t.h.waitFor((x) => /snmp +no /.test(x), 5000);
    await t.h.press('down');
    await t.h.press('a');
    await t.h.waitFor((x) =>
      x.includes('snmp cannot be started now (single instance, already running)'),
    );
  });

  it('a WRITE account starts apps but may not run a SUPER action; a READ account may not start', async () => {
    const sim = await deviceWith('op', 7);
    const t = await open({ sim, user: 'op', password: 'pw' });
    await t.h.waitFor((x) => x.includes('op WRITE'), 5000);
    for (let i = 0; i < 4; i++) await t.h.press('down');
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('Start pcap'));
    await t.h.press('enter');
    await yes(t, 'Start pcap?');
    await t.h.waitFor((x) => x.includes('pcap started'), 5000);
    await t.h.waitFor((x) => x.includes('Running instances (1)'), 5000);
    await t.h.press('tab');
    await t.h.press('!');
    await t.h.waitFor((x) => x.includes('Discard files (discard, SUPER)'));
    await t.h.press('2');
    await t.h.waitFor((x) =>
      x.includes("the action 'Discard files' needs SUPER rights; 'op' has WRITE"),
    );
    await session.close();

    const ro = await deviceWith('ro', 1);
    const r = await open({ sim: ro, user: 'ro', password: 'pw' });
    await r.h.waitFor((x) => x.includes('ro READ'), 5000);
    await r.h.press('a');
    await r.h.waitFor((x) => x.includes("starting an app needs WRITE rights; 'ro' has READ"));
  });

  it('a, then a digit, opens a confirmation of that action; digits in the menu never switch screens', async () => {
    const t = await open();
    const writes = async () =>
      (
        (await (await fetch(t.sim.url.replace(/\/rest$/, '/_sim/status'))).json()) as {
          writes: number;
        }
      ).writes;
    await t.admin.apps.start('pcap', 'cap', { port: 'eth-0-2' });
    await t.h.waitFor((x) => x.includes('Running instances (1)'), 5000);
    await t.h.press('tab');
    const before = await writes();
    await t.h.press('!');
    await t.h.waitFor((x) => x.includes('2  Discard files (discard, SUPER)'));
    await t.h.press('9'); // not an action, and not the Device screen
    const menu = await t.h.waitFor((x) => x.includes('no action 9 here'));
    expect(menu).toContain('Discard files (discard, SUPER)');
    await t.h.press('2');
    const ask = await t.h.waitFor((x) => x.includes("Run 'Discard files' on pcap"));
    expect(ask).toContain('Delete all capture files of this instance');
    expect(ask).toContain('Sends POST /apps/action pid=1200 action_name=discard');
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes("'Discard files' not run; nothing was sent"));
    expect(await writes()).toBe(before);
    await t.h.press('!');
    await t.h.waitFor((x) => x.includes('press its number'));
    await t.h.press('2');
    await t.h.waitFor((x) => x.includes("Run 'Discard files' on pcap"));
    expect(await writes()).toBe(before);
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Discard files: '), 5000);
    expect(await writes()).toBe(before + 1);
  });

  it('in --readonly, every write is refused before anything is sent', async () => {
    const t = await open({ readonly: true });
    await t.h.press('a');
    await t.h.waitFor((x) => x.includes('read-only session: starting an app is disabled'));
    await t.admin.apps.start('ntp', '', {});
    await t.h.waitFor((x) => x.includes('Running instances (1)'), 5000);
    await t.h.press('tab');
    for (const [key, what] of [
      ['e', 'changing a running app'],
      ['d', 'stopping an app'],
      ['!', 'running an app action'],
    ] as const) {
      await t.h.press(key);
      await t.h.waitFor((x) => x.includes(`read-only session: ${what} is disabled`));
    }
  });
});
