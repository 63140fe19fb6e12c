/**
 * The pbc configuration file: named device contexts and the current one.
 *
 *   current-context: lab
 *   contexts:
 *     - name: lab
 *       url: http://192.0.2.10/rest
 *       user: admin
 *       password_command: pass show pbc/lab
 *       readonly: false
 *       insecure: false
 *       ca: /etc/pbc/lab-ca.pem
 *   fleets:
 *     lab: [lab, lab2]      # a fleet: named contexts (pbc --fleet lab …, docs/fleet.md)
 *
 * Location: $PBC_CONFIG, else <env-paths('pbc').config>/config.yaml. A file that holds a
 * plain `password` must not be readable by group or others (mode 0600), or it is refused.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { UsageError } from '../model/errors.js';
import { loadYaml } from './yaml.js';

export interface ContextConfig {
  name: string;
  url?: string;
  user?: string;
  password_command?: string;
  password?: string;
  readonly?: boolean;
  insecure?: boolean;
  ca?: string;
}

export interface PbcConfig {
  path: string;
  currentContext?: string;
  contexts: ContextConfig[];
  /** Fleet name → the names of its contexts (each one checked to exist). */
  fleets?: Record<string, string[]>;
}

export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PBC_CONFIG) return env.PBC_CONFIG;
  return join(envPaths('pbc', { suffix: '' }).config, 'config.yaml');
}

class ConfigError extends UsageError {
  override name = 'ConfigError';
}

const STRING_FIELDS = ['url', 'user', 'password_command', 'password', 'ca'] as const;
const BOOL_FIELDS = ['readonly', 'insecure'] as const;
const KNOWN = new Set<string>(['name', ...STRING_FIELDS, ...BOOL_FIELDS]);

function readContext(value: unknown, where: string, path: string, key?: string): ContextConfig {
  const bad = (why: string) => new ConfigError(`config file ${path}: ${where} ${why}`);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw bad('must be a mapping of url, user, …');
  const o = value as Record<string, unknown>;
  const name = o.name ?? key;
  if (typeof name !== 'string' || name.trim() === '') throw bad('needs a name');
  const ctx: ContextConfig = { name };
  for (const f of STRING_FIELDS) {
    const v = o[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number') throw bad(`field '${f}' must be a string`);
    ctx[f] = String(v);
  }
  for (const f of BOOL_FIELDS) {
    const v = o[f];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean') throw bad(`field '${f}' must be true or false`);
    ctx[f] = v;
  }
  const unknown = Object.keys(o).find((k) => !KNOWN.has(k));
  if (unknown !== undefined)
    throw bad(`has an unknown field '${unknown}' (known: ${[...KNOWN].join(', ')})`);
  return ctx;
}

/** Parses config text (YAML). Contexts may be a list of {name,…} or a map name → {…}. */
export async function parseConfig(text: string, path: string): Promise<PbcConfig> {
  const { parse } = await loadYaml();
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    const first = String((e as Error).message).split('\n')[0];
    throw new ConfigError(`config file ${path} is not valid YAML: ${first}`);
  }
  if (doc === null || doc === undefined) return { path, contexts: [] };
  if (typeof doc !== 'object' || Array.isArray(doc))
    throw new ConfigError(`config file ${path} must be a mapping with 'contexts'`);
  const o = doc as Record<string, unknown>;
  const raw = o.contexts ?? [];
  let contexts: ContextConfig[];
  if (Array.isArray(raw)) contexts = raw.map((v, i) => readContext(v, `context #${i + 1}`, path));
  else if (typeof raw === 'object' && raw !== null)
    contexts = Object.entries(raw).map(([k, v]) => readContext(v, `context '${k}'`, path, k));
  else throw new ConfigError(`config file ${path}: 'contexts' must be a list`);
  const current = o['current-context'] ?? o.current_context;
  if (current !== undefined && current !== null && typeof current !== 'string')
    throw new ConfigError(`config file ${path}: 'current-context' must be a context name`);
  const cfg: PbcConfig = { path, contexts };
  if (typeof current === 'string' && current !== '') cfg.currentContext = current;
  const fleets = readFleets(o.fleets, contexts, path);
  if (fleets) cfg.fleets = fleets;
  return cfg;
}

/** `fleets: {NAME: [context, …]}`: every member a known context, no duplicates. */
function readFleets(
  raw: unknown,
  contexts: ContextConfig[],
  path: string,
): Record<string, string[]> | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError(
      `config file ${path}: 'fleets' must be a mapping of fleet name to a list of contexts`,
    );
  const known = new Set(contexts.map((c) => c.name));
  const fleets: Record<string, string[]> = {};
  for (const [name, members] of Object.entries(raw)) {
    const bad = (why: string) => new ConfigError(`config file ${path}: fleet '${name}' ${why}`);
    if (!Array.isArray(members) || members.length === 0)
      throw bad('must be a non-empty list of context names');
    const seen = new Set<string>();
    for (const m of members) {
      if (typeof m !== 'string' || m === '') throw bad('must list context names (strings)');
      if (!known.has(m))
        throw bad(
          `names an unknown context '${m}' (known contexts: ${[...known].join(', ') || 'none'})`,
        );
      if (seen.has(m)) throw bad(`lists context '${m}' twice`);
      seen.add(m);
    }
    fleets[name] = [...seen];
  }
  return fleets;
}

/**
 * The contexts of fleet `name`, in the order the file lists them (the fan-out commands,
 * the fleet screen and the Prometheus exporter all start here). Unknown fleet → ConfigError.
 */
export function fleetContexts(cfg: PbcConfig, name: string): ContextConfig[] {
  const members = cfg.fleets?.[name];
  if (!members) {
    const known = Object.keys(cfg.fleets ?? {}).join(', ') || 'none';
    throw new ConfigError(`no fleet '${name}' in ${cfg.path} (known fleets: ${known})`);
  }
  return members.map((m) => findContext(cfg, m));
}

/**
 * Reads the configuration; null when the file does not exist. Refuses (exit 2) a file
 * holding a plain password that group or others can read.
 */
export async function loadConfig(path = configPath()): Promise<PbcConfig | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new ConfigError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
  const cfg = await parseConfig(text, path);
  const withPassword = cfg.contexts.find((c) => c.password !== undefined);
  if (withPassword && process.platform !== 'win32') {
    const mode = (await stat(path)).mode & 0o777;
    if ((mode & 0o077) !== 0) {
      throw new ConfigError(
        `refusing config file ${path}: context '${withPassword.name}' holds a plain password but the file is mode ${mode.toString(8).padStart(4, '0')}, readable by others (chmod 600 ${path}, or use password_command instead)`,
      );
    }
  }
  return cfg;
}

export function findContext(cfg: PbcConfig, name: string): ContextConfig {
  const ctx = cfg.contexts.find((c) => c.name === name);
  if (!ctx) {
    const known = cfg.contexts.map((c) => c.name).join(', ') || 'none';
    throw new ConfigError(`no context '${name}' in ${cfg.path} (known contexts: ${known})`);
  }
  return ctx;
}

/** Reads the config file and returns the contexts of fleet `name` (ConfigError when none). */
export async function loadFleet(name: string, path = configPath()): Promise<ContextConfig[]> {
  const cfg = await loadConfig(path);
  if (!cfg) throw new ConfigError(`no fleet '${name}': no config file at ${path}`);
  return fleetContexts(cfg, name);
}
