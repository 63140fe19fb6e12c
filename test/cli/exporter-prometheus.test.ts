/**
 * A real Prometheus (Debian's package 'prometheus'; .ci/run installs it) scrapes
 * `pbc exporter --fleet lab` every second: three simulators and a fourth context whose
 * device is gone. Its HTTP API must then answer `up` = 1 for the exporter, pbc_up per
 * device, the port byte counters, and a rate() of them above zero.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimServer, startSim } from '../../src/sim/server.js';
import { baseEnv, cli } from './helpers.js';

let sims: SimServer[] = [];
let dir: string;
let exporter: ChildProcess | undefined;
let prometheus: ChildProcess | undefined;
let api: string;
let promLog = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Series {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(q: string): Promise<Series[]> {
  const res = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(q)}`);
  const body = (await res.json()) as { status: string; data: { result: Series[] } };
  if (body.status !== 'success') throw new Error(`${q}: ${JSON.stringify(body)}`);
  return body.data.result;
}

/** Polls `q` until `ok` holds for its answer (generous: the machine is shared). */
async function until(q: string, ok: (r: Series[]) => boolean, ms = 90_000): Promise<Series[]> {
  const end = Date.now() + ms;
  let last: Series[] | string = 'no answer yet';
  while (Date.now() < end) {
    try {
      const r = await query(q);
      if (ok(r)) return r;
      last = r;
    } catch (e) {
      last = (e as Error).message;
    }
    await sleep(500);
  }
  throw new Error(
    `${q} never held; last answer: ${JSON.stringify(last).slice(0, 2000)}\nprometheus log: ${promLog.slice(-2000)}`,
  );
}

beforeAll(async () => {
  sims = await Promise.all(
    [1, 2, 3].map((seed) => startSim({ port: 0, host: '127.0.0.1', seed, flows: 1000 })),
  );
  dir = mkdtempSync(join(tmpdir(), 'pbc-prometheus-'));
  const gone = await freePort();
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      'contexts:',
      ...sims.flatMap((s, i) => [`  - name: lab-${i + 1}`, `    url: ${s.url}`]),
      '  - name: gone',
      `    url: http://127.0.0.1:${gone}/rest`,
      'fleets:',
      '  lab: [lab-1, lab-2, lab-3, gone]',
      '',
    ].join('\n'),
  );
  chmodSync(config, 0o600);
  exporter = spawn(
    process.execPath,
    [cli, 'exporter', '--fleet', 'lab', '--listen', '127.0.0.1:0'],
    {
      env: { ...baseEnv(), PBC_CONFIG: config },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  exporter.stderr!.on('data', (d) => {
    err += String(d);
  });
  const target = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`exporter did not start: ${out}${err}`)),
      60_000,
    );
    exporter!.stdout!.on('data', (d) => {
      out += String(d);
      const m = /serving http:\/\/(127\.0\.0\.1:\d+)\/metrics/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    exporter!.once('exit', (code) => reject(new Error(`exporter exited ${code}: ${out}${err}`)));
  });
  const promConfig = join(dir, 'prometheus.yml');
  writeFileSync(
    promConfig,
    [
      'global:',
      '  scrape_interval: 1s',
      '  scrape_timeout: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: pbc',
      '    static_configs:',
      `      - targets: ['${target}']`,
      '',
    ].join('\n'),
  );
  const port = await freePort();
  api = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${promConfig}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.on('error', (e) => {
    promLog += `cannot start prometheus: ${e.message} (install Debian's package 'prometheus')\n`;
  });
  prometheus.stdout!.on('data', (d) => {
    promLog += String(d);
  });
  prometheus.stderr!.on('data', (d) => {
    promLog += String(d);
  });
}, 120_000);

afterAll(async () => {
  for (const p of [prometheus, exporter]) {
    if (!p || p.exitCode !== null) continue;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await Promise.race([gone, sleep(10_000)]);
    if (p.exitCode === null) p.kill('SIGKILL');
  }
  await Promise.all(sims.map((s) => s.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('Prometheus scrapes pbc exporter --fleet', () => {
  it('sees the exporter up, each device with pbc_up, and the gone one down with nothing else', async () => {
    await until('up{job="pbc"}', (r) => r.length === 1 && r[0]!.value[1] === '1');
    const up = await until('pbc_up', (r) => r.length === 4);
    expect(Object.fromEntries(up.map((s) => [s.metric.device, s.value[1]]))).toEqual({
      'lab-1': '1',
      'lab-2': '1',
      'lab-3': '1',
      gone: '0',
    });
    expect(await query('{device="gone", __name__!="pbc_up"}')).toEqual([]);
  }, 150_000);

  it('stores the port byte counters of every device, and their rate() is above zero', async () => {
    const tx = await until('pbc_port_tx_bytes_total', (r) => r.length > 60);
    const devices = new Set(tx.map((s) => s.metric.device));
    expect([...devices].sort()).toEqual(['lab-1', 'lab-2', 'lab-3']);
    expect(tx.every((s) => s.metric.port?.startsWith('eth-0-'))).toBe(true);
    expect(tx.some((s) => Number(s.value[1]) > 2 ** 40)).toBe(true);
    const rates = await until('rate(pbc_port_tx_bytes_total[5s]) > 0', (r) => r.length > 0);
    expect(new Set(rates.map((s) => s.metric.device)).size).toBeGreaterThan(0);
    expect(rates.every((s) => Number(s.value[1]) > 0)).toBe(true);
  }, 150_000);
});
