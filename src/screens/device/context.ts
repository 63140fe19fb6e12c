/** What the actions of screen 9 work with, and their shared helpers. */
import type { FlowNumbers } from '../../model/index.js';
import type { ResourceData } from '../../store/resources.js';
import type { SessionActionContext } from '../dialogs/action-context.js';
import type { DeviceConfig, DeviceSettings } from './items.js';

export interface DeviceActionContext extends SessionActionContext {
  config: DeviceConfig | undefined;
  settings: DeviceSettings | undefined;
  flows: FlowNumbers | undefined;
  rules: ResourceData['rules'] | undefined;
  bootSavePoint: string | null | undefined;
  /** Switches to the controllers list. */
  showControllers: () => void;
}

export function notLoaded(ctx: DeviceActionContext): boolean {
  if (ctx.config && ctx.settings) return false;
  ctx.notify('the device settings are still loading; try again in a moment');
  return true;
}
