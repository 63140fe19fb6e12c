/**
 * Configuration as code: the configuration a team owns, as it is written in a pbc config file
 * (YAML, JSON accepted) and as `pbc export` writes it. A section that is absent is not owned
 * by the file: `diff`/`apply` leave that part of the device alone.
 *
 * Two halves work on it:
 * - the file side (file.ts, schema, export.ts): `parseDesired(text, file)` → DesiredConfig or a
 *   DesiredFileError naming file:line:col; `exportDesired(client, only)` reads the device;
 *   `formatDesired(config, 'yaml' | 'json')` writes it;
 * - the plan side (identity.ts, plan.ts, apply.ts): compares a DesiredConfig with the device's
 *   rules, groups, ports and hash and performs the plan through the ops pipeline.
 */
import type { GroupType, Match } from '../../model/index.js';

/** Where a value was written in the file (1-based), for error messages. */
export interface SourcePos {
  file: string;
  line: number;
  col: number;
}

export interface DesiredRule {
  priority: number;
  /** Field → value as written ('' for key-only fields such as `tcp`). */
  match: Match;
  /** As written: `output:2`, `2`, `group:40`, `drop`, `strip_vlan` … */
  actions: string[];
  name?: string;
  description?: string;
  /** Decimal string (cookies exceed 2^53). */
  cookie?: string;
  at?: SourcePos;
}

export interface DesiredBucket {
  watch_port?: string;
  actions: string[];
}

export interface DesiredGroup {
  id: number;
  type: GroupType;
  description?: string;
  buckets: DesiredBucket[];
  at?: SourcePos;
}

/** The port settings POST /ports/config can change; an absent field is not owned. */
export interface DesiredPort {
  speed?: string;
  duplex?: string;
  shutdown?: boolean;
  xg_speed?: string;
  unidirectional?: boolean;
  crc_check?: boolean;
  crc_recalculation?: boolean;
  at?: SourcePos;
}

export interface DesiredGroupHash {
  macsa?: boolean;
  macda?: boolean;
  ethertype?: boolean;
  ipsa?: boolean;
  ipda?: boolean;
  ip_protocol?: boolean;
  src_port?: boolean;
  dst_port?: boolean;
}

/** One tool's intent (docs/tools.md): the tool port and the packets it wants. */
export interface DesiredTool {
  name: string;
  /** The tool port: an if_name (eth-0-9) or a port number, as written. */
  port: string;
  /** Any of these; each a match in the rules' form, VLAN IDs may be lists and ranges. */
  wants: Match[];
  at?: SourcePos;
}

export interface DesiredConfig {
  rules?: DesiredRule[];
  groups?: DesiredGroup[];
  /** Keyed by interface name (eth-0-1 …). */
  ports?: Record<string, DesiredPort>;
  group_hash?: DesiredGroupHash;
  /** The rule save-point that loads on boot. */
  boot_savepoint?: string;
  /** Tool intents: read by `pbc tools`, left alone by diff and apply. */
  tools?: DesiredTool[];
  /** The network ports whose traffic tools may receive (if_names or numbers, as written). */
  sources?: string[];
  /** The priorities `pbc tools apply` owns, inclusive. */
  band?: [number, number];
  /** What the band does with a source packet no tool wants. */
  unwanted?: 'drop' | 'pass';
  /** The group IDs `pbc tools apply` owns: a group of type all per set of tool ports. */
  tool_groups?: [number, number];
}

export type DesiredSection = 'rules' | 'groups' | 'ports' | 'group_hash' | 'boot_savepoint';
