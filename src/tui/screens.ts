/** Which component draws each screen and what it polls (its status-bar hints: hints.ts). */
import type { ComponentType } from 'react';
import { AppsScreen } from '../screens/apps/screen.js';
import { DeviceScreen } from '../screens/device/screen.js';
import { FleetScreen } from '../screens/fleet/screen.js';
import { GroupsScreen } from '../screens/groups/screen.js';
import { JournalScreen } from '../screens/journal/screen.js';
import { LogsScreen } from '../screens/logs/screen.js';
import { OverviewScreen } from '../screens/overview/screen.js';
import { PortsScreen } from '../screens/ports/screen.js';
import { RulesScreen } from '../screens/rules/screen.js';
import { SavePointsScreen } from '../screens/savepoints/screen.js';
import { ToolsScreen } from '../screens/tools/screen.js';
import type { ScreenProps } from '../screens/types.js';
import { UsersScreen } from '../screens/users/screen.js';
import type { ResourceKey } from '../store/resources.js';
import type { ScreenId } from './keymap.js';
import { SCREEN_RESOURCES } from './screen-resources.js';

export interface ScreenView {
  component: ComponentType<ScreenProps>;
  resources: readonly ResourceKey[];
}

function view(id: ScreenId, component: ComponentType<ScreenProps>): ScreenView {
  return { component, resources: SCREEN_RESOURCES[id] };
}

export const SCREEN_VIEWS: Record<ScreenId, ScreenView> = {
  overview: view('overview', OverviewScreen),
  ports: view('ports', PortsScreen),
  rules: view('rules', RulesScreen),
  groups: view('groups', GroupsScreen),
  savepoints: view('savepoints', SavePointsScreen),
  logs: view('logs', LogsScreen),
  users: view('users', UsersScreen),
  apps: view('apps', AppsScreen),
  device: view('device', DeviceScreen),
  journal: view('journal', JournalScreen),
  fleet: view('fleet', FleetScreen),
  tools: view('tools', ToolsScreen),
};
