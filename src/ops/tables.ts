/**
 * Every operation table, by family. test/ops/requests.test.ts sends every builder of every
 * table to a recording device: a table (or builder) added here without sample arguments
 * there fails that test, so no operation skips the description = request check.
 */
import { appOps } from './apps.js';
import { deviceOps } from './device.js';
import { groupOps } from './groups.js';
import { logOps } from './logs.js';
import { portOps } from './ports.js';
import { ruleOps } from './rules.js';
import { savepointOps } from './savepoints.js';
import { userOps } from './users.js';

export const OPERATION_TABLES = {
  rules: ruleOps,
  groups: groupOps,
  ports: portOps,
  savepoints: savepointOps,
  users: userOps,
  apps: appOps,
  device: deviceOps,
  logs: logOps,
};
