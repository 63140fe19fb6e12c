/**
 * A config file's intents against one device: tool ports and sources by if_name or number
 * resolved to port numbers (an unknown port is a usage error: exit 2, nothing sent), the
 * default sources (every port that is no tool's port), band and unwanted.
 */
import { UsageError } from '../../model/errors.js';
import { sanitize } from '../../model/index.js';
import type { TracePort } from '../../traffic/index.js';
import { DEFAULT_BAND, type Intents } from '../../traffic/intents/index.js';
import type { DesiredConfig } from '../desired/types.js';

function portNo(written: string, ports: readonly TracePort[], what: string): number {
  const w = written.trim();
  const byName = ports.find((p) => p.name === w);
  if (byName) return byName.no;
  const n = /^\d{1,5}$/.test(w) ? Number(w) : Number.NaN;
  if (ports.length === 0 ? Number.isInteger(n) : ports.some((p) => p.no === n)) return n;
  throw new UsageError(`${what}: '${sanitize(w)}' is not a port of this device`);
}

export function resolveIntents(config: DesiredConfig, ports: readonly TracePort[]): Intents {
  if (!config.tools || config.tools.length === 0)
    throw new UsageError('the file has no tools: section (see docs/tools.md)');
  const tools = config.tools.map((t) => ({
    name: t.name,
    port: portNo(t.port, ports, `tool '${t.name}' port`),
    wants: t.wants,
  }));
  const toolPorts = new Set(tools.map((t) => t.port));
  const sources = config.sources
    ? [...new Set(config.sources.map((s) => portNo(s, ports, 'sources')))]
    : ports.map((p) => p.no).filter((n) => !toolPorts.has(n));
  return {
    tools,
    sources: sources.sort((a, b) => a - b),
    band: config.band ?? DEFAULT_BAND,
    unwanted: config.unwanted ?? 'drop',
    ...(config.tool_groups ? { groups: config.tool_groups } : {}),
  };
}
