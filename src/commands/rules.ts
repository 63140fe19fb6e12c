/** `pbc rules add|set|rm|rm-all|reset-counters` (POST/PUT/DELETE /rules, /rules/all, /rules/counters). */
import { DEFAULT_PRIORITY } from '../api/normalize-rules.js';
import { UsageError } from '../model/errors.js';
import type { Rule, RuleInput, RuleKey } from '../model/types.js';
import { outputForm } from '../model/vocabulary.js';
import { ruleOps } from '../ops/rules.js';
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
  const { rules } = await c.rules.list();
  const existing = existingRule(rule, rules);
  const what = describeRule(rule.priority, rule.match);
  const drops = sendsNowhere(rule.actions);
  const [result] = await run.execute({
    steps: [existing ? ruleOps.modify({ ...rule, ...exactKey(existing) }) : ruleOps.add(rule)],
    question: drops
      ? `Add a rule that drops the traffic matching ${what} (actions ${rule.actions.join(',')})?`
      : `Add the rule ${what} → ${rule.actions.join(',')}?`,
    refusal: `add a rule that drops the traffic matching ${what}`,
    needsYes: drops,
  });
  if (existing) {
    await run.done(
      `rule exists ('${existing.name}'): modified with PUT: ${what} → ${rule.actions.join(',')}`,
      { result, modified: true },
    );
    return;
  }
  await run.done(`rule added: ${what} → ${rule.actions.join(',')}`, { result });
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
  const what = describeRule(rule.priority, rule.match);
  // New actions move or stop the traffic the rule forwards now: asked off a terminal too.
  const moves = rule.actions.length > 0;
  if (!moves) {
    // PUT /rules always carries actions; keep the rule's current ones.
    const current = rules.find((r) => sameKey(r, rule));
    if (!current)
      throw new NotFoundError(
        `no rule with ${what} (match fields and priority identify a rule; pbc get rules lists them)`,
      );
    rule.actions = current.actions;
  }
  const [result] = await run.execute({
    steps: [ruleOps.modify(rule)],
    question: moves
      ? `Change the actions of the rule with ${what} to ${rule.actions.join(',')}?${sendsNowhere(rule.actions) ? ' Its traffic will be dropped.' : ''}`
      : `Change the rule with ${what}?`,
    refusal: `change the actions of the rule with ${what}`,
    needsYes: moves,
  });
  await run.done(`rule changed: ${what}`, { result });
}

export async function rm(run: Run, o: RuleOptions): Promise<void> {
  const priority = parsePriority(o.priority);
  if (priority === undefined)
    throw new UsageError('--priority is required: match fields and priority identify a rule');
  const match = parseMatch(o.match);
  const c = await run.writer();
  const what = describeRule(priority, match);
  refuseMalformed({ priority, match }, (await c.rules.list()).rules);
  const [result] = await run.execute({
    steps: [ruleOps.remove({ priority, match })],
    question: `Delete the rule with ${what}?`,
    refusal: `delete the rule with ${what}`,
    needsYes: true,
  });
  await run.done(`rule deleted: ${what}`, { result });
}

export async function rmAll(run: Run): Promise<void> {
  const c = await run.writer();
  const [result] = await run.execute({
    steps: [ruleOps.removeAll()],
    question: async () => {
      const { rules } = await c.rules.list();
      return `Delete all ${rules.length} rules from the device?`;
    },
    refusal: 'delete all rules',
    needsYes: true,
  });
  await run.done('all rules deleted', { result });
}

export async function resetCounters(run: Run): Promise<void> {
  const [result] = await run.execute({
    steps: [ruleOps.resetCounters()],
    question: 'Reset the packet and byte counters of all rules?',
    refusal: 'reset the counters of all rules',
    needsYes: true,
  });
  await run.done('rule counters reset', { result });
}
