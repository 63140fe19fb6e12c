/** /rules: add, modify (actions/name/description only), delete, delete all, counters. */
import { type Match, ruleKeyText, splitActions } from '../model/index.js';
import { flowCount } from '../tcam/index.js';
import { badRequest, conflict, notFound } from './errors.js';
import { JsonBytes } from './json.js';
import type { Params } from './params.js';
import type { Router } from './router.js';
import { expireRules } from './rule-timeouts.js';
import { rulesAllJsonInSlices } from './rule-wire.js';
import { assertFits, assertValidRule, ruleContext, usedFlows } from './rulesets.js';
import { rulesKey, type SimRule, type SimState } from './state.js';

const MAX_U64 = (1n << 64n) - 1n;

function matchOf(params: Params): Match {
  return params.record('match') ?? {};
}

function actionsOf(params: Params, required: boolean): string[] | undefined {
  const v = params.get('actions');
  if (v === undefined || v === null) {
    if (required) throw badRequest("missing parameter 'actions' (e.g. actions=output:2)");
    return undefined;
  }
  if (Array.isArray(v)) return v.map((a) => String(a).trim()).filter((a) => a !== '');
  if (typeof v === 'object')
    throw badRequest("parameter 'actions' must be a comma-separated string");
  return splitActions(String(v));
}

function textOf(params: Params, name: string, max: number): string | undefined {
  const v = params.str(name);
  if (v !== undefined && v.length > max)
    throw badRequest(`${name} is longer than ${max} characters`);
  return v;
}

function cookieOf(params: Params): bigint | undefined {
  const s = params.str('cookie');
  if (s === undefined || s.trim() === '') return undefined;
  const t = s.trim();
  if (!/^(0x[0-9a-f]{1,16}|\d{1,20})$/i.test(t))
    throw badRequest(`cookie must be a 64-bit unsigned integer, got '${s}'`);
  const c = BigInt(t);
  if (c > MAX_U64) throw badRequest(`cookie must be a 64-bit unsigned integer, got '${s}'`);
  return c;
}

function assertCookieFree(state: SimState, cookie: bigint, except?: SimRule): void {
  for (const r of state.rules.values())
    if (r !== except && r.cookie === cookie)
      throw conflict(`cookie ${cookie} is already used by rule '${r.name}'`);
}

/**
 * Fix: a generated cookie must not repeat one a client chose (POST/PUT may set any
 * cookie, including the one the counter would hand out next), so skip cookies in use.
 */
function freshCookie(state: SimState): bigint {
  const used = new Set([...state.rules.values()].map((r) => r.cookie));
  let c = state.newCookie();
  while (used.has(c)) c = state.newCookie();
  return c;
}

/** Rules a DELETE addresses: same priority and field set; '' values match any value. */
function matching(state: SimState, priority: number, match: Match): SimRule[] {
  const fields = Object.keys(match).sort().join(',');
  const out: SimRule[] = [];
  for (const r of state.rules.values()) {
    if (r.priority !== priority || Object.keys(r.match).sort().join(',') !== fields) continue;
    if (Object.entries(match).every(([k, v]) => v === '' || r.match[k] === v)) out.push(r);
  }
  return out;
}

const describe = (r: { priority: number; match: Match }) => ruleKeyText(r.priority, r.match);

export function registerRules(router: Router): void {
  router.add(
    'GET',
    '/rules/all',
    'R',
    async ({ state }) => {
      expireRules(state);
      return new JsonBytes(await rulesAllJsonInSlices(state, usedFlows(state)));
    },
    { cacheable: true },
  );

  router.add('POST', '/rules', 'W', ({ params, state }) => {
    expireRules(state);
    const priority = params.int('priority', 0, 65535) ?? 32768;
    const match = matchOf(params);
    const actions = actionsOf(params, true)!;
    const name = textOf(params, 'name', 256) ?? '';
    const description = textOf(params, 'description', 1024) ?? '';
    const cookie = cookieOf(params);
    assertValidRule(match, actions, ruleContext(state));
    const key = rulesKey(priority, match);
    const existing = state.rules.get(key);
    if (existing)
      throw conflict(
        `a rule with this match and ${describe({ priority, match })} already exists ('${existing.name}', cookie ${existing.cookie}); use PUT to change its actions`,
      );
    if (cookie !== undefined) assertCookieFree(state, cookie);
    assertFits(usedFlows(state), flowCount(match), state.settings.storageMode.current);
    const rule: SimRule = {
      cookie: cookie ?? freshCookie(state),
      name,
      description,
      priority,
      match,
      actions,
      since: state.now(),
      added: state.now(),
    };
    state.rules.set(key, rule);
    state.changed(`rules: added '${name}' ${describe(rule)} actions ${actions.join(',')}`);
  });

  router.add('PUT', '/rules', 'W', ({ params, state }) => {
    expireRules(state);
    const priority = params.int('priority', 0, 65535) ?? 32768;
    const match = matchOf(params);
    const rule = state.rules.get(rulesKey(priority, match));
    if (!rule)
      throw notFound(
        `no rule with ${describe({ priority, match })}; match and priority identify a rule and cannot change`,
      );
    const actions = actionsOf(params, false);
    const name = textOf(params, 'name', 256);
    const description = textOf(params, 'description', 1024);
    const cookie = cookieOf(params);
    if (actions) assertValidRule(match, actions, ruleContext(state));
    if (cookie !== undefined) assertCookieFree(state, cookie, rule);
    if (actions) rule.actions = actions;
    if (name !== undefined) rule.name = name;
    if (description !== undefined) rule.description = description;
    if (cookie !== undefined) rule.cookie = cookie;
    state.changed(`rules: modified '${rule.name}' ${describe(rule)}`);
  });

  router.add('DELETE', '/rules', 'W', ({ params, state }) => {
    expireRules(state);
    const priority = params.int('priority', 0, 65535) ?? 32768;
    const match = matchOf(params);
    const found = matching(state, priority, match);
    if (found.length === 0) throw notFound(`no rule with ${describe({ priority, match })}`);
    for (const r of found) state.rules.delete(rulesKey(r.priority, r.match));
    state.changed(`rules: deleted ${found.map((r) => `'${r.name}'`).join(', ')}`);
  });

  router.add('DELETE', '/rules/all', 'W', ({ state }) => {
    const n = state.rules.size;
    state.rules.clear();
    state.changed(`rules: deleted all ${n} rules`);
  });

  router.add('DELETE', '/rules/counters', 'W', ({ state }) => {
    const now = state.now();
    for (const r of state.rules.values()) r.since = now;
    state.changed('rules: counters reset');
  });
}
