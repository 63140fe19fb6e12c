/**
 * `pbc --fleet lab` in tmux at 80×24 over three simulators (one answering 500s) and one that
 * was closed: the fleet screen first, Enter opens a device, 0 returns, q quits cleanly.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { hasTmux, TmuxSession, tmuxTests } from './tmux.js';

let sims: SimServer[] = [];
let config = '';
const sessions: TmuxSession[] = [];

beforeAll(async () => {
  if (!hasTmux()) return;
  sims = await Promise.all([0, 1, 2, 3].map(() => startSim({ port: 0, host: '127.0.0.1' })));
  await fetch(sims[2]!.url.replace(/\/rest$/, '/_sim/fault'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fail_rate: 1, fail_mode: '500' }),
  });
  await sims[3]!.close(); // down
  const dir = mkdtempSync(join(tmpdir(), 'pbc-fleet-e2e-'));
  config = join(dir, 'config.yaml');
  const names = ['east', 'west', 'flaky', 'gone'];
  writeFileSync(
    config,
    `contexts:\n${names.map((n, i) => `  - {name: ${n}, url: ${sims[i]!.url}}`).join('\n')}\nfleets:\n  lab: [${names.join(', ')}]\n`,
  );
});
afterAll(async () => {
  for (const s of sessions) s.kill();
  await Promise.all(sims.slice(0, 3).map((s) => s.close()));
});

describe.runIf(tmuxTests())('pbc --fleet in a terminal', () => {
  it('starts on the fleet screen at 80×24, opens a device with Enter, 0 returns', async () => {
    const s = new TmuxSession('node dist/cli.js --fleet lab', {
      columns: 80,
      rows: 24,
      env: { PBC_CONFIG: config },
    });
    sessions.push(s);
    const fleet = await s.waitFor(
      (x) =>
        /live +east /.test(x) &&
        /live +west /.test(x) &&
        /down +flaky /.test(x) &&
        /down +gone /.test(x),
      30_000,
    );
    expect(fleet).toContain('Fleet lab · 4 devices · 2 down');
    expect(fleet.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(24);
    // sorted by device: east, flaky, gone, west
    s.keys('Down', 'Down', 'Down');
    await s.waitFor((x) => /›live +west /.test(x));
    s.keys('Enter');
    await s.waitFor((x) => x.includes(sims[1]!.url) && x.includes('Environment'), 20_000);
    s.keys('0');
    await s.waitFor((x) => x.includes('Fleet lab · 4 devices'), 10_000);
    s.keys('q');
    await s.waitFor((x) => x.includes('after-pbc'), 10_000);
    expect(s.status()).toBe('exit=0');
  }, 90_000);
});
