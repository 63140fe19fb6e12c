/**
 * The device's configuration as a DesiredConfig (`pbc export`): what the device wrote —
 * match values and actions as it describes them, cookies as exact decimal strings, only
 * the port settings POST /ports/config can change, no counters, rates or TCAM cost. A rule
 * the device describes malformed (RuleKey.malformed) is left out with a warning: exporting
 * a guess would make an apply of the file write the wrong rule.
 */
import type { Client } from '../../api/index.js';
import type { Group, PortConfig, Rule } from '../../model/index.js';
import { HASH_FIELDS, PORT_CHOICES } from './fields.js';
import type {
  DesiredConfig,
  DesiredGroup,
  DesiredGroupHash,
  DesiredPort,
  DesiredRule,
  DesiredSection,
} from './types.js';

export const DESIRED_SECTIONS: readonly DesiredSection[] = [
  'rules',
  'groups',
  'ports',
  'group_hash',
  'boot_savepoint',
];

export interface ExportOptions {
  /** Told about what is left out (default: a `pbc: warning:` line on stderr). */
  warn?: (message: string) => void;
}

const stderrWarn = (m: string) => process.stderr.write(`pbc: warning: ${m}\n`);

/** Reads the sections `only` names (default all) from the device. */
export async function exportDesired(
  client: Client,
  only: readonly DesiredSection[] = DESIRED_SECTIONS,
  opts: ExportOptions = {},
): Promise<DesiredConfig> {
  const warn = opts.warn ?? stderrWarn;
  const want = new Set(only);
  const [rules, groups, ports, hash, savepoints] = await Promise.all([
    want.has('rules') ? client.rules.list() : undefined,
    want.has('groups') ? client.groups.list() : undefined,
    want.has('ports') ? client.ports.config() : undefined,
    want.has('group_hash') ? client.device.groupHash() : undefined,
    want.has('boot_savepoint') ? client.savepoints.list() : undefined,
  ]);
  const out: DesiredConfig = {};
  if (rules) out.rules = exportRules(rules.rules, warn);
  if (groups) out.groups = exportGroups(groups);
  if (ports) out.ports = exportPorts(ports, warn);
  if (hash) {
    const h: DesiredGroupHash = {};
    for (const k of HASH_FIELDS) h[k] = hash[k];
    out.group_hash = h;
  }
  const boot = savepoints?.rules.find((s) => s.boot === true);
  if (boot) out.boot_savepoint = boot.name;
  return out;
}

/** Rules by priority, highest first; equal priorities keep the device's order. */
export function exportRules(rules: readonly Rule[], warn: (m: string) => void): DesiredRule[] {
  const out: DesiredRule[] = [];
  for (const r of rules) {
    if (r.malformed) {
      warn(
        `rule '${r.name || '(no name)'}' (priority ${r.priority}) left out: the device describes it malformed (${r.malformed})`,
      );
      continue;
    }
    const d: DesiredRule = { priority: r.priority, match: { ...r.match }, actions: [...r.actions] };
    if (r.name) d.name = r.name;
    if (r.description) d.description = r.description;
    d.cookie = r.cookie.toString();
    out.push(d);
  }
  return out
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.priority - a.r.priority || a.i - b.i)
    .map(({ r }) => r);
}

export function exportGroups(groups: readonly Group[]): DesiredGroup[] {
  return [...groups]
    .sort((a, b) => a.group_id - b.group_id)
    .map((g) => ({
      id: g.group_id,
      type: g.type,
      ...(g.description ? { description: g.description } : {}),
      buckets: g.buckets.map((b) => ({
        ...(b.watch_port ? { watch_port: b.watch_port } : {}),
        actions: [...b.actions],
      })),
    }));
}

/** Interface names in natural order: eth-0-2 before eth-0-10. */
export const byPortName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' });

/**
 * The settings POST /ports/config changes; xg_speed as the pending setting (nextSetting,
 * what a POST sets). A value outside the device's documented choices is left out.
 */
export function exportPorts(
  configs: readonly PortConfig[],
  warn: (m: string) => void,
): Record<string, DesiredPort> {
  const out: Record<string, DesiredPort> = {};
  for (const c of [...configs].sort((a, b) => byPortName(a.if_name, b.if_name))) {
    const p: DesiredPort = {};
    const text = { speed: c.speed, duplex: c.duplex, xg_speed: c.xg_speed?.nextSetting };
    for (const [k, v] of Object.entries(text) as [keyof typeof text, string | undefined][]) {
      if (v === undefined || v === '') continue;
      if (PORT_CHOICES[k]?.includes(v) === false)
        warn(`port ${c.if_name}: ${k} '${v}' left out (not one of ${PORT_CHOICES[k]?.join(', ')})`);
      else p[k] = v;
    }
    p.shutdown = c.shutdown;
    if (c.unidirectional !== undefined) p.unidirectional = c.unidirectional;
    if (c.crc_check !== undefined) p.crc_check = c.crc_check;
    if (c.crc_recalculation !== undefined) p.crc_recalculation = c.crc_recalculation;
    out[c.if_name] = p;
  }
  return out;
}
