/**
 * Everything the simulated device knows. Configuration is plain data (persisted with
 * --state); counters are derived from time by the traffic model and never stored.
 */
import type {
  AppInstance,
  Controller,
  Group,
  GroupHash,
  IpConfig,
  Match,
  RadiusConfig,
  StorageMode,
} from '../model/index.js';
import type { ChassisState } from './chassis.js';
import type { Traffic } from './traffic.js';
import { WebLog } from './weblog.js';

export interface SimRule {
  cookie: bigint;
  name: string;
  description: string;
  priority: number;
  match: Match;
  actions: string[];
  /** Counters count from here (rule creation or the last counter reset), ms. */
  since: number;
  /** When the rule was written (hard_timeout counts from here; absent: `since`), ms. */
  added?: number;
}

/** A rule inside a save-point, with its counters as they were when it was saved. */
export interface SavedRule extends SimRule {
  n_packets?: bigint;
  n_bytes?: bigint;
}

export interface StoredRuleSavePoint {
  name: string;
  description: string;
  readonly: boolean;
  rules: SavedRule[];
  groups: Group[];
}

export interface StoredPortSavePoint {
  name: string;
  description: string;
  readonly: boolean;
  /** Port settings as PortConfig-like plain objects. */
  ports: Record<string, unknown>[];
}

export interface SimUser {
  userid: number;
  username: string;
  accesslevel: number;
  description: string;
  radius: boolean;
  /** scrypt: salt hex + ':' + key hex. Never returned. */
  passwordHash: string;
}

export interface DeviceSettings {
  name: string;
  customIdent: { name: string; notes: string };
  ip: IpConfig;
  dns: string[];
  httpsEnabled: boolean;
  /** Stored for HTTPS; never returned. */
  sslPassword: string;
  idLed: boolean;
  telnet: boolean;
  storageMode: { current: StorageMode; next: StorageMode };
  permanentRules: boolean;
  controllers: Controller[];
  groupHash: GroupHash;
}

export interface Identity {
  model: string;
  generation: string;
  serial: string;
  imageVersion: string;
  serverRevision: string;
  dpid: string;
}

export const COUNTER_STEP_MS = 100;

export const rulesKey = (priority: number, match: Match): string =>
  `${priority}|${Object.keys(match)
    .sort()
    .map((k) => `${k}=${match[k]}`)
    .join('&')}`;

export interface SimOptions {
  seed?: number;
  adminPassword?: string;
  /**
   * The scrypt hash of the admin password (adminPassword, else 'admin'), when the caller
   * already has it: `pbc sim --devices N` hashes once for all N devices (scrypt is most of
   * a device's start-up).
   */
  adminPasswordHash?: string;
  quirks?: boolean;
  /** How long a reboot makes the device unavailable, ms. */
  rebootMs?: number;
  /** Clock, for tests. */
  now?: () => number;
  /** How many flows the input ports carry (default 20,000). */
  flows?: number;
}

/** Shared mutable state. Family modules (rules.ts, groups.ts …) own the logic on it. */
export class SimState {
  readonly seed: number;
  readonly quirks: boolean;
  readonly rebootMs: number;
  readonly now: () => number;
  readonly log: WebLog;

  rules = new Map<string, SimRule>();
  groups = new Map<number, Group>();
  ruleSavePoints = new Map<string, StoredRuleSavePoint>();
  portSavePoints = new Map<string, StoredPortSavePoint>();
  /** The rule save-point loaded at boot (exactly one, or none). */
  bootRuleSavePoint: string | null = null;

  users = new Map<string, SimUser>();
  nextUserId = 1;
  uac = false;
  radius: RadiusConfig = {
    enabled: false,
    server: '',
    port: 1812,
    secret: '',
    radius_login_level: 0,
    refresh_rate: 300,
  };

  apps = new Map<number, AppInstance>();
  nextPid = 1200;

  settings: DeviceSettings;
  identity: Identity;
  /** Front panel: ports and their configuration (set at boot). */
  chassis!: ChassisState;
  /** Counters; derived from time, never persisted (rebuilt at start). */
  traffic!: Traffic;
  /**
   * The forwarding engine (engine.ts, created by `engineOf`): flows, classification, rule
   * and tx counters. Typed by what the state calls, so state.ts does not import engine.ts.
   */
  engine?: EngineHook;
  /** How many flows the input ports carry. */
  readonly flowTotal: number;
  /** Epoch ms until which the device is rebooting (unavailable). */
  rebootingUntil = 0;
  bootedAt: number;
  /** Monotonic cookie source; cookies start above 2^60 as real devices' do. */
  nextCookie = (1n << 60n) + 2n;

  /** Bumped by every change; keys the cache of serialized GET answers. */
  version = 0;

  /** Called after every configuration change (persistence hooks in here). */
  onChange: () => void = () => {};

  constructor(options: SimOptions = {}) {
    this.seed = options.seed ?? 1;
    this.quirks = options.quirks ?? false;
    this.rebootMs = options.rebootMs ?? 3000;
    this.now = options.now ?? Date.now;
    this.flowTotal = options.flows ?? 20_000;
    this.log = new WebLog(5000, this.now);
    this.bootedAt = this.now();
    this.identity = {
      model: 'PB-2800',
      generation: 'G3',
      serial: `PB28${String(100000 + (this.seed % 900000)).padStart(6, '0')}`,
      imageVersion: '2.2.0.14_00_WOT7-w',
      serverRevision: 'r4512',
      dpid: `0x${(0x00005e0053000000n + BigInt(this.seed % 65536)).toString(16).padStart(16, '0')}`,
    };
    this.settings = {
      name: 'pb-lab-01',
      customIdent: { name: 'Lab packet broker', notes: 'Rack B3, simulated' },
      ip: {
        current_ip: '192.0.2.10',
        current_netmask: '255.255.255.0',
        current_gateway: '192.0.2.1',
        stored_ip: '192.0.2.10',
        stored_netmask: '255.255.255.0',
        stored_gateway: '192.0.2.1',
      },
      dns: ['8.8.8.8', '8.8.4.4'],
      httpsEnabled: false,
      sslPassword: '',
      idLed: false,
      telnet: false,
      storageMode: { current: 'simple', next: 'simple' },
      permanentRules: false,
      controllers: [],
      groupHash: {
        macsa: true,
        macda: true,
        ethertype: false,
        ipsa: true,
        ipda: true,
        ip_protocol: true,
        src_port: true,
        dst_port: true,
      },
    };
  }

  newCookie(): bigint {
    const c = this.nextCookie;
    this.nextCookie += 1n;
    return c;
  }

  /**
   * The instant counters are read at. Like a real ASIC's statistics collection, counters
   * advance in steps (COUNTER_STEP_MS), so two reads a second apart differ but a burst of
   * reads within one step see the same values (and can share one serialized answer).
   */
  counterNow(): number {
    return Math.floor(this.now() / COUNTER_STEP_MS) * COUNTER_STEP_MS;
  }

  changed(logLine?: string): void {
    this.version++;
    // the forwarding follows at once, so the change takes effect at this counter step
    this.engine?.sync();
    if (logLine) this.log.append(logLine);
    this.onChange();
  }
}

/** What the state asks of the forwarding engine: take in a change of rules, groups or ports. */
export interface EngineHook {
  sync(): void;
}
