/**
 * The device's ports as the rest of the simulator sees them: existence and shutdown (for
 * rule validation), port save-points, and keeping the traffic model in step with link
 * state changes.
 */
import { PORT_SETTING_FIELDS, type PortConfig } from '../model/index.js';
import {
  applyPortConfig,
  type ChassisState,
  applyRebootSettings as chassisReboot,
  linkUp,
  newChassis,
  type PortChange,
  portConfigs,
} from './chassis.js';
import { conflict } from './errors.js';
import type { SimState, StoredPortSavePoint } from './state.js';
import { Traffic, type TrafficOptions } from './traffic.js';

export function buildChassisState(): ChassisState {
  return newChassis();
}

export function buildTraffic(state: SimState, options: TrafficOptions = {}): Traffic {
  return new Traffic(
    state.seed,
    state.chassis.ports.map((p) => ({ portNo: p.port_no, active: linkUp(p), maxBps: p.maxBps })),
    state.now(),
    options,
  );
}

const portMaps = new WeakMap<
  ChassisState,
  { version: string; map: Map<number, { shutdown: boolean; name: string }> }
>();

/** port_no → {shutdown, name}, for validating in_port, output and watch_port. */
export function portMap(state: SimState): ReadonlyMap<number, { shutdown: boolean; name: string }> {
  const ports = state.chassis.ports;
  const version = ports.map((p) => `${p.port_no}${p.config.shutdown ? 'd' : 'u'}`).join(',');
  const cached = portMaps.get(state.chassis);
  if (cached && cached.version === version) return cached.map;
  const map = new Map(
    ports.map((p) => [p.port_no, { shutdown: p.config.shutdown, name: p.if_name }]),
  );
  portMaps.set(state.chassis, { version, map });
  return map;
}

/** Tells the traffic model about every port whose link or rate differs from before. */
function syncTraffic(state: SimState, before: Map<number, string>): void {
  const now = state.now();
  for (const p of state.chassis.ports) {
    const sig = `${linkUp(p)}:${p.maxBps}`;
    if (before.get(p.port_no) !== sig) state.traffic.rebase(p.port_no, now, linkUp(p), p.maxBps);
  }
}

function linkSignature(state: SimState): Map<number, string> {
  return new Map(state.chassis.ports.map((p) => [p.port_no, `${linkUp(p)}:${p.maxBps}`]));
}

/** POST /ports/config: validates fully, then applies; returns whether a reboot is pending. */
export function changePort(state: SimState, change: PortChange): { pendingReboot: boolean } {
  const before = linkSignature(state);
  const result = applyPortConfig(state.chassis, change);
  syncTraffic(state, before);
  return result;
}

/**
 * At boot pending port settings take effect (a split or unsplit renumbers the ports) and,
 * as on real hardware, the port counters start again from zero.
 */
export function applyRebootSettings(state: SimState): void {
  chassisReboot(state.chassis);
  state.traffic = buildTraffic(state, { uptimeMs: 0 });
}

export function currentPortSettings(state: SimState): Record<string, unknown>[] {
  return structuredClone(portConfigs(state.chassis)) as unknown as Record<string, unknown>[];
}

export function factoryPortSavePoint(state: SimState, name: string): StoredPortSavePoint {
  return {
    name,
    description: 'Factory default port settings',
    readonly: true,
    ports: currentPortSettings(state),
  };
}

/** What POST /ports/config changes: the port settings (src/model's one list) and the split. */
export const PORT_CHANGE_FIELDS = [...PORT_SETTING_FIELDS, 'split'] as const;

/** What a port save-point sets directly (its xg_speed is read from nextSetting below). */
const SETTABLE = PORT_CHANGE_FIELDS.filter((k) => k !== 'xg_speed');

/**
 * Applies a port save-point: every port it names must exist and every setting must be
 * valid for that port — checked on a copy first, so a failure changes nothing.
 */
export function applyPortSavePoint(state: SimState, sp: StoredPortSavePoint): void {
  const trial = structuredClone(state.chassis);
  for (const raw of sp.ports) {
    const cfg = raw as unknown as Partial<PortConfig> & { ifName?: string };
    const ifName = cfg.if_name ?? cfg.ifName;
    if (typeof ifName !== 'string')
      throw conflict(`port save-point '${sp.name}' has a port without if_name`);
    const change: PortChange = { if_name: ifName };
    for (const k of SETTABLE)
      if (cfg[k] !== undefined) (change as unknown as Record<string, unknown>)[k] = cfg[k];
    if (cfg.xg_speed?.nextSetting) {
      change.xg_speed = cfg.xg_speed.nextSetting;
      // Fix: on xg ports the speed follows xg_speed. A save-point taken while a type-4
      // change waits for a reboot holds speed 10G with nextSetting 1G (or the reverse);
      // passing both made applyPortConfig refuse it ("speed 10G conflicts with xg_speed").
      delete change.speed;
    }
    try {
      applyPortConfig(trial, change);
    } catch (e) {
      throw conflict(`port save-point '${sp.name}' cannot be applied: ${(e as Error).message}`);
    }
  }
  const before = linkSignature(state);
  state.chassis = trial;
  syncTraffic(state, before);
}
