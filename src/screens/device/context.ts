/** What the actions of screen 9 work with, and their shared helpers. */
import type { RuleList } from '../../api/index.js';
import type { FlowNumbers } from '../../model/index.js';
import type { Poller } from '../../store/poller.js';
import type { SessionActionContext } from '../dialogs/action-context.js';
import type { DeviceConfig, DeviceSettings } from './items.js';

export interface DeviceActionContext extends SessionActionContext {
  config: DeviceConfig | undefined;
  settings: DeviceSettings | undefined;
  flows: FlowNumbers | undefined;
  rules: RuleList | undefined;
  bootSavePoint: string | null | undefined;
  /** Switches to the controllers list. */
  showControllers: () => void;
}

const CHANGED: Parameters<Poller['refresh']>[0] = [
  'deviceConfig',
  'settings',
  'identity',
  'flows',
  'access',
];

export function refresh(ctx: DeviceActionContext) {
  ctx.poller.refresh(CHANGED);
}

export function notLoaded(ctx: DeviceActionContext): boolean {
  if (ctx.config && ctx.settings) return false;
  ctx.notify('the device settings are still loading; try again in a moment');
  return true;
}
