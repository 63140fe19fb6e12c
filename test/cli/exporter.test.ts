/**
 * `pbc exporter` as a user runs it: --once prints one scrape (exit 0, or 3 when a device
 * does not answer), bad options are one line and exit 2, and a context's password never
 * shows in the output or the log, even when the device refuses it.
 */
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createClient } from '../../src/api/index.js';
import { type CliSim, oneErrorLine, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let s: CliSim;
beforeAll(async () => {
  s = inProcess(await startCliSim({ flows: 1000 }));
});
afterAll(() => s.close());

/** UAC off again: the wrong password's failed logins throttle this address for a moment. */
async function uacOff(admin: Client): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const ok = await admin.users.setUac(false).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('could not turn UAC off again');
}

describe('pbc exporter', () => {
  it('--once prints the metrics of the device and exits 0', async () => {
    const r = await s.run(['exporter', '--once']);
    expect(r.code, r.stderr).toBe(0);
    const label = new URL(s.url).host;
    expect(r.stdout).toContain(`pbc_up{device="${label}"} 1\n`);
    expect(r.stdout).toContain('# TYPE pbc_port_tx_bytes_total counter\n');
    expect(r.stdout).toMatch(
      new RegExp(`^pbc_port_tx_bytes_total\\{device="${label}",port="eth-0-1"\\} \\d+$`, 'm'),
    );
  });

  it('--once on a device that does not answer: pbc_up 0 alone, one log line, exit 3', async () => {
    const r = await pbcInProcess(['--url', 'http://127.0.0.1:1/rest', 'exporter', '--once']);
    expect(r.code).toBe(3);
    expect(r.stdout.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual([
      'pbc_up{device="127.0.0.1:1"} 0',
    ]);
    expect(r.stderr).toMatch(/^pbc exporter: 127\.0\.0\.1:1: down \(.*connect/);
  });

  it('refuses bad options with one line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['exporter', '--listen', 'nowhere'], /^pbc: --listen must be HOST:PORT/],
      [['exporter', '--concurrency', '0'], /^pbc: --concurrency must be a whole number 1\.\.1000/],
      [
        ['exporter', '--fleet', 'lab'],
        /^pbc: --fleet names its devices: drop --url and --context$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await s.run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(oneErrorLine(r)).toMatch(message);
    }
  });

  it("never shows a context's password, even when the device refuses it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pbc-exporter-cli-'));
    const config = join(dir, 'config.yaml');
    // UAC on: the device checks the password, and this one is wrong
    const admin = createClient({ url: s.url, user: 'admin', password: 'admin' });
    await admin.users.setUac(true);
    try {
      writeFileSync(
        config,
        `contexts:\n  - {name: lab, url: '${s.url}', user: admin, password: 'Sw0rdfish-secret'}\nfleets:\n  lab: [lab]\n`,
      );
      chmodSync(config, 0o600);
      const r = await pbcInProcess(['exporter', '--fleet', 'lab', '--once'], {
        env: { PBC_CONFIG: config },
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toContain('pbc_up{device="lab"} 0');
      expect(r.stderr).toMatch(/lab: down/);
      expect(r.stdout + r.stderr).not.toContain('Sw0rdfish');
    } finally {
      await uacOff(admin);
      await admin.close();
    }
  });
});
