/**
 * The incident drill of issue 29, tasks 1, 6, 8 and 12, walked in tmux at 80×24 as a new
 * operator would. The drill's 13 tasks follow docs/keys.md's sections (its "One meaning per
 * key" is a rule, not a task): 1 Everywhere, 2 Overview, 3 Ports, 4 Rules, 5 Groups,
 * 6 Save-points, 7 Logs, 8 Users, 9 Apps, 10 Device, 11 Journal, 12 Fleet, 13 Tools.
 * Every screen of the walk fits the terminal: at most 24 lines of at most 80 columns.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSims } from '../../src/commands/sim.js';
import type { SimServer } from '../../src/sim/server.js';
import { killAll, lines, press, startPbc, type } from './admin-helpers.js';
import { hasTmux, type TmuxSession, tmuxTests } from './tmux.js';

const COLUMNS = 80;
const ROWS = 24;

afterEach(killAll);

/** The screen fits 80×24: what the operator sees is all there is. */
function fits(screen: string): string {
  const all = lines(screen);
  expect(all.length).toBeLessThanOrEqual(ROWS);
  for (const l of all) expect(l.length).toBeLessThanOrEqual(COLUMNS);
  return screen;
}

const demo = async () => {
  const s = startPbc('--demo', { columns: COLUMNS, rows: ROWS });
  await s.waitFor((x) => x.includes('● live'), 20_000);
  return s;
};

const quit = async (s: TmuxSession) => {
  await press(s, 'q');
  await s.waitFor((x) => x.includes('after-pbc'), 10_000);
  expect(s.status()).toBe('exit=0');
};

describe.runIf(tmuxTests())('the drill at 80×24, in tmux', () => {
  it('task 1, everywhere: screens by number, / filter, ? help, u to the Journal and Esc back, p pause', async () => {
    const s = await demo();
    await press(s, '2');
    fits(await s.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-1 ')));
    await press(s, '/');
    await type(s, 'eth-0-2');
    await press(s, 'Enter');
    const filtered = fits(
      await s.waitFor((x) => /of \d+ ports match 'eth-0-2'/.test(x) && !x.includes('Enter keeps')),
    );
    // the filter as typed, once (it came back doubled: `tap-2tap-2`)
    expect(filtered).not.toContain('eth-0-2eth-0-2');
    expect(filtered).not.toMatch(/^[ ›]eth-0-1 /m);
    await press(s, 'Escape');
    await s.waitFor((x) => !/ports match/.test(x));
    await press(s, '?');
    fits(await s.waitFor((x) => x.includes('quit') && x.includes('help')));
    await press(s, 'Escape');
    await s.waitFor((x) => x.includes('[2 Ports]') && !x.includes('command palette'));
    // u: the Journal (there is nothing of this session to undo), Esc: back where it was
    await press(s, 'u');
    fits(await s.waitFor((x) => x.includes('Journal')));
    await press(s, 'Escape');
    await s.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-1 '));
    await press(s, 'p');
    fits(await s.waitFor((x) => /paused/i.test(x)));
    await press(s, 'p');
    await s.waitFor((x) => x.includes('● live'), 10_000);
    await quit(s);
  }, 90_000);

  it('task 6, save-points: activate one, and the list marks the one the device now runs', async () => {
    const s = await demo();
    await press(s, '5');
    const flagsOf = (x: string) =>
      (lines(x).find((l) => /^.factory-default /.test(l)) ?? '').replace(/^.*\d /, '');
    // the demo's monitoring set is loaded: the device runs no save-point as it was saved
    const list = fits(await s.waitFor((x) => x.includes('factory-default') && flagsOf(x) !== ''));
    expect(flagsOf(list)).toBe('boot read-only');
    await press(s, 'g', 'A');
    const ask = fits(
      await s.waitFor((x) => x.includes("Activate rule save-point 'factory-default'?")),
    );
    expect(ask).toMatch(/fits/);
    await press(s, 'y');
    await s.waitFor((x) => x.includes("'factory-default' is active"), 15_000);
    fits(await s.waitFor((x) => flagsOf(x) === 'active boot read-only', 15_000));
    // and v: nothing between the active rules and it
    await press(s, 'v');
    const diff = fits(await s.waitFor((x) => x.includes("Active rules → 'factory-default'")));
    expect(diff).toMatch(/\d+ unchanged/);
    await press(s, 'Escape');
    await quit(s);
  }, 90_000);

  it('task 8, users: add a user with a confirmation, and it is listed', async () => {
    const s = await demo();
    await press(s, '7');
    fits(await s.waitFor((x) => x.includes('admin') && x.includes('SUPER')));
    await press(s, 'a');
    fits(await s.waitFor((x) => x.includes('Add a user')));
    await type(s, 'carol');
    await press(s, 'Tab');
    await type(s, 'pw-1');
    await press(s, 'Tab');
    await type(s, 'pw-1');
    await press(s, 'Tab', 'Right', 'Tab');
    await type(s, 'night shift');
    await press(s, 'Enter');
    const ask = fits(await s.waitFor((x) => x.includes("Add user 'carol'?")));
    // the password is never on screen
    expect(ask).not.toContain('pw-1');
    await press(s, 'y');
    await s.waitFor((x) => x.includes("user 'carol' added (WRITE)"), 15_000);
    fits(await s.waitFor((x) => /carol\s+WRITE\s+night shift/.test(x), 15_000));
    await quit(s);
  }, 90_000);

  describe('task 12, the fleet', () => {
    let sims: SimServer[] = [];
    let config = '';
    beforeAll(async () => {
      if (!hasTmux()) return;
      sims = await startSims({ port: 0, seed: 1, flows: 1000 }, 3);
      const dir = mkdtempSync(join(tmpdir(), 'pbc-drill-'));
      config = join(dir, 'config.yaml');
      writeFileSync(
        config,
        `contexts:\n${sims.map((x, i) => `  - {name: sim-${i + 1}, url: ${x.url}}`).join('\n')}\nfleets:\n  sims: [sim-1, sim-2, sim-3]\n`,
      );
    });
    afterAll(async () => {
      await Promise.all(sims.map((x) => x.close()));
    });
    const power = (sim: SimServer, on: boolean) =>
      fetch(sim.url.replace(/\/rest$/, '/_sim/power'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ on }),
      });
    const state = (x: string, device: string) =>
      /^.(\w+) /.exec(lines(x).find((l) => new RegExp(`^.\\w+ +${device} `).test(l)) ?? '')?.[1];

    it('open a device, back to the fleet, on to its ports (polled, not stale); one device dies and comes back', async () => {
      const s = startPbc('--fleet sims', {
        columns: COLUMNS,
        rows: ROWS,
        env: { PBC_CONFIG: config },
      });
      const all = (x: string, want: string) =>
        ['sim-1', 'sim-2', 'sim-3'].every((d) => state(x, d) === want);
      fits(await s.waitFor((x) => all(x, 'live'), 30_000));
      await press(s, 'Down', 'Enter');
      await s.waitFor((x) => x.includes(sims[1]!.url) && x.includes('Environment'), 20_000);
      await press(s, '0');
      await s.waitFor((x) => x.includes('Fleet sims · 3 devices'));
      await press(s, '2');
      await s.waitFor((x) => x.includes('[2 Ports]') && x.includes('eth-0-1 '), 15_000);
      // its console polls it again: the device sees requests, and the header stays live
      const seen = sims[1]!.faults.requests;
      await s.waitFor(() => sims[1]!.faults.requests >= seen + 3, 20_000);
      const ports = fits(await s.waitFor((x) => x.includes('● live'), 10_000));
      expect(ports).not.toContain('◌ stale');
      // back on the fleet, sim-3 is switched off alone: down, with its error; the others live
      await press(s, '0');
      await s.waitFor((x) => x.includes('Fleet sims · 3 devices'));
      await power(sims[2]!, false);
      const down = fits(await s.waitFor((x) => state(x, 'sim-3') === 'down', 30_000));
      expect(down).toContain('3 devices · 1 down');
      expect(state(down, 'sim-1')).toBe('live');
      expect(state(down, 'sim-2')).toBe('live');
      await power(sims[2]!, true);
      fits(await s.waitFor((x) => all(x, 'live'), 90_000));
      await quit(s);
    }, 180_000);
  });
});
