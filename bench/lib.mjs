// Shared helpers for the benchmarks: child processes, autocannon runs, report sections.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const cli = join(root, 'dist', 'cli.js');

/** Starts `node args…` and resolves with the first URL it prints. */
export async function startChild(args, pattern = /(http:\/\/\S+)/) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = pattern.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit').catch(() => {});
    },
  };
}

export async function cannon(url, { duration = 5, connections = 10 } = {}) {
  const { default: autocannon } = await import('autocannon');
  const r = await autocannon({ url, duration, connections, pipelining: 1 });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, bytes: r.throughput.average };
}

export function machine() {
  return `${process.platform} ${process.arch}, Node ${process.version}, ${(
    globalThis.navigator?.hardwareConcurrency ?? 2
  )} cores`;
}
