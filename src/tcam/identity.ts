/**
 * A write names a rule by its priority and match (DELETE /rules, PUT /rules), and a device
 * handed an inexact name may act on other rules (an empty in_port once deleted three). So a
 * write built from a rule the device described takes its key through `exactKey`, which
 * refuses a malformed rule (see RuleKey.malformed) or a key that is not exact.
 */
import type { RuleKey } from '../model/index.js';

export class MalformedRuleError extends Error {
  override name = 'MalformedRuleError';
  readonly exitCode = 1;
}

/** Why this key does not name exactly one rule, or null when it does. */
function inexactKey(rule: RuleKey): string | null {
  if (rule.malformed) return rule.malformed;
  const p = rule.priority;
  if (!Number.isInteger(p) || p < 0 || p > 0xffff) return `priority ${p} is not 0..65535`;
  for (const [k, v] of Object.entries(rule.match))
    if (typeof v !== 'string') return `match ${k} is not a string`;
  return null;
}

/** The key of a rule for a write, exactly as the device described it; throws when inexact. */
export function exactKey(rule: RuleKey & { name?: string }): RuleKey {
  const why = inexactKey(rule);
  if (why !== null)
    throw new MalformedRuleError(
      `rule '${rule.name || '(no name)'}' is malformed (${why}): the device did not say exactly which rule it is, so pbc sends no write for it — check it on the device`,
    );
  return { priority: rule.priority, match: { ...rule.match } };
}

/**
 * The malformed rules a write naming `key` may reach, when no well-formed rule has exactly
 * that key: the same match fields, each value equal or not exactly known, and the same
 * priority or an unknown one.
 */
export function malformedTargets<R extends RuleKey>(key: RuleKey, rules: readonly R[]): R[] {
  const fields = Object.keys(key.match).sort().join('\n');
  const exact = (r: R) =>
    !r.malformed &&
    r.priority === key.priority &&
    Object.keys(r.match).sort().join('\n') === fields &&
    Object.entries(key.match).every(([k, v]) => r.match[k] === String(v));
  if (rules.some(exact)) return [];
  const known = (v: string) => !/^(null|\{.*\}|\[.*\])$/s.test(v);
  return rules.filter(
    (r) =>
      r.malformed !== undefined &&
      (r.priority === key.priority ||
        !Number.isInteger(r.priority) ||
        r.priority < 0 ||
        r.priority > 0xffff) &&
      Object.keys(r.match).sort().join('\n') === fields &&
      Object.entries(r.match).every(([k, v]) => !known(v) || v === String(key.match[k])),
  );
}
