/**
 * What each screen polls, without the screens themselves: createConsole asks for the first
 * screen's data before React, Ink and the screens have loaded.
 */
import type { ResourceKey } from '../store/resources.js';
import type { ScreenId } from './keymap.js';

export const SCREEN_RESOURCES: Record<ScreenId, readonly ResourceKey[]> = {
  // rules, groups (and config) for the tool-port load: OVERSUB and the editors' traffic impact
  overview: ['settings', 'environment', 'system', 'stats', 'info', 'rules', 'groups'],
  ports: ['stats', 'info', 'config', 'rules', 'groups'],
  rules: ['rules', 'flows', 'settings', 'groups', 'info', 'config', 'stats'],
  groups: ['groups', 'rules', 'settings', 'info', 'config', 'stats'],
  savepoints: ['savepoints', 'rules', 'groups', 'config', 'info', 'settings'],
  logs: ['log'],
  users: ['users', 'radius'],
  apps: ['apps', 'running'],
  device: ['deviceConfig', 'settings', 'flows', 'rules', 'savepoints', 'environment'],
  // the journal is a local file; the level (may this session write) for undo
  journal: ['access'],
  // the fleet screen's own poller (src/store/fleet.ts) reads every device
  fleet: [],
  // the delivery check: rules, groups, ports, the group hash; stats for the tx
  tools: ['rules', 'groups', 'info', 'config', 'stats', 'deviceConfig'],
};

/**
 * What a screen's first frame cannot show: asked for once the frame is drawn (the app asks for
 * its screen's resources when it mounts), not in the burst the first frame waits for
 * (create-console.ts). The Overview's OVERSUB needs the groups only with port rates, which
 * take two samples of the counters (2 s).
 */
const AFTER_FIRST_FRAME: Partial<Record<ScreenId, readonly ResourceKey[]>> = {
  overview: ['groups'],
};

/** The resources the first frame of `screen` waits for. */
export function firstFrameResources(screen: ScreenId): readonly ResourceKey[] {
  const later = AFTER_FIRST_FRAME[screen] ?? [];
  return SCREEN_RESOURCES[screen].filter((k) => !later.includes(k));
}
