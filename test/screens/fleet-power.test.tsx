/**
 * `pbc sim --devices 3` serves three devices from one process; one of them is switched off
 * alone (`POST /_sim/power {"on":false}`, docs/simulator.md §9) and the fleet screen shows it
 * down while the others stay live, then live again when it is switched on (issue 29: one could
 * not be stopped alone to practise).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSims } from '../../src/commands/sim.js';
import type { SimServer } from '../../src/sim/server.js';
import { createFleetConsole } from '../../src/tui/fleet-console.js';
import { renderTui } from '../harness/render.js';

let sims: SimServer[] = [];
beforeAll(async () => {
  sims = await startSims({ port: 0, seed: 1, flows: 1000 }, 3);
});
afterAll(async () => {
  await Promise.all(sims.map((s) => s.close()));
});

const power = async (s: SimServer, on: boolean) => {
  const answer = await fetch(s.url.replace(/\/rest$/, '/_sim/power'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ on }),
  });
  return (await answer.json()) as { on: boolean };
};
const reach = (frame: string, device: string) =>
  /^.(live|stale|down|unknown) /.exec(
    frame.split('\n').find((l) => new RegExp(`^.\\S+ +${device} `).test(l)) ?? '',
  )?.[1];

describe('one device of pbc sim --devices 3 switched off and on alone', () => {
  it('the fleet shows it down, the others live, then it is live again', async () => {
    const running = await createFleetConsole({
      fleet: 'lab',
      members: sims.map((s, i) => ({
        name: `sim-${i + 1}`,
        settings: { url: s.url, readonly: true },
      })),
      mount: (tree) => renderTui(tree, { columns: 80, rows: 24 }),
      // a quick heartbeat: a device switched on again is asked soon
      poller: { intervals: { identity: 1000, flows: 1000, stats: 1000 } },
    });
    const ui = running.view;
    const all = (f: string, want: string) =>
      ['sim-1', 'sim-2', 'sim-3'].every((d) => reach(f, d) === want);
    try {
      await ui.waitFor((f) => all(f, 'live'), 20_000);
      expect(await power(sims[1]!, false)).toEqual({ on: false });
      const down = await ui.waitFor((f) => reach(f, 'sim-2') === 'down', 20_000);
      expect(reach(down, 'sim-1')).toBe('live');
      expect(reach(down, 'sim-3')).toBe('live');
      expect(down).toContain('3 devices · 1 down');
      // its own /_sim still answers, the others' /rest too
      expect((await fetch(`${sims[0]!.url}/device/name`)).status).toBe(200);
      expect(await power(sims[1]!, true)).toEqual({ on: true });
      const back = await ui.waitFor((f) => all(f, 'live'), 60_000);
      expect(back).not.toContain('down');
    } finally {
      ui.unmount();
      await running.close();
    }
  }, 120_000);

  it('refuses an unclear switch with a 400 and changes nothing', async () => {
    const answer = await fetch(sims[2]!.url.replace(/\/rest$/, '/_sim/power'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ on: 'maybe' }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/on must be true or false/);
    expect((await fetch(`${sims[2]!.url}/device/name`)).status).toBe(200);
  });
});
