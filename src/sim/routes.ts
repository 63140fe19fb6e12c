/** Every operation of the device's REST service, by family. */
import { registerApps } from './apps.js';
import { registerDevice } from './device.js';
import { registerGroups } from './groups.js';
import { registerLogs } from './logs.js';
import { registerPorts } from './ports-routes.js';
import type { Router } from './router.js';
import { registerRules } from './rules.js';
import { registerSavePoints } from './savepoints.js';
import { registerUsers } from './users.js';

export function registerAllRoutes(router: Router): void {
  registerApps(router);
  registerDevice(router);
  registerGroups(router);
  registerLogs(router);
  registerPorts(router);
  registerRules(router);
  registerSavePoints(router);
  registerUsers(router);
}
