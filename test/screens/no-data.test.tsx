/**
 * The Overview before the device has answered (or while it cannot be reached) says it does
 * not know, rather than "0 ports" and "errors: none" — no false all-clear in an incident; Ports
 * and Logs say why they show nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { startSim } from '../../src/sim/server.js';
import { commitFailure, commitSuccess, createConsoleStore } from '../../src/store/store.js';
import { mountTestConsole } from '../harness/console.js';
import { cleanup } from '../harness/render.js';

afterEach(() => cleanup());

const session = {
  url: 'http://device.invalid/rest',
  readonly: false,
  insecure: false,
  demo: false,
};

async function mount(
  store = createConsoleStore(),
  screen: 'overview' | 'ports' | 'logs' = 'overview',
) {
  // the poller is not started: the store holds what the test puts in
  const { ui } = await mountTestConsole({ settings: session, store, screen, poll: false });
  return ui;
}

describe('overview with nothing known', () => {
  it('says there is no port data yet, and no "none" for errors', async () => {
    const ui = await mount();
    const f = await ui.waitFor((x) => x.includes('Ports'));
    expect(f).toContain('– (no port data yet)');
    expect(f).toMatch(/Errors\/drops now\s*│?\n.*? {2}–/);
    expect(f).toContain('Since start: –');
    expect(f).not.toContain('0 ports');
    expect(f).not.toMatch(/Errors\/drops now\s*\n.*?none/);
  });

  it('Ports says why it has no table when the device did not answer', async () => {
    const store = createConsoleStore();
    const message = 'cannot connect to 192.0.2.1:80: connection refused \u001b]0;owned\u0007';
    commitFailure(store, 'stats', message, 'connection', Date.now());
    const ui = await mount(store, 'ports');
    const f = await ui.waitFor((x) => x.includes('! ports:'));
    expect(f).toContain('! ports: cannot connect to 192.0.2.1:80: connection refused');
    expect(ui.output()).not.toContain('\u001b]0;owned');
    expect(f).not.toContain('Loading ports…');
  });

  it('Logs says why it has no lines, not "0 lines"', async () => {
    // the screen asks for the log at once; this device's name does not resolve
    const ui = await mount(createConsoleStore(), 'logs');
    const f = await ui.waitFor((x) => x.includes('! log: cannot resolve the device host name'));
    expect(f).not.toContain('0 lines');
  });

  it('says "none" only once two samples gave rates', async () => {
    // the device's clock moved by the test, each sample committed at the instant it was read
    let now = Date.now();
    const sim = await startSim({ port: 0, host: '127.0.0.1', seed: 7, now: () => now });
    try {
      const device = createClient({ url: sim.url });
      const store = createConsoleStore();
      commitSuccess(store, 'info', await device.ports.info(), now);
      commitSuccess(store, 'stats', await device.ports.stats(), now);
      const ui = await mount(store);
      let f = await ui.waitFor((x) => x.includes('28 ports'));
      expect(f).toMatch(/Errors\/drops now\s*\n.*? {2}–/);
      expect(f).toMatch(/Since start: \d+ ports have counted/);
      now += 1100; // the simulator's counters move
      commitSuccess(store, 'stats', await device.ports.stats(), now);
      f = await ui.waitFor((x) =>
        /Errors\/drops now(: \d+ ports?)?\s*\n.*? {2}(none|eth-)/.test(x),
      );
      expect(f).not.toMatch(/Errors\/drops now\s*\n.*? {2}–/);
      await device.close();
    } finally {
      await sim.close();
    }
  });
});
