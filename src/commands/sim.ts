/** `pbc sim`: serve the simulated device until Ctrl-C / SIGTERM. */
import { startSim } from '../sim/server.js';

export interface SimCommandOptions {
  host: string;
  port: string;
  state?: string;
  seed: string;
  adminPassword?: string;
  quirks?: boolean;
  latency: string;
  failRate: string;
  rebootMs: string;
}

function number(text: string, what: string, lo: number, hi: number): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < lo || n > hi)
    throw new UsageError(`${what} must be a number ${lo}..${hi}, got '${text}'`);
  return n;
}

export class UsageError extends Error {}

export async function runSim(o: SimCommandOptions): Promise<void> {
  const sim = await startSim({
    host: o.host,
    port: number(o.port, '--port', 0, 65535),
    seed: number(o.seed, '--seed', 0, 2 ** 31),
    latencyMs: number(o.latency, '--latency', 0, 120_000),
    failRate: number(o.failRate, '--fail-rate', 0, 1),
    rebootMs: number(o.rebootMs, '--reboot-ms', 0, 600_000),
    ...(o.state ? { stateDir: o.state } : {}),
    ...(o.adminPassword ? { adminPassword: o.adminPassword } : {}),
    quirks: Boolean(o.quirks),
  });
  process.stdout.write(`pbc sim listening on ${sim.url}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`pbc sim: ${signal}, stopping\n`);
    await sim.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
