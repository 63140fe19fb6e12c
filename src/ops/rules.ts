/**
 * Rule writes: POST/PUT/DELETE /rules, DELETE /rules/all, DELETE /rules/counters, and the
 * rule save-point a change may take first (POST /savepoints/rulesavepoint). Each request
 * is built with the api's own `ruleQuery`, so what is shown is what the client sends.
 */
import { ruleQuery } from '../api/index.js';
import type { RuleInput, RuleKey } from '../model/index.js';
import { operation } from './operation.js';

export { DEFAULT_PRIORITY, type RuleList } from '../api/index.js';

/** A rule write changes the rule list and the TCAM flow count. */
const RULES = ['rules', 'flows'] as const;

export const ruleOps = {
  add: (rule: RuleInput) =>
    operation(
      'rules.add',
      { method: 'POST', path: '/rules', query: ruleQuery(rule) },
      (c) => c.rules.add(rule),
      RULES,
    ),
  /** PUT identifies the rule by its match and priority; name, description, actions change. */
  modify: (rule: RuleInput) =>
    operation(
      'rules.modify',
      { method: 'PUT', path: '/rules', query: ruleQuery(rule) },
      (c) => c.rules.modify(rule),
      RULES,
    ),
  remove: (key: RuleKey) =>
    operation(
      'rules.remove',
      {
        method: 'DELETE',
        path: '/rules',
        query: { priority: key.priority, match: { ...key.match } },
      },
      (c) => c.rules.remove(key),
      RULES,
    ),
  removeAll: () =>
    operation(
      'rules.removeAll',
      { method: 'DELETE', path: '/rules/all' },
      (c) => c.rules.removeAll(),
      RULES,
    ),
  resetCounters: () =>
    operation(
      'rules.resetCounters',
      { method: 'DELETE', path: '/rules/counters' },
      (c) => c.rules.resetCounters(),
      ['rules'],
    ),
  /** A rule save-point (rules and groups) of the device as it is now. */
  savepoint: (name: string, description = '') =>
    operation(
      'rules.savepoint',
      { method: 'POST', path: '/savepoints/rulesavepoint', query: { name, description } },
      (c) => c.savepoints.createRules(name, description),
      ['savepoints'],
    ),
};
