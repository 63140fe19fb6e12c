/** Screen 9 against the simulator: every write path, its confirmation, level refusals, --readonly. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '../harness/render.js';
import { openConsole, startDevice, type TestConsole, yes } from './admin-console.js';

let c: TestConsole | undefined;
/** Devices a test started itself: closed after it, failed or not. */
const devices: Awaited<ReturnType<typeof startDevice>>[] = [];
afterEach(async () => {
  await c?.close();
  c = undefined;
  for (const sim of devices.splice(0)) await sim.close();
  cleanup();
});

async function device(options: Parameters<typeof startDevice>[0] = {}) {
  const sim = await startDevice(options);
  devices.push(sim);
  return sim;
}

const ORDER = [
  'Label & notes',
  'Device name',
  'Management IP',
  'DNS servers',
  'HTTPS',
  'ID LED',
  'Telnet',
  'Rule storage mode',
  'Permanent rules',
  'Controllers',
  'Group hash fields',
  'Reboot',
];

async function open(options: Parameters<typeof openConsole>[1] = {}) {
  c = await openConsole('device', options);
  // settings, save-points (the boot one) and the rules all loaded
  await c.h.waitFor(
    (f) =>
      f.includes("off: at boot 'factory-default' loads") &&
      f.includes('10 of 4096 flows') &&
      f.includes('Lab packet broker'),
    8000,
  );
  return c;
}

/** Selects a settings line by its label. */
async function select(t: TestConsole, label: string) {
  await t.h.press('g');
  for (let i = 0; i < ORDER.indexOf(label); i++) await t.h.press('down');
  await t.h.waitFor((f) => f.includes(`›${label}`));
}

/** Clears the focused text field (Ctrl-U), after one Backspace to prove it edits too. */
async function clear(t: TestConsole) {
  await t.h.press('backspace');
  await t.h.press('\u0015');
}

describe('device screen (9)', () => {
  it('shows every setting with the storage mode, and edits label & notes (q typed into a field stays there)', async () => {
    const t = await open();
    const f = t.h.lastFrame();
    for (const label of ORDER) expect(f).toContain(label);
    expect(f).toContain("off: at boot 'factory-default' loads");
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Label & notes') && x.includes('Enter submits'));
    await clear(t);
    await t.type('Core tap q');
    await t.h.press('tab');
    await clear(t);
    await t.type('Row 7');
    await t.h.press('enter');
    const ask = await t.h.waitFor((x) => x.includes('Save the label and notes?'));
    expect(ask).toContain('Sends POST /device/customident');
    expect(t.sim.state.settings.customIdent.name).not.toBe('Core tap q');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('label and notes saved'), 5000);
    expect(t.sim.state.settings.customIdent).toEqual({ name: 'Core tap q', notes: 'Row 7' });
    await t.h.waitFor((x) => x.includes('Core tap q · Row 7'), 5000);
  });

  it('renames the device, switches the ID LED and telnet (telnet asks first)', async () => {
    const t = await open();
    await select(t, 'Device name');
    await t.h.press('enter');
    await clear(t);
    await t.type('pb-lab-02');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("Rename the device to 'pb-lab-02'?"));
    expect(t.sim.state.settings.name).not.toBe('pb-lab-02');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes("device name is now 'pb-lab-02'"), 5000);
    expect(t.sim.state.settings.name).toBe('pb-lab-02');

    await t.h.press('l');
    await t.h.waitFor((x) => x.includes('Switch the ID LED on?'));
    expect(t.sim.state.settings.idLed).toBe(false);
    await t.h.press('y');
    // the question and the busy box ('Switching the ID LED on…') read 'ID LED on' too: wait
    // for the answer with both gone (a key typed while the box is up goes to the box)
    await t.h.waitFor((x) => x.includes('ID LED on') && !x.includes('Switch'), 5000);
    expect(t.sim.state.settings.idLed).toBe(true);

    await select(t, 'Telnet');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Enable telnet?') && x.includes('clear text'));
    await t.h.press('n');
    await t.h.waitFor((x) => x.includes('cancelled, nothing was changed'));
    expect(t.sim.state.settings.telnet).toBe(false);
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Enable telnet?'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('telnet is on'), 5000);
    expect(t.sim.state.settings.telnet).toBe(true);
  });

  it('explains the storage mode switch (capacity, IPv6, fit) before applying it', async () => {
    const t = await open();
    await select(t, 'Rule storage mode');
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Rule storage mode: simple → ipv6?'));
    expect(confirm).toContain('4096 flows');
    expect(confirm).toContain('2048 flows');
    expect(confirm).toContain('IPv6 matches (ipv6_src, ipv6_dst) become possible');
    expect(confirm).toMatch(/4 active rules use 10 of 2048 flows: they still fit/);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('rule storage mode: ipv6 (in effect now)'), 5000);
    expect(t.sim.state.settings.storageMode.current).toBe('ipv6');
  });

  it('explains the permanent rules mode and applies it after y', async () => {
    const t = await open();
    await select(t, 'Permanent rules');
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Permanent rules mode on?'));
    expect(confirm).toContain('stay through reboots');
    await t.h.press('y');
    // the result, not the progress line 'Switching permanent rules mode on' (CI-6 read that)
    await t.h.waitFor(
      (x) => x.includes('permanent rules mode on') && !x.includes('Switching permanent'),
      5000,
    );
    expect(t.sim.state.settings.permanentRules).toBe(true);
  });

  it('sets DNS servers, and says which defaults come back when all are empty', async () => {
    const t = await open();
    await select(t, 'DNS servers');
    await t.h.press('enter');
    await clear(t);
    await t.type('192.0.2.53');
    await t.h.press('enter');
    await yes(t, 'Change the DNS servers?');
    await t.h.waitFor((x) => x.includes('DNS servers: 192.0.2.53, 8.8.4.4'), 5000);
    expect(t.sim.state.settings.dns).toEqual(['192.0.2.53', '8.8.4.4']);
    await t.h.press('enter');
    await clear(t);
    await t.h.press('tab');
    await clear(t);
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('restores its default servers 8.8.8.8 and 8.8.4.4'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('restored to the defaults'), 5000);
    expect(t.sim.state.settings.dns).toEqual(['8.8.8.8', '8.8.4.4']);
  });

  it('changes the management IP after a warning that says this connection is not affected', async () => {
    const t = await open();
    await select(t, 'Management IP');
    await t.h.press('enter');
    await clear(t);
    await t.type('192.0.2.77');
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Change the management IP?'));
    expect(confirm).toContain('New:  192.0.2.77/255.255.255.0 gw 192.0.2.1');
    expect(confirm).toContain('not affected');
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('management IP is 192.0.2.77'), 5000);
    expect(t.sim.state.settings.ip.current_ip).toBe('192.0.2.77');
    expect(t.sim.state.settings.ip.stored_ip).toBe('192.0.2.77');
  });

  it('enables HTTPS with the SSL password (masked) and offers to switch; Esc keeps http', async () => {
    const t = await open();
    await select(t, 'HTTPS');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('HTTPS of the web/REST service'));
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('SSL password is required'));
    await t.type('s3cret');
    const masked = t.h.lastFrame();
    expect(masked).toContain('••••••');
    expect(masked).not.toContain('s3cret');
    await t.h.press('enter');
    const ask = await t.h.waitFor((x) => x.includes('Enable HTTPS?'));
    expect(ask).not.toContain('s3cret');
    expect(t.sim.state.settings.httpsEnabled).toBe(false);
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('Switch this connection to https://'), 5000);
    expect(t.sim.state.settings.httpsEnabled).toBe(true);
    await t.h.press('escape');
    await t.h.waitFor((x) => x.includes('Rule storage mode'));
    expect(t.current().session.url.startsWith('http:')).toBe(true);
  });

  it('edits the group hash fields and refuses switching all of them off', async () => {
    const t = await open();
    await select(t, 'Group hash fields');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('Group hash fields (select groups)'));
    await t.h.press(' '); // macsa off
    await t.h.press('enter');
    await yes(t, 'Change the group hash fields?');
    await t.h.waitFor((x) => x.includes('group hash: macda ipsa'), 5000);
    expect(t.sim.state.settings.groupHash.macsa).toBe(false);
    await t.h.press('enter');
    for (const _ of [
      'macsa',
      'macda',
      'ethertype',
      'ipsa',
      'ipda',
      'ip_protocol',
      'src_port',
      'dst_port',
    ]) {
      await t.h.press('n');
      await t.h.press('tab');
    }
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes('at least one field must stay on'));
    await t.h.press('escape');
  });

  it('lists, adds and deletes controllers (delete asks first)', async () => {
    const t = await open();
    await t.h.press('tab');
    await t.h.waitFor((x) => x.includes('Controllers (0)'));
    await t.h.press('a');
    await t.h.press('tab');
    await t.type('192.0.2.50');
    await t.h.press('enter');
    await yes(t, 'Add controller tcp 192.0.2.50:6653?');
    await t.h.waitFor((x) => x.includes('controller tcp 192.0.2.50:6653 added'), 5000);
    await t.h.waitFor((x) => x.includes('Controllers (1)'), 5000);
    await t.h.press('d');
    await t.h.waitFor((x) => x.includes('Delete controller tcp 192.0.2.50:6653?'));
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('deleted'), 5000);
    expect(t.sim.state.settings.controllers).toEqual([]);
  });

  it('reboots after confirmation, counts down, and reconnects by itself', async () => {
    const sim = await device({ rebootMs: 1500 });
    const t = await open({ sim });
    const before = t.current().client;
    await t.h.press('B');
    const confirm = await t.h.waitFor((x) => x.includes('Reboot pb-lab-01?'));
    expect(confirm).toContain('replaced by the boot save-point');
    expect(confirm).toContain("'factory-default'");
    await t.h.press('y');
    await t.h.waitFor((x) => x.includes('Waiting for the device to answer again'), 5000);
    await t.h.waitFor((x) => x.includes('device is back after'), 15_000);
    expect(t.current().client).not.toBe(before);
    expect(t.sim.state.log.all().some((l) => l.includes('system: booted'))).toBe(true);
  }, 30_000);

  it('refuses SUPER settings for a WRITE account before sending, but lets it switch the LED', async () => {
    const sim = await device();
    await sim.app.inject({
      method: 'POST',
      url: '/rest/users',
      payload: { username: 'op', password: 'pw', accesslevel: 7 },
    });
    await sim.app.inject({
      method: 'POST',
      url: '/rest/users/uac?state=true',
      headers: { authorization: `Basic ${Buffer.from('admin:admin').toString('base64')}` },
    });
    const t = await open({ sim, user: 'op', password: 'pw' });
    await t.h.waitFor((x) => x.includes('op WRITE'), 5000);
    await select(t, 'Device name');
    await t.h.press('enter');
    await t.h.waitFor((x) => x.includes("renaming the device needs SUPER rights; 'op' has WRITE"));
    await t.h.press('B');
    await t.h.waitFor((x) => x.includes("rebooting the device needs SUPER rights; 'op' has WRITE"));
    await t.h.press('l');
    await t.h.waitFor((x) => x.includes('Switch the ID LED on?'));
    expect(sim.state.settings.idLed).toBe(false);
    await t.h.press('y');
    // the result, not the progress line 'Switching the ID LED on' (matched before the write)
    await t.h.waitFor((x) => x.includes('ID LED on') && !x.includes('Switch'), 5000);
    expect(sim.state.settings.idLed).toBe(true);
  });

  it('in --readonly, every change is refused before anything is sent', async () => {
    const t = await open({ readonly: true });
    await t.h.press('l');
    await t.h.waitFor((x) => x.includes('read-only session: switching the ID LED is disabled'));
    await t.h.press('B');
    await t.h.waitFor((x) => x.includes('read-only session: rebooting the device is disabled'));
    await t.h.press('enter');
    await t.h.waitFor((x) =>
      x.includes('read-only session: changing the label and notes is disabled'),
    );
    expect(t.sim.state.settings.idLed).toBe(false);
  });
});
