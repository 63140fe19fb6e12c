/** `pbc rules add|set|rm|rm-all|reset-counters` (POST/PUT/DELETE /rules, /rules/all, /rules/counters). */
import { DEFAULT_PRIORITY } from '../api/normalize-rules.js';
import { UsageError } from '../model/errors.js';
import type { Rule, RuleInput, RuleKey } from '../model/types.js';
import { outputForm } from '../model/vocabulary.js';
import {
  exactKey,
  existingRule,
  MalformedRuleError,
  malformedTargets,
  sameKey,
} from '../tcam/index.js';
import { describeRule, parseActions, parseCookie, parseMatch, parsePriority } from './args.js';
import { NotFoundError } from './errors.js';
import type { Run } from './run.js';

export interface RuleOptions {
  priority?: string;
  match?: string[];
  actions?: string[];
  name?: string;
  description?: string;
  cookie?: string;
}

function ruleInput(o: RuleOptions, requireActions: boolean): RuleInput {
  const priority = parsePriority(o.priority) ?? DEFAULT_PRIORITY;
  const match = parseMatch(o.match);
  const actions = parseActions(o.actions);
  if (requireActions && actions.length === 0)
    throw new UsageError('--actions is required (e.g. --actions output:2, or --actions drop)');
  const rule: RuleInput = { priority, match, actions };
  if (o.name !== undefined) rule.name = o.name;
  if (o.description !== undefined) rule.description = o.description;
  const cookie = parseCookie(o.cookie);
  if (cookie !== undefined) rule.cookie = cookie;
  return rule;
}

/**
 * A write that names no well-formed rule exactly but may reach a malformed one (one whose
 * priority or match the device did not give exactly) is refused: the device may act on
 * other rules than the operator meant.
 */
function refuseMalformed(key: RuleKey, rules: readonly Rule[]): void {
  const hit = malformedTargets(key, rules)[0];
  if (hit)
    throw new MalformedRuleError(
      `refusing: the device lists a malformed rule '${hit.name || '(no name)'}' (${hit.malformed}) that ${describeRule(key.priority, key.match)} may name; pbc sends no write that could reach it — fix or delete it on the device`,
    );
}

/**
 * No action sends the traffic anywhere (`drop`, or only header changes). A bare port number
 * is the vendor's way of writing output (`3` = `output:3`).
 */
function sendsNowhere(actions: string[]): boolean {
  return !actions.some((a) => /^(output|group):/i.test(outputForm(a).trim()));
}

/**
 * POST /rules — or PUT when a rule with this match and priority exists: that is the rule's
 * identity on the device, so adding it again modifies it (as the console's editor does, and
 * as `pbc rules plan` says). Validation is left to the device, the authority.
 */
export async function add(run: Run, o: RuleOptions): Promise<void> {
  const rule = ruleInput(o, true);
  const c = await run.writer();
  if (sendsNowhere(rule.actions)) {
    const what = describeRule(rule.priority, rule.match);
    await run.confirm(
      `Add a rule that drops the traffic matching ${what} (actions ${rule.actions.join(',')})?`,
      `add a rule that drops the traffic matching ${what}`,
    );
  }
  const { rules } = await c.rules.list();
  const existing = existingRule(rule, rules);
  if (existing) {
    const result = await c.rules.modify({ ...rule, ...exactKey(existing) });
    await run.done(
      `rule exists ('${existing.name}'): modified with PUT: ${describeRule(rule.priority, rule.match)} → ${rule.actions.join(',')}`,
      { result, modified: true },
    );
    return;
  }
  const result = await c.rules.add(rule);
  await run.done(
    `rule added: ${describeRule(rule.priority, rule.match)} → ${rule.actions.join(',')}`,
    {
      result,
    },
  );
}

/** PUT /rules: actions, name, description or cookie of the rule that match+priority identify. */
export async function set(run: Run, o: RuleOptions): Promise<void> {
  const rule = ruleInput(o, false);
  if (
    rule.actions.length === 0 &&
    rule.name === undefined &&
    rule.description === undefined &&
    rule.cookie === undefined
  )
    throw new UsageError('nothing to change: give --actions, --name, --description or --cookie');
  const c = await run.writer();
  const { rules } = await c.rules.list();
  refuseMalformed(rule, rules);
  if (rule.actions.length > 0) {
    // New actions move or stop the traffic the rule forwards now.
    const what = describeRule(rule.priority, rule.match);
    await run.confirm(
      `Change the actions of the rule with ${what} to ${rule.actions.join(',')}?${sendsNowhere(rule.actions) ? ' Its traffic will be dropped.' : ''}`,
      `change the actions of the rule with ${what}`,
    );
  } else {
    // PUT /rules always carries actions; keep the rule's current ones.
    const current = rules.find((r) => sameKey(r, rule));
    if (!current)
      throw new NotFoundError(
        `no rule with ${describeRule(rule.priority, rule.match)} (match fields and priority identify a rule; pbc get rules lists them)`,
      );
    rule.actions = current.actions;
  }
  const result = await c.rules.modify(rule);
  await run.done(`rule changed: ${describeRule(rule.priority, rule.match)}`, { result });
}

export async function rm(run: Run, o: RuleOptions): Promise<void> {
  const priority = parsePriority(o.priority);
  if (priority === undefined)
    throw new UsageError('--priority is required: match fields and priority identify a rule');
  const match = parseMatch(o.match);
  const c = await run.writer();
  const what = describeRule(priority, match);
  refuseMalformed({ priority, match }, (await c.rules.list()).rules);
  await run.confirm(`Delete the rule with ${what}?`, `delete the rule with ${what}`);
  const result = await c.rules.remove({ priority, match });
  await run.done(`rule deleted: ${what}`, { result });
}

export async function rmAll(run: Run): Promise<void> {
  const c = await run.writer();
  await run.confirm(async () => {
    const { rules } = await c.rules.list();
    return `Delete all ${rules.length} rules from the device?`;
  }, 'delete all rules');
  const result = await c.rules.removeAll();
  await run.done('all rules deleted', { result });
}

export async function resetCounters(run: Run): Promise<void> {
  const c = await run.writer();
  await run.confirm(
    'Reset the packet and byte counters of all rules?',
    'reset the counters of all rules',
  );
  const result = await c.rules.resetCounters();
  await run.done('rule counters reset', { result });
}
