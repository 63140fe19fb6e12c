/** Which component draws each screen, what it polls, and its status-bar hints. */
import type { ComponentType } from 'react';
import { AppsScreen } from '../screens/apps/apps-screen.js';
import { DeviceScreen } from '../screens/device/device-screen.js';
import { GroupsScreen } from '../screens/groups/screen.js';
import { JournalScreen } from '../screens/journal/screen.js';
import { LogsScreen } from '../screens/logs.js';
import { OverviewScreen } from '../screens/overview.js';
import { PortsScreen } from '../screens/ports.js';
import { RulesScreen } from '../screens/rules/screen.js';
import { SavePointsScreen } from '../screens/savepoints/savepoints-screen.js';
import type { ScreenProps } from '../screens/types.js';
import { UsersScreen } from '../screens/users/users-screen.js';
import type { ResourceKey } from '../store/resources.js';
import { BINDINGS, keyLabel, type ScreenId } from './keymap.js';
import { SCREEN_RESOURCES } from './screen-resources.js';

export interface ScreenView {
  component: ComponentType<ScreenProps>;
  resources: readonly ResourceKey[];
  hints: Array<{ key: string; label: string }>;
  /** How to quit from this screen: `q`, or `:quit` where the screen uses q itself (5 quicksave). */
  quitKey: string;
}

function hints(id: ScreenId) {
  return BINDINGS.filter((b) => b.scope === id && b.hint).map((b) => ({
    key: b.keys.map(keyLabel).join('/'),
    label: b.label.split(' ')[0] ?? b.label,
  }));
}

const quitKey = (id: ScreenId) =>
  BINDINGS.some((b) => b.scope === id && b.keys.includes('q')) ? ':quit' : 'q';

function view(id: ScreenId, component: ComponentType<ScreenProps>): ScreenView {
  return { component, resources: SCREEN_RESOURCES[id], hints: hints(id), quitKey: quitKey(id) };
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
};
