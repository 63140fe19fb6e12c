/**
 * Normalized domain types. Field names follow the device's wire names (snake_case) so a
 * reader of the spec recognises them; 64-bit values are bigint.
 */

export type StorageMode = 'simple' | 'ipv6';
export type GroupType = 'select' | 'ff' | 'all';

/** Match field name → value; key-only fields (tcp, ip …) carry ''. */
export type Match = Record<string, string>;

/** What identifies a rule on the device: all its match fields plus its priority. */
export interface RuleKey {
  priority: number;
  match: Match;
  /**
   * Why the device's description of this rule does not say exactly which rule it is (a
   * priority missing or not an integer 0..65535, a match value null, an object or a list).
   * priority and match then hold what was received, for display only (a priority that is
   * not an integer reads -1): such a rule is never the target of a write.
   */
  malformed?: string;
}

export interface Rule extends RuleKey {
  cookie: bigint;
  name: string;
  description: string;
  actions: string[];
  n_packets: bigint;
  n_bytes: bigint;
  /** Human-readable rate as the device wrote it. */
  datarate: string;
  /** Bits per second; null when the device sent 'n/a' or nothing. */
  datarate_raw: number | null;
  real_flow_ct: number;
}

/** What a client sends to add or modify a rule. */
export interface RuleInput extends RuleKey {
  name?: string;
  description?: string;
  cookie?: bigint | string;
  actions: string[];
}

export interface Bucket {
  watch_port: string;
  actions: string[];
}

export interface Group {
  group_id: number;
  type: GroupType;
  description: string;
  buckets: Bucket[];
}

export type PortType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

export interface PortConfig {
  if_name: string;
  type: number;
  media_type?: string;
  speed: string;
  duplex: string;
  xg_speed?: { currSetting: string; nextSetting: string };
  split: string;
  shutdown: boolean;
  unidirectional?: boolean;
  crc_check?: boolean;
  crc_recalculation?: boolean;
}

export interface PortInfo {
  port_no: string;
  if_name: string;
  admin_status: string;
  link_status: string;
  duplex: string;
  mac_addr: string;
  speed: string;
}

export interface PortStats {
  portnum: string;
  rxpkts: bigint;
  rxbytes: bigint;
  rxdrop: bigint;
  rxerrs: bigint;
  rxframe: bigint;
  rxover: bigint;
  rxcrc: bigint;
  txpkts: bigint;
  txbytes: bigint;
  txdrop: bigint;
  txerrs: bigint;
  txcoll: bigint;
}

export const PORT_COUNTERS = [
  'rxpkts',
  'rxbytes',
  'rxdrop',
  'rxerrs',
  'rxframe',
  'rxover',
  'rxcrc',
  'txpkts',
  'txbytes',
  'txdrop',
  'txerrs',
  'txcoll',
] as const;
export type PortCounter = (typeof PORT_COUNTERS)[number];

export interface RuleSavePoint {
  name: string;
  description: string;
  readonly: boolean;
  rules: Rule[];
  groups: Group[];
  flowusage: number;
  groupusage: number;
  /**
   * Loads at boot. Not in the spec's GET /savepoints; the simulator reports it as an
   * extension. Undefined when the device does not say.
   */
  boot?: boolean;
}

export interface PortSavePoint {
  name: string;
  description: string;
  readonly: boolean;
  ports: PortConfig[];
}

export interface SavePoints {
  rules: RuleSavePoint[];
  ports: PortSavePoint[];
}

export interface User {
  userid: number;
  username: string;
  accesslevel: number;
  description: string;
  radius?: boolean;
}

export interface RadiusConfig {
  enabled: boolean;
  server: string;
  port: number;
  secret: string;
  radius_login_level: number;
  refresh_rate: number;
}

/** paramFormat tuple: [id, label, input type, help, visibility JS, default]. */
export type AppParam = [string, string, string, string, string, string];

export interface App {
  name: string;
  description: string;
  canBeInstantiated: boolean;
  paramFormat: AppParam[];
  actions: Record<string, unknown>[];
}

export interface AppInstance {
  pid: number;
  name: string;
  description: string;
  user_description: string;
  params: Record<string, string>;
  actions: Record<string, unknown>[];
}

export interface Fan {
  index: string;
  status: string;
  speed_rate: string;
  mode: string;
}
export interface Psu {
  index: number;
  status: string;
  power: string;
  type: string;
  alert: string;
}
export interface TempSensor {
  index: number;
  temp: number;
  lower_alarm: number;
  upper_alarm: number;
  critical_limit: number;
  position: string;
}
export interface Environment {
  fan: Fan[];
  psu: Psu[];
  temp_sensors: TempSensor[];
}

export interface FlowNumbers {
  used_flows: number;
  maximum_flows: number;
}

/** The fields of the group hash (GET/POST /device/grouphash), in the device's order. */
export const GROUP_HASH_FIELDS = [
  'macsa',
  'macda',
  'ethertype',
  'ipsa',
  'ipda',
  'ip_protocol',
  'src_port',
  'dst_port',
] as const satisfies readonly (keyof GroupHash)[];

/** The port settings POST /ports/config changes (split is the chassis' own, not a setting). */
export const PORT_SETTING_FIELDS = [
  'speed',
  'duplex',
  'xg_speed',
  'shutdown',
  'unidirectional',
  'crc_check',
  'crc_recalculation',
] as const;

export interface GroupHash {
  macsa: boolean;
  macda: boolean;
  ethertype: boolean;
  ipsa: boolean;
  ipda: boolean;
  ip_protocol: boolean;
  src_port: boolean;
  dst_port: boolean;
}

export interface Controller {
  connection: string;
  ip: string;
  port: string;
}

export interface IpConfig {
  current_ip: string;
  current_netmask: string;
  current_gateway: string;
  stored_ip: string;
  stored_netmask: string;
  stored_gateway: string;
}

export interface LoadAverage {
  average_1m: number;
  average_5m: number;
  average_15m: number;
  proc_no_running: number;
  proc_no_total: number;
}

export interface WebLog {
  logs: string[];
  systemDateTime: string;
}
