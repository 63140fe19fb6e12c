// `pbc exporter` memory with a device reporting 100,000 ports (bench/many-ports-inproc.ts):
// peak RSS of `exporter --once` (GNU time), and of a serving exporter after its first read
// and after 5 (and, another one, 10) concurrent scrapes (VmHWM). `node bench/exporter-bounds.mjs` prints the section.
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
  // exit 3 (the device did not answer within the 10 s of a scrape) still has the figures
  const { stdout, stderr } = await run(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, cli, '--url', url, 'exporter', '--once'],
    { maxBuffer: 1024 * 1024 * 1024 },
  ).catch((e) => e);
  const lines = stdout.split('\n').filter((l) => l && !l.startsWith('#')).length;
  return { lines, rssMiB: Number(stderr.trim().split('\n').at(-1)) / 1024 };
}

/**
 * A serving exporter whose device answers are kept (--cache 600000): scraped until the device
 * reads as up (a first read of 100,000 ports may pass the 10 s deadline under load; its late
 * answer serves the next scrape), then `n` scrapes at once build their series from that answer.
 * Peak RSS after the first read, and after the n scrapes.
 */
async function concurrent(url, n) {
  const exporter = await startChild(
    [cli, '--url', url, 'exporter', '--listen', '127.0.0.1:0', '--cache', '600000'],
    /serving (http:\/\/\S+)/,
  );
  try {
    while (!/^pbc_up\{[^}]*\} 1$/m.test(await (await fetch(exporter.url)).text()));
    const read = hwmMiB(exporter.child.pid);
    await Promise.all(Array.from({ length: n }, async () => (await fetch(exporter.url)).text()));
    return { read, scrapes: hwmMiB(exporter.child.pid) };
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
    const c10 = process.env.BENCH_SKIP_10 === '1' ? undefined : await concurrent(device.url, 10);
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
      `| --once: series lines | --once: peak RSS MiB | serving, after the first read | after 5 scrapes at once | (another exporter) after 10 at once |\n` +
      `| ${r.one.lines} | ${r.one.rssMiB.toFixed(0)} | ${r.c5.read.toFixed(0)} | ${r.c5.scrapes.toFixed(0)} | ${r.c10?.scrapes.toFixed(0) ?? '—'} |\n`,
  );
  process.exit(0);
}
