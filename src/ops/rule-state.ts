/**
 * A rule as the journal keeps it (what identifies it and what it does, so it can be sent
 * again), and the rules a key reaches: what a rule write reads before and after it.
 */
import { type ApiRequest, type Client, DEFAULT_PRIORITY } from '../api/index.js';
import type { Rule, RuleKey } from '../model/index.js';

/** A rule as it can be sent again (POST /rules): what identifies it and what it does. */
export interface RuleState {
  priority: number;
  match: Record<string, string>;
  actions: string[];
  name: string;
  description: string;
  cookie: string;
}

export const ruleState = (r: Rule): RuleState => ({
  priority: r.priority,
  match: { ...r.match },
  actions: [...r.actions],
  name: r.name,
  description: r.description,
  cookie: r.cookie.toString(),
});

/** The rules a key reaches: the same fields and priority, each value equal or '' (any). */
export function reaches(key: RuleKey, r: RuleKey): boolean {
  if (r.malformed || r.priority !== key.priority) return false;
  const kf = Object.keys(key.match);
  if (kf.length !== Object.keys(r.match).length) return false;
  return kf.every(
    (k) => Object.hasOwn(r.match, k) && (key.match[k] === '' || r.match[k] === key.match[k]),
  );
}

/** The rules `key` reaches now, as they can be sent again. */
export const rulesReached = async (c: Client, key: RuleKey): Promise<RuleState[]> =>
  (await c.rules.list()).rules.filter((x) => reaches(key, x)).map(ruleState);

/**
 * The rule key of a recorded rules request (a journal entry read back for undo): the priority
 * defaults as the device's does. A live operation reads by the key it was built with.
 */
export function recordedKey(r: ApiRequest): RuleKey {
  const q = (r.query ?? r.json ?? {}) as Record<string, unknown>;
  const match = (q.match ?? {}) as Record<string, unknown>;
  return {
    priority: q.priority === undefined || q.priority === '' ? DEFAULT_PRIORITY : Number(q.priority),
    match: Object.fromEntries(Object.entries(match).map(([k, v]) => [k, String(v ?? '')])),
  };
}
