/**
 * The simulated device's front panel: which ports exist, their configuration, link state and
 * the rules for changing them. Pure data + functions, no HTTP.
 *
 * Split ports: the state lists only the ports the API shows. A split QSFP cage is represented
 * by its four children (`eth-0-N/1..4`, type 9 for split mode 'sfp', type 10 for
 * 'break-out'); the parent is not kept — each child remembers the cage's type in
 * `parentType`, which is all that is needed to rebuild the parent when it is unsplit.
 * Splitting and unsplitting need a reboot: the change is recorded as `nextSplit` (on the
 * parent, or on all four siblings) and `applyRebootSettings` replaces the parent by its
 * children or the children by their parent, then renumbers `port_no` 1..n in panel order.
 * The default chassis has 28 API ports.
 *
 * The state is plain JSON data (no classes, no bigint) so it can be persisted as is.
 */
import type { PortConfig, PortInfo, PortType } from '../model/types.js';
import { SimError } from './errors.js';
import {
  isPortType,
  type MediaType,
  PORT_TYPES,
  speedBps,
  speedToXg,
  xgToSpeed,
} from './porttypes.js';

export { type MediaType, PORT_TYPES, type PortTypeSpec, speedBps } from './porttypes.js';

export interface PortDef {
  /** API port number, 1..n in panel order. */
  port_no: number;
  if_name: string;
  type: PortType;
  media_type: MediaType;
  /** Line rate in bit/s at the current speed (the configured or negotiated one). */
  maxBps: number;
  mac_addr: string;
  /** A cable is plugged in and the far end is up: the link is up unless shut down. */
  cable: boolean;
  /** A transceiver sits in the cage (ignored for pure RJ45 ports). */
  module: boolean;
  /** Copper ports: the best speed the link partner offers; 'auto' negotiates to it. */
  peerSpeed?: string;
  /** Split children (types 9, 10): the type of the QSFP cage they were split from. */
  parentType?: 6 | 7 | 8;
  /** Split value that takes effect at the next reboot; absent when nothing is pending. */
  nextSplit?: string;
  /** What GET /ports/config shows; mutated in place by applyPortConfig. */
  config: PortConfig;
}

export interface ChassisState {
  ports: PortDef[];
}

/** A POST /ports/config request. Booleans may arrive as 'true'/'false' from a query string. */
export interface PortChange {
  if_name: string;
  speed?: string | number;
  duplex?: string;
  xg_speed?: string;
  shutdown?: boolean | string;
  unidirectional?: boolean | string;
  crc_check?: boolean | string;
  crc_recalculation?: boolean | string;
  split?: string;
}

const NAME_RE = /^eth-0-(\d+)(?:\/(\d+))?$/;
const MAC_BASE = 0x001e08_5a3000;

function parseIfName(ifName: string): { cage: number; sub: number } | null {
  const m = NAME_RE.exec(ifName);
  return m ? { cage: Number(m[1]), sub: m[2] ? Number(m[2]) : 0 } : null;
}

function macFor(cage: number, sub: number): string {
  const n = MAC_BASE + cage * 8 + sub;
  const hex = n.toString(16).padStart(12, '0');
  return hex.match(/../g)!.join(':');
}

function defaultConfig(ifName: string, type: PortType, split: string): PortConfig {
  const spec = PORT_TYPES[type];
  const config: PortConfig = {
    if_name: ifName,
    type,
    media_type: spec.media,
    speed: spec.defaultSpeed,
    duplex: spec.defaultDuplex,
    split,
    shutdown: false,
    unidirectional: false,
    crc_check: true,
    crc_recalculation: false,
  };
  if (spec.xg) {
    const xg = speedToXg(spec.defaultSpeed);
    config.xg_speed = { currSetting: xg, nextSetting: xg };
  }
  return config;
}

interface PortExtras {
  cable?: boolean;
  module?: boolean;
  peerSpeed?: string;
  parentType?: 6 | 7 | 8;
}

function makePort(cage: number, sub: number, type: PortType, extras: PortExtras = {}): PortDef {
  const ifName = sub ? `eth-0-${cage}/${sub}` : `eth-0-${cage}`;
  const split = type === 9 ? 'sfp' : type === 10 ? 'break-out' : 'default';
  const port: PortDef = {
    port_no: 0,
    if_name: ifName,
    type,
    media_type: PORT_TYPES[type].media,
    maxBps: 0,
    mac_addr: macFor(cage, sub),
    cable: extras.cable ?? true,
    module: extras.module ?? PORT_TYPES[type].media !== 'rj45',
    config: defaultConfig(ifName, type, split),
  };
  if (extras.peerSpeed) port.peerSpeed = extras.peerSpeed;
  if (extras.parentType) port.parentType = extras.parentType;
  return port;
}

/** Speed the port runs at when its link is up, in the speed vocabulary ('1000', '10G' …). */
function currentSpeed(port: PortDef): string {
  const c = port.config;
  const xg = PORT_TYPES[port.type].xg;
  if (xg && c.xg_speed) return xgToSpeed(c.xg_speed.currSetting);
  if (c.speed !== 'auto') return c.speed;
  const peer = port.peerSpeed ?? '1000';
  // 1000BASE-T has no half duplex: forcing half makes auto-negotiation settle at 100.
  return c.duplex === 'half' && peer === '1000' ? '100' : peer;
}

function currentDuplex(port: PortDef): string {
  return port.config.duplex === 'half' ? 'half' : 'full';
}

function renumber(state: ChassisState): void {
  state.ports.forEach((p, i) => {
    p.port_no = i + 1;
    p.maxBps = speedBps(currentSpeed(p));
  });
}

/**
 * The default 28-port chassis, covering all 11 port types:
 *  1-8 RJ45 (type 1; eth-0-5's partner only does 100M, eth-0-7 has no cable),
 *  9-10 switchable RJ45/SFP (3), 11 SFP 1G (2), 12-13 SFP 1G/10G with reboot (4; eth-0-13 at 1G),
 *  14-15 SFP 1G/10G (11), 16-17 SFP 10G (5; eth-0-17 has a module but no fibre),
 *  18 QSFP 40G (6), 19 QSFP 40G/100G (7), 20 QSFP 40G (8, empty cage),
 *  eth-0-21/1..4 type 8 split to SFP (9; /3 empty), eth-0-22/1..4 type 7 break-out (10).
 */
export function buildChassis(): PortDef[] {
  const ports: PortDef[] = [];
  for (let cage = 1; cage <= 8; cage++) {
    ports.push(makePort(cage, 0, 1, { peerSpeed: cage === 5 ? '100' : '1000', cable: cage !== 7 }));
  }
  ports.push(makePort(9, 0, 3, { module: false, peerSpeed: '1000' }));
  ports.push(makePort(10, 0, 3));
  ports.push(makePort(11, 0, 2));
  ports.push(makePort(12, 0, 4));
  const slow = makePort(13, 0, 4);
  slow.config.speed = '1000';
  slow.config.xg_speed = { currSetting: '1G', nextSetting: '1G' };
  ports.push(slow);
  ports.push(makePort(14, 0, 11), makePort(15, 0, 11));
  ports.push(makePort(16, 0, 5), makePort(17, 0, 5, { cable: false }));
  ports.push(makePort(18, 0, 6), makePort(19, 0, 7));
  ports.push(makePort(20, 0, 8, { cable: false, module: false }));
  for (let sub = 1; sub <= 4; sub++) {
    ports.push(makePort(21, sub, 9, { parentType: 8, cable: sub !== 3, module: sub !== 3 }));
  }
  for (let sub = 1; sub <= 4; sub++) ports.push(makePort(22, sub, 10, { parentType: 7 }));
  const state = { ports };
  renumber(state);
  return ports;
}

export function newChassis(): ChassisState {
  return { ports: buildChassis() };
}

/** Link is up iff the port is not shut down and a cable is connected. */
export function linkUp(port: PortDef): boolean {
  return !port.config.shutdown && port.cable;
}

export function findPort(state: ChassisState, ifName: string): PortDef | undefined {
  return state.ports.find((p) => p.if_name === ifName);
}

function siblings(state: ChassisState, port: PortDef): PortDef[] {
  const me = parseIfName(port.if_name);
  return state.ports.filter((p) => p.parentType && parseIfName(p.if_name)?.cage === me?.cage);
}

function asString(field: string, value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new SimError(400, `${field} must be a string`);
}

function asBool(field: string, value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw new SimError(400, `${field} must be true or false, not '${String(value)}'`);
}

/**
 * Validate and apply a POST /ports/config change. Everything is checked before anything is
 * changed, so on SimError the state is untouched. Returns whether part of the change only
 * takes effect at the next reboot (xg_speed on type 4, any split change).
 */
export function applyPortConfig(
  state: ChassisState,
  change: PortChange,
): { pendingReboot: boolean } {
  const ifName = asString('if_name', change.if_name);
  const port = findPort(state, ifName);
  if (!port) throw new SimError(404, `no port named '${ifName}'`);
  const spec = PORT_TYPES[port.type];
  const c = port.config;
  const what = `port ${port.if_name} (type ${port.type}, ${spec.label})`;
  const oneOf = (field: string, value: string, allowed: readonly string[]): string => {
    if (!allowed.includes(value)) {
      throw new SimError(
        400,
        `${what} does not support ${field} ${value}; allowed: ${allowed.join(', ')}`,
      );
    }
    return value;
  };

  const speed =
    change.speed === undefined
      ? undefined
      : oneOf('speed', asString('speed', change.speed), spec.speeds);
  let xgTarget: string | undefined = speed !== undefined && spec.xg ? speedToXg(speed) : undefined;
  if (change.xg_speed !== undefined) {
    if (!spec.xg) throw new SimError(400, `${what} has no xg_speed setting`);
    const xg = oneOf('xg_speed', asString('xg_speed', change.xg_speed), ['1G', 'XG']);
    if (xgTarget !== undefined && xgTarget !== xg) {
      throw new SimError(400, `${what}: speed ${speed} conflicts with xg_speed ${xg}`);
    }
    xgTarget = xg;
  }
  const duplex =
    change.duplex === undefined
      ? undefined
      : oneOf('duplex', asString('duplex', change.duplex), spec.duplex);
  const newSpeed = spec.xg ? c.speed : (speed ?? c.speed);
  if ((duplex ?? c.duplex) === 'half' && newSpeed === '1000') {
    throw new SimError(400, `${what}: half duplex needs speed 10, 100 or auto`);
  }
  const shutdown = asBool('shutdown', change.shutdown);
  const unidirectional = asBool('unidirectional', change.unidirectional);
  const crcCheck = asBool('crc_check', change.crc_check);
  const crcRecalculation = asBool('crc_recalculation', change.crc_recalculation);
  const split =
    change.split === undefined
      ? undefined
      : oneOf('split', asString('split', change.split), spec.splits);

  // --- validated: mutate from here on ---
  let pendingReboot = false;
  if (speed !== undefined && !spec.xg) c.speed = speed;
  if (xgTarget !== undefined) {
    c.xg_speed ??= { currSetting: speedToXg(c.speed), nextSetting: speedToXg(c.speed) };
    if (spec.xg === 'now') {
      c.xg_speed.currSetting = xgTarget;
      c.xg_speed.nextSetting = xgTarget;
      c.speed = xgToSpeed(xgTarget);
    } else {
      c.xg_speed.nextSetting = xgTarget;
      pendingReboot = xgTarget !== c.xg_speed.currSetting;
    }
  }
  if (duplex !== undefined) c.duplex = duplex;
  if (shutdown !== undefined) c.shutdown = shutdown;
  if (unidirectional !== undefined) c.unidirectional = unidirectional;
  if (crcCheck !== undefined) c.crc_check = crcCheck;
  if (crcRecalculation !== undefined) c.crc_recalculation = crcRecalculation;
  if (split !== undefined) {
    // Unsplitting concerns the whole cage: all four children get the pending change.
    for (const p of port.parentType ? siblings(state, port) : [port]) {
      if (split === p.config.split) delete p.nextSplit;
      else {
        p.nextSplit = split;
        pendingReboot = true;
      }
    }
  }
  port.maxBps = speedBps(currentSpeed(port));
  return { pendingReboot };
}

/** True when some port has a setting waiting for a reboot. */
export function rebootPending(state: ChassisState): boolean {
  return state.ports.some(
    (p) =>
      (p.nextSplit !== undefined && p.nextSplit !== p.config.split) ||
      (p.config.xg_speed !== undefined &&
        p.config.xg_speed.nextSetting !== p.config.xg_speed.currSetting),
  );
}

/**
 * What a reboot does to the ports: xg_speed nextSetting becomes current; a parent with a
 * pending split is replaced by four children (type 9 for 'sfp', type 10 for 'break-out')
 * with default settings; a cage whose children have a pending 'default' is replaced by its
 * parent (type `parentType`, default settings). Ports are then renumbered 1..n.
 */
export function applyRebootSettings(state: ChassisState): { portListChanged: boolean } {
  const out: PortDef[] = [];
  const collapsed = new Set<number>();
  let portListChanged = false;
  for (const p of state.ports) {
    const xg = p.config.xg_speed;
    if (xg) {
      xg.currSetting = xg.nextSetting;
      if (PORT_TYPES[p.type].xg) p.config.speed = xgToSpeed(xg.currSetting);
    }
    const cage = parseIfName(p.if_name)?.cage ?? 0;
    if (p.parentType && collapsed.has(cage)) continue;
    if (p.parentType && p.nextSplit === 'default') {
      const sibs = siblings(state, p);
      collapsed.add(cage);
      out.push(
        makePort(cage, 0, p.parentType, {
          cable: sibs.some((s) => s.cable),
          module: sibs.some((s) => s.module),
        }),
      );
      portListChanged = true;
    } else if (!p.parentType && p.nextSplit && p.nextSplit !== p.config.split) {
      const childType: PortType = p.nextSplit === 'sfp' ? 9 : 10;
      const parentType = p.type as 6 | 7 | 8;
      for (let sub = 1; sub <= 4; sub++) {
        out.push(makePort(cage, sub, childType, { parentType, cable: p.cable, module: p.module }));
      }
      portListChanged = true;
    } else {
      delete p.nextSplit;
      out.push(p);
    }
  }
  state.ports = out;
  renumber(state);
  return { portListChanged };
}

/** GET /ports/info items (without the {properties, type} wrapper). */
export function portInfo(state: ChassisState): PortInfo[] {
  return state.ports.map((p) => {
    const up = linkUp(p);
    return {
      port_no: String(p.port_no),
      if_name: p.if_name,
      admin_status: p.config.shutdown ? 'PORT_DOWN' : 'PORT_UP',
      link_status: up ? 'LINK_UP' : 'LINK_DOWN',
      duplex: `${up ? currentDuplex(p) : '-'} (${p.config.duplex})`,
      mac_addr: p.mac_addr,
      speed: `${up ? currentSpeed(p) : '-'} (${p.config.speed})`,
    };
  });
}

/**
 * GET /ports/config: deep copies of the port configurations. `split` is the setting, so a
 * split waiting for the reboot shows there (the type still tells the present layout), as
 * `xg_speed.nextSetting` does for a type-4 speed.
 */
export function portConfigs(state: ChassisState): PortConfig[] {
  return state.ports.map((p) => {
    const c = structuredClone(p.config);
    if (p.nextSplit !== undefined) c.split = p.nextSplit;
    return c;
  });
}

export function serializeChassis(state: ChassisState): string {
  return JSON.stringify(state);
}

/** Parse persisted chassis JSON (text or already-parsed); throws Error if malformed. */
export function restoreChassis(data: unknown): ChassisState {
  const raw: unknown = typeof data === 'string' ? JSON.parse(data) : structuredClone(data);
  const ports = (raw as { ports?: unknown } | null)?.ports;
  if (!Array.isArray(ports)) throw new Error('chassis state: ports array missing');
  for (const p of ports as Partial<PortDef>[]) {
    const ok =
      typeof p === 'object' &&
      p !== null &&
      typeof p.if_name === 'string' &&
      parseIfName(p.if_name) !== null &&
      isPortType(p.type) &&
      typeof p.cable === 'boolean' &&
      typeof p.config === 'object' &&
      p.config !== null &&
      typeof p.config.speed === 'string';
    if (!ok) throw new Error(`chassis state: malformed port ${JSON.stringify(p).slice(0, 80)}`);
  }
  const state = { ports: ports as PortDef[] };
  renumber(state);
  return state;
}
