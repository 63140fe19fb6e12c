/**
 * The device as a plan needs it, read with GETs only: the rules (always — the TCAM count
 * and the traffic impact need them, with the groups and ports), the rule storage mode and
 * the port list (the device checks of device-checks.ts), and the group hash and the boot
 * save-point only when the file owns them.
 */
import type { Client } from '../../api/index.js';
import type {
  Group,
  GroupHash,
  PortConfig,
  PortInfo,
  Rule,
  StorageMode,
} from '../../model/index.js';
import type { DesiredConfig } from './types.js';

export interface DeviceState {
  rules: Rule[];
  groups: Group[];
  ports: PortConfig[];
  /** Port numbers, names and link state (the port checks, the traffic impact). */
  info: PortInfo[];
  /** The rule storage mode the device is in now (IPv6 matches need 'ipv6'). */
  storageMode: StorageMode;
  hash?: GroupHash;
  /** The rule save-point that loads on boot; undefined when the device does not say. */
  boot?: string;
  /** The names of the device's rule save-points (when the file names a boot save-point). */
  savepoints?: string[];
  flows: { used: number; maximum: number };
}

export async function readDeviceState(client: Client, config: DesiredConfig): Promise<DeviceState> {
  const owns = (k: keyof DesiredConfig) => config[k] !== undefined;
  const [rules, groups, ports, info, hash, savepoints, flows, mode] = await Promise.all([
    client.rules.list(),
    // rules that use groups need the groups for the impact, and a group replace finds its users
    client.groups.list(),
    // port settings and state: the file's ports, and which ports are up for the impact
    client.ports.config(),
    client.ports.info().catch(() => []),
    owns('group_hash') ? client.device.groupHash() : Promise.resolve(undefined),
    owns('boot_savepoint') ? client.savepoints.list() : Promise.resolve(undefined),
    client.device.flowNumbers(),
    client.device.ruleStorageMode(),
  ]);
  const state: DeviceState = {
    rules: rules.rules,
    groups,
    ports,
    info,
    storageMode: mode.modeCurrent,
    flows: { used: flows.used_flows, maximum: flows.maximum_flows },
  };
  if (hash) state.hash = hash;
  if (savepoints) {
    state.savepoints = savepoints.rules.map((sp) => sp.name);
    const boot = savepoints.rules.find((sp) => sp.boot);
    if (boot) state.boot = boot.name;
  }
  return state;
}
