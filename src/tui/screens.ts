/** Which component draws each screen, what it polls, and its status-bar hints. */
import type { ComponentType } from 'react';
import { AppsScreen } from '../screens/apps/apps-screen.js';
import { DeviceScreen } from '../screens/device/device-screen.js';
import { GroupsScreen } from '../screens/groups/screen.js';
import { LogsScreen } from '../screens/logs.js';
import { OverviewScreen } from '../screens/overview.js';
import { PortsScreen } from '../screens/ports.js';
import { RulesScreen } from '../screens/rules/screen.js';
import { SavePointsScreen } from '../screens/savepoints/savepoints-screen.js';
import type { ScreenProps } from '../screens/types.js';
import { UsersScreen } from '../screens/users/users-screen.js';
import type { ResourceKey } from '../store/resources.js';
import { BINDINGS, keyLabel, type ScreenId } from './keymap.js';

export interface ScreenView {
  component: ComponentType<ScreenProps>;
  resources: readonly ResourceKey[];
  hints: Array<{ key: string; label: string }>;
}

function hints(id: ScreenId) {
  return BINDINGS.filter((b) => b.scope === id && b.hint).map((b) => ({
    key: b.keys.map(keyLabel).join('/'),
    label: b.label.split(' ')[0] ?? b.label,
  }));
}

export const SCREEN_VIEWS: Record<ScreenId, ScreenView> = {
  overview: {
    component: OverviewScreen,
    resources: ['settings', 'environment', 'system', 'stats', 'info'],
    hints: hints('overview'),
  },
  ports: { component: PortsScreen, resources: ['stats', 'info', 'config'], hints: hints('ports') },
  rules: {
    component: RulesScreen,
    resources: ['rules', 'flows', 'settings', 'groups', 'info', 'config'],
    hints: hints('rules'),
  },
  groups: {
    component: GroupsScreen,
    resources: ['groups', 'rules', 'settings', 'info', 'config'],
    hints: hints('groups'),
  },
  savepoints: {
    component: SavePointsScreen,
    resources: ['savepoints', 'rules', 'groups', 'config', 'info', 'settings'],
    hints: hints('savepoints'),
  },
  logs: { component: LogsScreen, resources: ['log'], hints: hints('logs') },
  users: { component: UsersScreen, resources: ['users', 'radius'], hints: hints('users') },
  apps: { component: AppsScreen, resources: ['apps', 'running'], hints: hints('apps') },
  device: {
    component: DeviceScreen,
    resources: ['deviceConfig', 'settings', 'flows', 'rules', 'savepoints'],
    hints: hints('device'),
  },
};
