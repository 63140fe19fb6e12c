/**
 * What the rule and group editors know about the device, from the polled resources:
 * storage mode, ports (and which are shut down), groups, active rules and TCAM usage.
 * Also who may write: --readonly and the account's access level.
 */
import { useMemo } from 'react';
import {
  type FlowNumbers,
  type Group,
  levelName,
  type PortConfig,
  type PortInfo,
  type Rule,
  WRITE,
} from '../model/index.js';
import type { RuleList } from '../ops/index.js';
import { useConsole, useConsoleState } from '../store/react.js';
import type { ResourceData } from '../store/resources.js';
import {
  capacity,
  type DevicePort,
  devicePorts,
  portMap,
  type RuleContext,
} from '../tcam/index.js';
import { accessRefusal } from './dialogs/access.js';

/** What completion and the watch-port picker know about the device. */
export interface EditorEnv {
  ports: readonly DevicePort[];
  groups: readonly number[];
}

/** What the editor knows about the device. */
export interface DeviceView {
  ctx: RuleContext;
  env: EditorEnv;
  rules: readonly Rule[];
  /** TCAM flows in use (/flownumbers, else the rule list's used_flows). */
  used: number;
  /** /flownumbers maximum_flows, else the storage mode's nominal maximum. */
  maximum: number;
}

export interface DeviceInputs {
  rules?: RuleList | undefined;
  flows?: FlowNumbers | undefined;
  storage?: ResourceData['settings']['storage'] | undefined;
  groups?: readonly Group[] | undefined;
  info?: readonly PortInfo[] | undefined;
  config?: readonly PortConfig[] | undefined;
}

export { devicePorts };

/** Pure: the device view from whatever resources have arrived (checks are skipped for unknowns). */
export function deviceView(d: DeviceInputs): DeviceView {
  const storageMode = d.storage?.modeCurrent ?? 'simple';
  const ports = devicePorts(d.info, d.config);
  const ctx: RuleContext = { storageMode };
  if (d.info) ctx.ports = portMap(ports);
  if (d.groups) ctx.groups = new Set(d.groups.map((g) => g.group_id));
  return {
    ctx,
    env: { ports, groups: (d.groups ?? []).map((g) => g.group_id) },
    rules: d.rules?.rules ?? [],
    used: d.flows?.used_flows ?? d.rules?.used_flows ?? 0,
    maximum: d.flows?.maximum_flows ?? capacity(storageMode).maximum,
  };
}

export function useDeviceView(): DeviceView {
  const rules = useConsoleState((s) => s.resources.rules.data);
  const flows = useConsoleState((s) => s.resources.flows.data);
  const settings = useConsoleState((s) => s.resources.settings.data);
  const groups = useConsoleState((s) => s.resources.groups.data);
  const info = useConsoleState((s) => s.resources.info.data);
  const config = useConsoleState((s) => s.resources.config.data);
  return useMemo(
    () => deviceView({ rules, flows, storage: settings?.storage, groups, info, config }),
    [rules, flows, settings, groups, info, config],
  );
}

/**
 * Why this session may not change rules or groups, or null when it may: the console's one
 * access check (dialogs/access.ts) for WRITE, worded for the rule and group editors. With
 * UAC off every request is allowed; an unknown level (e.g. a RADIUS login without a local
 * profile, or the access state not read yet) is left to the device to decide.
 */
export function writeRefusal(
  readonly: boolean,
  access: { uac: boolean; level: number | null } | undefined,
  user: string | undefined,
): string | null {
  const refusal = accessRefusal(WRITE, { readonly, access });
  if (refusal?.why === 'readonly') return 'this session is read-only (--readonly)';
  if (refusal?.why === 'level')
    return `user '${user ?? '?'}' has ${levelName(refusal.level)}; rule and group changes need WRITE`;
  return null;
}

export function useWriteRefusal(): string | null {
  const { session } = useConsole();
  const access = useConsoleState((s) => s.resources.access.data);
  return writeRefusal(session.readonly, access, session.user);
}
