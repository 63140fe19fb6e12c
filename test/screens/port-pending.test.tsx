/**
 * Settings that wait for a reboot are shown as pending, never as done: a type-4 speed change
 * (xg_speed nextSetting), a split, and the next rule storage mode.
 */
import { describe, expect, it } from 'vitest';
import { polled, type TestConsole } from './admin-console.js';
import { consoleSession } from './console-session.js';

const session = consoleSession();

const port = (t: TestConsole, name: string) =>
  t.sim.state.chassis.ports.find((p) => p.if_name === name);

/** Filters the Ports screen down to one port and opens its configuration form. */
async function editPort(t: TestConsole, name: string, type: number) {
  await t.h.waitFor((x) => x.includes('eth-0-1 ') && x.includes('RX b/s'), 8000);
  await t.h.press('/');
  await t.type(name);
  await t.h.press('enter');
  const title = `Port ${name} (type ${type})`;
  await polled(t, 'config'); // e needs the port's configuration: pressed once it is there
  await t.h.press('e');
  return t.h.waitFor((x) => x.includes(title), 5000);
}

describe('pending port settings (2)', () => {
  it('a type-4 speed change is confirmed, reported and listed as pending until the reboot', async () => {
    const t = await session.open('ports');
    const form = await editPort(t, 'eth-0-12', 4);
    expect(form).toContain('Speed');
    await t.h.press('tab'); // speed
    await t.h.press('left'); // 10G → 1000
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Change eth-0-12?'), 10_000);
    expect(confirm).toContain('speed: 10G → 1000 — applies after reboot');
    expect(confirm).not.toContain('renegotiates');
    await t.h.press('y');
    const done = await t.h.waitFor((x) => x.includes('eth-0-12: xg_speed'), 10_000);
    expect(done).toContain('eth-0-12: xg_speed XG → 1G pending — applies after reboot');
    expect(done).not.toContain('eth-0-12: speed 1000');
    // the device agrees: the port still runs at 10G, 1G is next
    expect(port(t, 'eth-0-12')?.config.xg_speed).toEqual({ currSetting: 'XG', nextSetting: '1G' });
    const row = await t.h.waitFor((x) => x.includes('AFTER REBOOT') && x.includes('⟳ 1G'), 8000);
    expect(row).toMatch(/eth-0-12 .*⟳ 1G/);
    await t.h.press('enter');
    const detail = await t.h.waitFor((x) => x.includes('(port 12)'), 5000);
    expect(detail).toContain('⟳ pending — applies after reboot: xg_speed XG → 1G');
    expect(detail).toContain('XG ⟳ next: 1G after reboot');
    // the form says so too
    await t.h.press('e');
    const again = await t.h.waitFor((x) => x.includes('Port eth-0-12 (type 4)'), 5000);
    expect(again).toContain('⟳ pending — applies after reboot: xg_speed XG → 1G');
  });

  it('a split waiting for the reboot is marked on its row', async () => {
    const t = await session.open('ports');
    await t.admin.ports.config(); // the device is up
    await t.sim.app.inject({
      method: 'POST',
      url: '/rest/ports/config?if_name=eth-0-18&split=break-out',
    });
    const frame = await t.h.waitFor((x) => x.includes('AFTER REBOOT'), 8000);
    expect(frame).toMatch(/eth-0-18 .*⟳ split break-out/);
    expect(port(t, 'eth-0-18')?.type).toBe(6);
  });

  it('a type-11 speed change applies at once and is reported as done', async () => {
    const t = await session.open('ports');
    await editPort(t, 'eth-0-14', 11);
    await t.h.press('tab');
    await t.h.press('left');
    await t.h.press('enter');
    const confirm = await t.h.waitFor((x) => x.includes('Change eth-0-14?'), 10_000);
    expect(confirm).not.toContain('after reboot');
    await t.h.press('y');
    const done = await t.h.waitFor((x) => x.includes('eth-0-14: speed 1000'), 10_000);
    expect(done).not.toContain('pending');
  });
});

describe('pending rule storage mode (9)', () => {
  it('the Device screen says the next mode applies after reboot', async () => {
    const t = await session.open('device');
    await t.h.waitFor((x) => /storage mode/i.test(x), 8000);
    t.sim.state.settings.storageMode.next = 'ipv6';
    const frame = await t.h.waitFor((x) => x.includes('simple → ipv6 pending'), 8000);
    expect(frame).toContain('simple → ipv6 pending — applies after reboot');
  });
});
