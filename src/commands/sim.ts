/** `pbc sim`: serve the simulated device (or --devices N of them) until Ctrl-C / SIGTERM. */
import { join } from 'node:path';
import { UsageError } from '../model/errors.js';
import { REBOOT_MS_MAX } from '../sim/faults.js';
import { MAX_FLOWS } from '../sim/flows.js';
import { isLoopback, type SimServer, type SimServerOptions, startSim } from '../sim/server.js';

export interface SimCommandOptions {
  host: string;
  port: string;
  state?: string;
  seed: string;
  /** Refused: a password on the command line shows in ps. */
  adminPassword?: string;
  adminPasswordStdin?: boolean;
  quirks?: boolean;
  latency: string;
  failRate: string;
  rebootMs: string;
  flows?: string;
  /** How many devices, on consecutive ports from --port (default 1). */
  devices?: string;
}

function number(text: string, what: string, lo: number, hi: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < lo || n > hi)
    throw new UsageError(`${what} must be a number ${lo}..${hi}, got '${text}'`);
  return n;
}

/**
 * The admin password, from stdin (--admin-password-stdin: its first line) or the
 * environment (PBC_SIM_ADMIN_PASSWORD), never from the command line, where ps shows it.
 */
export async function adminPasswordOf(
  o: SimCommandOptions,
  env: NodeJS.ProcessEnv = process.env,
  stdin: AsyncIterable<Buffer | string> = process.stdin,
): Promise<string | undefined> {
  if (o.adminPassword !== undefined)
    throw new UsageError(
      '--admin-password would show the password to every user of this machine (ps); set PBC_SIM_ADMIN_PASSWORD or pipe it to --admin-password-stdin',
    );
  if (o.adminPasswordStdin) {
    let text = '';
    for await (const chunk of stdin) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    const line = text.split(/\r?\n/)[0] ?? '';
    if (line === '') throw new UsageError('--admin-password-stdin: stdin has no password line');
    return line;
  }
  const fromEnv = env.PBC_SIM_ADMIN_PASSWORD;
  return fromEnv ? fromEnv : undefined;
}

/** The options of device `i` (0-based) of `count`: consecutive ports, its own seed and state. */
export function deviceOptions(
  base: SimServerOptions & { port: number; seed: number },
  i: number,
  count: number,
): SimServerOptions {
  if (count === 1) return base;
  const o: SimServerOptions = {
    ...base,
    port: base.port === 0 ? 0 : base.port + i,
    seed: (base.seed + i) % (2 ** 31 + 1),
  };
  if (base.stateDir) o.stateDir = join(base.stateDir, `sim-${i + 1}`);
  return o;
}

/** Starts `count` devices (named sim-1 … sim-N when more than one); all or none. */
export async function startSims(
  base: SimServerOptions & { port: number; seed: number },
  count: number,
  onStart?: (sim: SimServer, i: number) => void,
): Promise<SimServer[]> {
  if (count > 1 && base.port !== 0 && base.port + count - 1 > 65535)
    throw new UsageError(`--port ${base.port} with --devices ${count} goes past port 65535`);
  const sims: SimServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      // one scrypt hash for every device: src/sim/auth.ts startupHash
      const sim = await startSim(deviceOptions(base, i, count));
      // a name the operator gave (persisted with --state) stays
      if (count > 1 && sim.state.settings.name === FACTORY_NAME)
        sim.state.settings.name = `sim-${i + 1}`;
      sims.push(sim);
      onStart?.(sim, i);
    }
  } catch (e) {
    await Promise.all(sims.map((s) => s.close().catch(() => {})));
    throw e;
  }
  return sims;
}

const FACTORY_NAME = 'pb-lab-01';

export async function runSim(o: SimCommandOptions): Promise<void> {
  const adminPassword = await adminPasswordOf(o);
  const count = Math.round(number(o.devices ?? '1', '--devices', 1, 1000));
  const sims = await startSims(
    {
      host: o.host,
      port: number(o.port, '--port', 0, 65535),
      seed: number(o.seed, '--seed', 0, 2 ** 31),
      latencyMs: number(o.latency, '--latency', 0, 120_000),
      failRate: number(o.failRate, '--fail-rate', 0, 1),
      rebootMs: number(o.rebootMs, '--reboot-ms', 0, REBOOT_MS_MAX),
      flows: Math.round(number(o.flows ?? '20000', '--flows', 1000, MAX_FLOWS)),
      ...(o.state ? { stateDir: o.state } : {}),
      ...(adminPassword ? { adminPassword } : {}),
      quirks: Boolean(o.quirks),
    },
    count,
    (sim, i) => {
      const token = sim.controlToken ? ` (/_sim token ${sim.controlToken})` : '';
      const as = count > 1 ? ` as sim-${i + 1}` : '';
      process.stdout.write(`pbc sim listening on ${sim.url}${as}${token}\n`);
    },
  );
  if (!isLoopback(o.host))
    process.stderr.write(
      `pbc sim: warning: listening on ${o.host}, reachable beyond this machine; UAC is off until turned on, and /_sim needs the token above (X-Sim-Token header or ?token=)\n`,
    );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`pbc sim: ${signal}, stopping\n`);
    await Promise.all(sims.map((s) => s.close()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
