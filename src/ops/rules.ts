/**
 * Rule writes: POST/PUT/DELETE /rules, DELETE /rules/all, DELETE /rules/counters, and the
 * rule save-point a change may take first (POST /savepoints/rulesavepoint). Each request
 * is built with the api's own `ruleQuery`, so what is shown is what the client sends. A rule
 * write reads the rules its key reaches (the device has no read of one rule: the rule list,
 * which the executor answers from what the console already holds, see execute.ts).
 */
import { DEFAULT_PRIORITY, ruleQuery } from '../api/index.js';
import type { RuleInput, RuleKey } from '../model/index.js';
import { type KindTable, kinded, type StateReader } from './operation.js';
import { recordedKey, ruleState, rulesReached } from './rule-state.js';
import { savepointKinds } from './savepoints.js';

export { DEFAULT_PRIORITY, type RuleList } from '../api/index.js';
export * from './rule-state.js';

const rulesAt: StateReader = (c, r) => rulesReached(c, recordedKey(r));
const allRules: StateReader = async (c) => (await c.rules.list()).rules.map(ruleState);

export const ruleKinds = {
  'rules.add': { route: 'POST /rules', read: rulesAt },
  'rules.modify': { route: 'PUT /rules', read: rulesAt },
  'rules.remove': { route: 'DELETE /rules', read: rulesAt },
  'rules.removeAll': { route: 'DELETE /rules/all', read: allRules },
  'rules.resetCounters': { route: 'DELETE /rules/counters' },
} satisfies KindTable;

const op = kinded({ ...ruleKinds, ...savepointKinds });

/** A rule write changes the rule list and the TCAM flow count. */
const RULES = ['rules', 'flows'] as const;

const keyOf = (k: RuleKey): RuleKey => ({
  priority: k.priority ?? DEFAULT_PRIORITY,
  match: Object.fromEntries(Object.entries(k.match).map(([f, v]) => [f, String(v ?? '')])),
});
/** Reads the rules `key` reaches: the key the operation was built with, not parsed back. */
const at =
  (key: RuleKey): StateReader =>
  (c) =>
    rulesReached(c, keyOf(key));

export const ruleOps = {
  add: (rule: RuleInput) =>
    op(
      'rules.add',
      { method: 'POST', path: '/rules', query: ruleQuery(rule) },
      (c) => c.rules.add(rule),
      RULES,
      at(rule),
    ),
  /** PUT identifies the rule by its match and priority; name, description, actions change. */
  modify: (rule: RuleInput) =>
    op(
      'rules.modify',
      { method: 'PUT', path: '/rules', query: ruleQuery(rule) },
      (c) => c.rules.modify(rule),
      RULES,
      at(rule),
    ),
  remove: (key: RuleKey) =>
    op(
      'rules.remove',
      {
        method: 'DELETE',
        path: '/rules',
        query: { priority: key.priority, match: { ...key.match } },
      },
      (c) => c.rules.remove(key),
      RULES,
      at(key),
    ),
  removeAll: () =>
    op(
      'rules.removeAll',
      { method: 'DELETE', path: '/rules/all' },
      (c) => c.rules.removeAll(),
      RULES,
    ),
  resetCounters: () =>
    op(
      'rules.resetCounters',
      { method: 'DELETE', path: '/rules/counters' },
      (c) => c.rules.resetCounters(),
      ['rules'],
    ),
  /** A rule save-point (rules and groups) of the device as it is now. */
  savepoint: (name: string, description = '') =>
    op(
      'savepoints.create',
      { method: 'POST', path: '/savepoints/rulesavepoint', query: { name, description } },
      (c) => c.savepoints.createRules(name, description),
      ['savepoints'],
    ),
};
