/**
 * Factory state, start-up and reboot. A reboot answers, makes the device unavailable for
 * a while (503), and comes back with boot state: the active rules survive only in
 * permanent rules mode, otherwise the boot rule save-point is loaded; pending "next" port
 * settings and the next rule storage mode take effect.
 */
import { SUPER } from '../model/index.js';
import { ambientLog } from './ambient.js';
import { startupHash } from './auth.js';
import { engineOf } from './engine.js';
import { attachPersistence } from './persist.js';
import {
  applyRebootSettings,
  buildChassisState,
  buildTraffic,
  factoryPortSavePoint,
} from './ports.js';
import { factoryRuleSavePoint, loadRuleSet } from './rulesets.js';
import type { SimOptions, SimState } from './state.js';

export interface InitOptions extends SimOptions {
  stateDir?: string;
}

const FACTORY_RULES = 'factory-default';
const FACTORY_PORTS = 'factory-ports';

export function factoryReset(
  state: SimState,
  adminPassword = 'admin',
  adminPasswordHash?: string,
): void {
  state.users.clear();
  state.users.set('admin', {
    userid: state.nextUserId++,
    username: 'admin',
    accesslevel: SUPER,
    description: 'Default administrator',
    radius: false,
    passwordHash: adminPasswordHash ?? startupHash(adminPassword),
  });
  state.chassis = buildChassisState();
  state.traffic = buildTraffic(state);
  state.ruleSavePoints.set(FACTORY_RULES, factoryRuleSavePoint(state, FACTORY_RULES));
  state.portSavePoints.set(FACTORY_PORTS, factoryPortSavePoint(state, FACTORY_PORTS));
  state.bootRuleSavePoint = FACTORY_RULES;
  loadRuleSet(state, state.ruleSavePoints.get(FACTORY_RULES)!);
}

export async function initDevice(state: SimState, options: InitOptions): Promise<void> {
  factoryReset(state, options.adminPassword, options.adminPasswordHash);
  state.log.beforeAppend = () => ambientLog(state);
  if (options.stateDir) {
    const loaded = attachPersistence(state, options.stateDir);
    if (loaded) state.traffic = buildTraffic(state);
    state.log.append(
      loaded
        ? `system: configuration loaded from ${options.stateDir}`
        : 'system: new configuration',
    );
    if (options.adminPassword && loaded) {
      const admin = state.users.get('admin');
      if (admin)
        admin.passwordHash = options.adminPasswordHash ?? startupHash(options.adminPassword);
    }
  }
  engineOf(state);
  state.log.append(
    `system: device ${state.settings.name} started (firmware ${state.identity.imageVersion})`,
  );
}

export function reboot(state: SimState, ms = state.rebootMs): void {
  const now = state.now();
  state.log.append('system: reboot requested');
  state.rebootingUntil = now + ms;
  state.bootedAt = now + ms;
  // boot state
  state.settings.storageMode.current = state.settings.storageMode.next;
  applyRebootSettings(state);
  if (!state.settings.permanentRules) {
    const boot = state.bootRuleSavePoint
      ? state.ruleSavePoints.get(state.bootRuleSavePoint)
      : undefined;
    state.rules.clear();
    state.groups.clear();
    if (boot) {
      try {
        loadRuleSet(state, boot);
      } catch (e) {
        state.log.append(
          `system: boot save-point '${boot.name}' not loaded: ${(e as Error).message}`,
        );
      }
    }
  }
  state.log.append(`system: booted; rules: ${state.rules.size}, groups: ${state.groups.size}`);
  state.changed();
  // the boot's own work (the flows classified afresh) is part of the reboot: the window
  // of unavailability starts after it
  state.rebootingUntil = Math.max(state.rebootingUntil, state.now() + ms);
  state.bootedAt = state.rebootingUntil;
}
