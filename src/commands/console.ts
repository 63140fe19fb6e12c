/**
 * `pbc` without a command: the full-screen console (src/tui/main.ts), on the device the
 * flags/context select, or with --demo on a simulated device started in this process.
 */
import { DEFAULT_INTERVALS } from '../store/resources.js';
import type { TuiOptions } from '../tui/main.js';
import {
  clientOptions,
  deviceCredentials,
  deviceWarnings,
  type GlobalOptions,
  selectDevice,
} from './context.js';
import { exitCodeOf, formatError } from './errors.js';

export async function startConsole(g: GlobalOptions): Promise<never> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      "pbc: the console needs a terminal (for scripts use 'pbc get …', e.g. pbc get rules -o json; see pbc --help)\n",
    );
    process.exit(2);
  }
  let code: number;
  let demo: { close(): Promise<void> } | undefined;
  try {
    let options: TuiOptions;
    if (g.demo) {
      const { startSim } = await import('../sim/server.js');
      const sim = await startSim({ port: 0, host: '127.0.0.1', demo: true });
      let closed: Promise<void> | undefined;
      demo = { close: () => (closed ??= sim.close()) };
      options = { url: sim.url, demo, readonly: Boolean(g.readonly) };
    } else {
      const dev = await selectDevice(g);
      const pw = await deviceCredentials(dev);
      const co = await clientOptions(dev, pw.password);
      for (const line of deviceWarnings(dev, pw.password))
        process.stderr.write(`pbc: warning: ${line}\n`);
      options = { url: co.url, readonly: dev.readonly, insecure: dev.insecure };
      if (co.user !== undefined) options.user = co.user;
      if (co.password !== undefined) options.password = co.password;
      if (co.ca !== undefined) options.ca = co.ca;
      if (co.timeoutMs !== undefined) options.timeoutMs = co.timeoutMs;
      if (co.maxAnswerBytes !== undefined) options.maxAnswerBytes = co.maxAnswerBytes;
    }
    const intervals = pollIntervals(process.env.PBC_POLL_SPEEDUP);
    if (intervals) options.intervals = intervals;
    const { startTui } = await import('../tui/main.js');
    code = await startTui(options);
  } catch (err) {
    code = exitCodeOf(err);
    process.stderr.write(`${formatError(err, g.demo ? 'demo' : 'console')}\n`);
  }
  await demo?.close().catch(() => {});
  process.exit(code);
}

/**
 * PBC_POLL_SPEEDUP=N polls every resource N times as often (at most every 10 ms): the long-run
 * benchmark runs 10,000 poll cycles of a real console process in minutes instead of hours.
 */
export function pollIntervals(speedup: string | undefined): Record<string, number> | undefined {
  const n = Number(speedup);
  if (!Number.isFinite(n) || n <= 1) return undefined;
  return Object.fromEntries(
    Object.entries(DEFAULT_INTERVALS).map(([k, v]) => [k, Math.max(10, Math.round(v / n))]),
  );
}
