/**
 * `pbc` without a command: the full-screen console, on the device the flags/context select,
 * or with --demo on a simulated device started in this process. This picks the device and
 * reports failures; the console itself is started by the function cli.ts hands in
 * (src/tui/main.ts), so no command loads the console's code.
 */
import { DEFAULT_INTERVALS } from '../store/resources.js';
import { connectTo, type GlobalOptions, selectDevice } from './context.js';
import { exitCodeOf, formatError } from './errors.js';

/** The device and settings the console opens. */
export interface ConsoleOptions {
  url: string;
  user?: string;
  password?: string;
  insecure?: boolean;
  ca?: string;
  readonly?: boolean;
  timeoutMs?: number;
  /** Bytes of one answer read at most (--max-answer-size). */
  maxAnswerBytes?: number;
  /** --fleet: every device of the fleet (this object's url etc. are the first one's). */
  fleet?: { name: string; devices: { name: string; options: ConsoleOptions }[] };
  /** Set when pbc started its own simulated device (pbc --demo). */
  demo?: { close(): Promise<void> };
  /** Poll intervals (ms) per resource, e.g. for benchmarks. */
  intervals?: Record<string, number>;
  stdout?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  /**
   * Starts loading Ink's layout engine (src/cli.ts; the same promise every call): the console
   * calls it once its first requests are out, and awaits it before the first frame.
   */
  layout?: () => Promise<void>;
}

/** Runs the console until it is left; resolves with the exit code. */
export type StartConsole = (options: ConsoleOptions) => Promise<number>;

export async function runConsole(g: GlobalOptions, start: StartConsole): Promise<never> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      "pbc: the console needs a terminal (for scripts use 'pbc get …', e.g. pbc get rules -o json; see pbc --help)\n",
    );
    process.exit(2);
  }
  let code: number;
  let demo: { close(): Promise<void> } | undefined;
  try {
    let options: ConsoleOptions;
    if (g.demo) {
      const { startSim } = await import('../sim/server.js');
      const sim = await startSim({ port: 0, host: '127.0.0.1', demo: true });
      let closed: Promise<void> | undefined;
      demo = { close: () => (closed ??= sim.close()) };
      options = { url: sim.url, demo, readonly: Boolean(g.readonly) };
    } else if (g.fleet !== undefined) {
      const { fleetMembers } = await import('./fleet-members.js');
      const devices: { name: string; options: ConsoleOptions }[] = [];
      // one at a time: a password prompt or password_command each
      for (const name of await fleetMembers(g))
        devices.push({ name, options: await deviceOptions({ ...g, context: name }) });
      options = { ...devices[0]!.options, fleet: { name: g.fleet, devices } };
    } else {
      options = await deviceOptions(g);
    }
    const intervals = pollIntervals(process.env.PBC_POLL_SPEEDUP);
    if (intervals) options.intervals = intervals;
    code = await start(options);
  } catch (err) {
    code = exitCodeOf(err);
    process.stderr.write(`${formatError(err, g.demo ? 'demo' : 'console')}\n`);
  }
  await demo?.close().catch(() => {});
  process.exit(code);
}

/** The console's options for the device `g` selects (credentials resolved, warnings shown). */
async function deviceOptions(g: GlobalOptions): Promise<ConsoleOptions> {
  const dev = await selectDevice(g);
  const { options: co } = await connectTo(dev, (line) =>
    process.stderr.write(`pbc: warning: ${line}\n`),
  );
  const options: ConsoleOptions = { url: co.url, readonly: dev.readonly, insecure: dev.insecure };
  if (co.user !== undefined) options.user = co.user;
  if (co.password !== undefined) options.password = co.password;
  if (co.ca !== undefined) options.ca = co.ca;
  if (co.timeoutMs !== undefined) options.timeoutMs = co.timeoutMs;
  if (co.maxAnswerBytes !== undefined) options.maxAnswerBytes = co.maxAnswerBytes;
  return options;
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
