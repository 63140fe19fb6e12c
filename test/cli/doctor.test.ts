/**
 * `pbc doctor`: the jump-host check of docs/install.md — version, terminal, colours, config
 * path, state dir, and whether the device answers (with its exit code when it does not).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTmux, TmuxSession } from '../e2e/tmux.js';
import { type CliSim, cli, json, root, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim());
});
afterAll(() => s?.close());

describe('pbc doctor', () => {
  it('reports the device reached, with its name and firmware, and where config and state live', async () => {
    const r = await s.run(['doctor', '-o', 'json'], {
      env: { PBC_CONFIG: '/tmp/pbc-doctor/config.yaml', PBC_STATE_DIR: '/tmp/pbc-doctor/state' },
    });
    expect(r.code, r.stderr).toBe(0);
    const d = json(r);
    expect(d).toMatchObject({
      version,
      node: process.version,
      singleExecutable: false,
      config: '/tmp/pbc-doctor/config.yaml (none yet)',
      stateDir: '/tmp/pbc-doctor/state',
      terminal: 'not a terminal (stdout is a pipe or file)',
      device: { reached: true, url: s.url, name: 'pb-lab-01' },
    });
    expect(d.device.firmware).toMatch(/^\d+\.\d+/);
  });

  it('says the device is not reached, why, and exits 3 when nothing listens', async () => {
    const r = await pbcInProcess(['doctor', '--url', 'http://127.0.0.1:1/rest', '-o', 'table']);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/device\s+NOT reached at http:\/\/127\.0\.0\.1:1\/rest: .*refused/);
    expect(r.stdout).toMatch(/^pbc\s+\S+ \(Node v\d+/m);
  });

  it('without a device: the local facts, and how to name one (usage, exit 2)', async () => {
    const r = await pbcInProcess(['doctor', '-o', 'table'], { env: { PBC_URL: undefined } });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^state dir\s+\//m);
    expect(r.stdout).toMatch(/device\s+NOT reached: no device given \(pass --url/);
  });

  it('on a terminal: its size and colours (tmux 90×20)', async () => {
    expect(hasTmux(), 'tmux is required for this test (.ci/run installs it)').toBe(true);
    const t = new TmuxSession(`${JSON.stringify(process.execPath)} ${cli} doctor --url ${s.url}`, {
      columns: 90,
      rows: 20,
      env: { TERM: 'xterm-256color', NO_COLOR: '', PBC_CONFIG: '/nonexistent/pbc.yaml' },
    });
    try {
      const screen = await t.waitFor((x) => x.includes('after-pbc'), 20_000);
      expect(screen).toMatch(/terminal\s+90×20 \(TERM=xterm-256color\)/);
      expect(screen).toMatch(/colours\s+256 colours/);
      expect(screen).toMatch(/device\s+reached: pb-lab-01/);
    } finally {
      t.kill();
    }
  }, 30_000);
});
