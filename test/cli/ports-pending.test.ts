/** `pbc ports set` and `pbc get config`/`get ports` say when a setting waits for a reboot. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliSim, json, startCliSim } from './helpers.js';
import { inProcess } from './in-process.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

describe('pending port settings on the CLI', () => {
  it('a type-4 speed change is reported as pending, and get shows it pending', async () => {
    const r = await s.run(['ports', 'set', 'eth-0-12', '--speed', '1000', '-o', 'table', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('port eth-0-12: xg_speed XG → 1G pending — applies after reboot');
    expect(r.stdout).not.toContain('speed=1000');

    const again = json(await s.run(['ports', 'set', 'eth-0-12', '--xg-speed', '1G', '--yes']));
    expect(again.pending).toEqual(['xg_speed XG → 1G — applies after reboot']);

    const config = await s.run(['get', 'config', '-o', 'table']);
    expect(config.stdout).toMatch(/eth-0-12 .*xg_speed XG → 1G after reboot/);
    const ports = await s.run(['get', 'ports', '-o', 'table']);
    expect(ports.stdout).toMatch(/eth-0-12 .*⟳ next: 1G after reboot/);
  });

  it('a change that applies at once is reported as done', async () => {
    const r = await s.run(['ports', 'set', 'eth-0-14', '--speed', '1000', '-o', 'table', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('port eth-0-14: speed 1000');
    expect(r.stdout).not.toContain('pending');
  });
});
