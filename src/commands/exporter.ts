/**
 * `pbc exporter`: a Prometheus exporter for a fleet (`--fleet NAME`) or one device (the usual
 * --context / --url). Serves /metrics until SIGINT/SIGTERM; `--once` prints one scrape.
 * The metrics and the scrape logic are src/exporter; docs/fleet.md describes them.
 */
import { maskSecrets } from '../api/mask.js';
import { FleetCollector, type Target } from '../exporter/collector.js';
import { serveMetrics } from '../exporter/server.js';
import { UsageError } from '../model/errors.js';
import { sanitize } from '../model/sanitize.js';
import { connectTo, type Device, type GlobalOptions, selectDevice } from './context.js';
import { exitWhenWritten } from './exit.js';

export interface ExporterOptions {
  fleet?: string;
  listen: string;
  ruleMetrics?: string;
  cache: string;
  healthCache?: string;
  concurrency: string;
  maxPorts?: string;
  maxRules?: string;
  once?: boolean;
}

/** `HOST:PORT`, `[::1]:PORT` or `:PORT` (loopback). */
export function parseListen(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:[\]]*)):(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[3]) : Number.NaN;
  if (!m || port > 65535)
    throw new UsageError(`--listen must be HOST:PORT (e.g. 127.0.0.1:9464), got '${text}'`);
  return { host: m[1] ?? (m[2] || '127.0.0.1'), port };
}

function int(text: string, what: string, lo: number, hi: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < lo || n > hi)
    throw new UsageError(`${what} must be a whole number ${lo}..${hi}, got '${text}'`);
  return n;
}

/** `--rule-metrics a,b`: the rule names, none empty. */
export function parseRuleNames(text: string | undefined): Set<string> {
  if (text === undefined) return new Set();
  const names = text.split(',').map((s) => s.trim());
  if (names.some((n) => n === ''))
    throw new UsageError(`--rule-metrics takes rule names separated by commas, got '${text}'`);
  return new Set(names);
}

/** The `device` label of a device chosen without a context: the URL's host and port. */
function urlLabel(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The devices: each context of the fleet, or the one the global options choose. */
export async function exporterDevices(
  g: GlobalOptions,
  fleet: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ name: string; device: Device }[]> {
  if (fleet === undefined) {
    const device = await selectDevice(g, env);
    return [{ name: device.context?.name ?? urlLabel(device.url), device }];
  }
  if (g.url !== undefined || g.context !== undefined)
    throw new UsageError('--fleet names its devices: drop --url and --context');
  const { configPath, fleetContexts, loadConfig } = await import('../config/config.js');
  const path = configPath(env);
  const cfg = await loadConfig(path);
  if (!cfg) throw new UsageError(`no fleet '${fleet}': no config file at ${path}`);
  const out: { name: string; device: Device }[] = [];
  for (const ctx of fleetContexts(cfg, fleet)) {
    const device = await selectDevice({ ...g, context: ctx.name }, env, cfg);
    out.push({ name: ctx.name, device });
  }
  return out;
}

export async function runExporter(g: GlobalOptions, o: ExporterOptions): Promise<void> {
  const listen = parseListen(o.listen);
  const cacheMs = int(o.cache, '--cache', 0, 3_600_000);
  const healthMs = int(o.healthCache ?? '10000', '--health-cache', 0, 3_600_000);
  const concurrency = int(o.concurrency, '--concurrency', 1, 1000);
  const ruleNames = parseRuleNames(o.ruleMetrics);
  const limits = {
    ports: int(o.maxPorts ?? '4096', '--max-ports', 1, 1_000_000),
    rules: int(o.maxRules ?? '16384', '--max-rules', 1, 1_000_000),
  };
  const devices = await exporterDevices(g, o.fleet);
  const { createClient } = await import('../api/client.js');
  const passwords: string[] = [];
  const targets: Target[] = [];
  for (const { name, device } of devices) {
    const { password, options } = await connectTo(device, (line) =>
      process.stderr.write(`pbc: warning: ${name}: ${sanitize(line)}\n`),
    );
    if (password !== undefined) passwords.push(password);
    targets.push({ name, client: createClient(options) });
  }
  // Device answers and transport messages are untrusted and may echo a secret: sanitized
  // and masked (every password in use, and any password-like field) before they are logged.
  const log = (line: string) =>
    process.stderr.write(`pbc exporter: ${maskSecrets(sanitize(line), passwords)}\n`);
  const collector = new FleetCollector(targets, {
    cacheMs,
    healthMs,
    concurrency,
    ruleNames,
    limits,
    onChange: (device, up, why) =>
      log(up ? `${device}: answers again` : `${device}: down (${why.replace(/\s+/g, ' ')})`),
  });
  const closeClients = () => Promise.all(targets.map((t) => t.client.close().catch(() => {})));
  if (o.once) {
    const text = await (await collector.scrape(10_000)).metrics();
    process.stdout.write(text);
    await closeClients();
    // exit 3 when a device did not answer, as a read of one device would
    await exitWhenWritten(/^pbc_up\{[^}]*\} 0$/m.test(text) ? 3 : 0);
  }
  const server = await serveMetrics(collector, listen);
  process.stdout.write(`pbc exporter: ${targets.length} device(s), serving ${server.url}\n`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}, stopping`);
    await server.close();
    await closeClients();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
