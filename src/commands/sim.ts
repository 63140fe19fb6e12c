/** `pbc sim`: serve the simulated device until Ctrl-C / SIGTERM. */
import { REBOOT_MS_MAX } from '../sim/faults.js';
import { isLoopback, startSim } from '../sim/server.js';

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
    rebootMs: number(o.rebootMs, '--reboot-ms', 0, REBOOT_MS_MAX),
    ...(o.state ? { stateDir: o.state } : {}),
    ...(o.adminPassword ? { adminPassword: o.adminPassword } : {}),
    quirks: Boolean(o.quirks),
  });
  const token = sim.controlToken ? ` (/_sim token ${sim.controlToken})` : '';
  process.stdout.write(`pbc sim listening on ${sim.url}${token}\n`);
  if (!isLoopback(o.host))
    process.stderr.write(
      `pbc sim: warning: listening on ${o.host}, reachable beyond this machine; UAC is off until turned on, and /_sim needs the token above (X-Sim-Token header or ?token=)\n`,
    );
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
