// `pbc exporter` memory with a device reporting 100,000 ports (bench/many-ports-inproc.ts):
// peak RSS of `exporter --once` (GNU time), and of a serving exporter (--cache 0) after 5
// and 10 concurrent scrapes (VmHWM). `node bench/exporter-bounds.mjs` prints the section.
// BENCH_CLI=path/to/cli.js measures another build (the one before the limits).
import { execFile } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { bundleInproc, machine, cli as ownCli, startChild } from './lib.mjs';

const run = promisify(execFile);
const cli = process.env.BENCH_CLI ?? ownCli;
const PORTS = Number(process.env.PORTS ?? 100_000);

const hwmMiB = (pid) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function once(url) {
  const { stdout, stderr } = await run(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, cli, '--url', url, 'exporter', '--once'],
    { maxBuffer: 1024 * 1024 * 1024 },
  );
  const lines = stdout.split('\n').filter((l) => l && !l.startsWith('#')).length;
  return { lines, rssMiB: Number(stderr.trim().split('\n').at(-1)) / 1024 };
}

async function concurrent(url, n) {
  const exporter = await startChild(
    [cli, '--url', url, 'exporter', '--listen', '127.0.0.1:0', '--cache', '0'],
    /serving (http:\/\/\S+)/,
  );
  try {
    await Promise.all(Array.from({ length: n }, async () => (await fetch(exporter.url)).text()));
    return hwmMiB(exporter.child.pid);
  } finally {
    await exporter.stop();
  }
}

export async function benchExporterBounds() {
  const file = await bundleInproc('many-ports-inproc.ts', 'many-ports-inproc');
  process.env.PORTS = String(PORTS);
  const device = await startChild([file], /listening on (http:\/\/\S+)/);
  const load = loadavg();
  try {
    const one = await once(device.url);
    const c5 = await concurrent(device.url, 5);
    // BENCH_SKIP_10=1: not 10 at once (a build without limits needs ~4.4 GB for them)
    const c10 = process.env.BENCH_SKIP_10 === '1' ? Number.NaN : await concurrent(device.url, 10);
    return { one, c5, c10, load, loadAfter: loadavg() };
  } finally {
    await device.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchExporterBounds();
  const l = (x) => x.map((v) => v.toFixed(1)).join(' / ');
  writeSync(
    1,
    `${cli}: ${PORTS} ports; ${machine()}; load ${l(r.load)} → ${l(r.loadAfter)}\n` +
      `| --once: series lines | --once: peak RSS MiB | 5 concurrent scrapes: peak RSS MiB | 10 concurrent: peak RSS MiB |\n` +
      `| ${r.one.lines} | ${r.one.rssMiB.toFixed(0)} | ${r.c5.toFixed(0)} | ${r.c10.toFixed(0)} |\n`,
  );
  process.exit(0);
}
