/**
 * Every operation table, by family. test/ops/requests.test.ts sends every builder of every
 * table to a recording device: a table (or builder) added here without sample arguments
 * there fails that test, so no operation skips the description = request check.
 */
import { groupOps } from './groups.js';
import { ruleOps } from './rules.js';

export const OPERATION_TABLES = {
  rules: ruleOps,
  groups: groupOps,
};
