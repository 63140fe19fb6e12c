/**
 * `pbc exporter` bounds what one device may add to a scrape: a device reporting 5,000 ports
 * gives 4,096 port series by default (--max-ports), rules named with --rule-metrics are
 * capped by --max-rules, and `pbc_series_dropped{device,kind}` says what was left out.
 * (Memory at 100,000 ports: bench/exporter-bounds.mjs, docs/performance.md.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../src/api/test-server.js';
import { manyPortsDevice } from '../harness/many-ports.js';
import { type CliSim, startCliSim } from './helpers.js';
import { inProcess, pbcInProcess } from './in-process.js';

let s: CliSim;
let device: TestServer;
let label: string;
beforeAll(async () => {
  s = inProcess(await startCliSim());
  device = await manyPortsDevice(s.sim, 5000);
  label = new URL(device.url).host;
});
afterAll(async () => {
  await device?.close();
  await s?.close();
});

const scrape = (args: string[] = []) =>
  pbcInProcess(['--url', device.url, 'exporter', '--once', ...args], { timeoutMs: 60_000 });
const series = (text: string, metric: string) =>
  text.split('\n').filter((l) => l.startsWith(`${metric}{`));

describe('pbc exporter: series limits', () => {
  it('exports at most 4,096 ports of a device by default and counts the rest as dropped', async () => {
    const r = await scrape();
    expect(r.code, r.stderr).toBe(0);
    const up = series(r.stdout, 'pbc_port_link_up');
    expect(up).toHaveLength(4096);
    expect(up[0]).toBe(`pbc_port_link_up{device="${label}",port="eth-9-1"} 1`);
    expect(up.at(-1)).toMatch(/port="eth-9-4096"/);
    expect(series(r.stdout, 'pbc_port_rx_bytes_total')).toHaveLength(4096);
    expect(r.stdout).toContain('# TYPE pbc_series_dropped gauge\n');
    expect(series(r.stdout, 'pbc_series_dropped')).toEqual([
      `pbc_series_dropped{device="${label}",kind="port"} 904`,
    ]);
  });

  it('--max-ports and --max-rules set the limits', async () => {
    const r = await scrape([
      '--max-ports',
      '10',
      '--rule-metrics',
      'tap-1,tap-2,https-3',
      '--max-rules',
      '2',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(series(r.stdout, 'pbc_port_link_up')).toHaveLength(10);
    expect(series(r.stdout, 'pbc_rule_packets_total')).toHaveLength(2);
    expect(series(r.stdout, 'pbc_series_dropped').sort()).toEqual([
      `pbc_series_dropped{device="${label}",kind="port"} 4990`,
      `pbc_series_dropped{device="${label}",kind="rule"} 1`,
    ]);
  });

  it('a device within the limits has no dropped series, and a bad limit is a usage error', async () => {
    const r = await s.run(['exporter', '--once']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('pbc_series_dropped');
    const bad = await s.run(['exporter', '--once', '--max-ports', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-ports must be a whole number 1..1000000');
  });
});
