/**
 * Changes the console sends to the device, as data: a plan is a list of steps, each one
 * request. The confirmation dialog prints `describeStep` — the exact request — and
 * `executePlan` sends the same steps in order, so what is shown is what is sent.
 */
import type { Client } from '../api/index.js';
import type { RuleList } from '../api/normalize-rules.js';
import { type GroupInput, groupBody, ruleQuery } from '../api/rules.js';
import { type Group, type Rule, type RuleInput, type RuleKey, sanitize } from '../model/index.js';
import { sameKey } from '../tcam/index.js';

export type Step =
  | { kind: 'savepoint'; name: string; description: string }
  | { kind: 'ruleAdd'; rule: RuleInput }
  | { kind: 'ruleModify'; rule: RuleInput }
  | { kind: 'ruleDelete'; key: RuleKey; name: string }
  | { kind: 'ruleDeleteAll' }
  | { kind: 'ruleCounters' }
  | { kind: 'groupAdd'; group: GroupInput }
  | { kind: 'groupModify'; group: GroupInput }
  | { kind: 'groupDelete'; id: number }
  | { kind: 'groupDeleteAll' };

export interface Plan {
  title: string;
  steps: Step[];
  /** What the operator should know (consequences, order, what the device decides). */
  notes: string[];
  /** When a step at an index above `after` fails, send `step` to undo (re-add a deleted rule). */
  rollback?: { after: number; step: Step };
  /** After success: the rule to look for, and the flow count the preview promised. */
  expect?: { key: RuleKey; flows: number };
  /** After success: rules the device should have deleted (group replace / delete). */
  expectGone?: readonly Rule[];
  /** Typing this word is required to confirm ('' = y/Enter is enough). */
  confirmWord: string;
}

export interface PlanResult {
  ok: boolean;
  /** What each step did, in order. */
  lines: string[];
  /** The device's rules after the change (when they could be read). */
  rules?: RuleList;
  groups?: Group[];
  /** The expected rule as the device now lists it. */
  installed?: Rule;
  /** real_flow_ct against the preview, or rules gone against the impact preview. */
  verdict?: string;
}

/** A value as shown: quoted when it holds spaces or quotes, so the parameter list stays unambiguous. */
const shown = (v: unknown) => (/[\s"]/.test(String(v)) ? JSON.stringify(String(v)) : String(v));

/** `match[in_port]=1` style, the way the query string carries it (without URL encoding). */
function queryText(q: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(q)) {
    if (v !== null && typeof v === 'object') {
      for (const [kk, vv] of Object.entries(v as Record<string, unknown>))
        parts.push(`${k}[${kk}]=${shown(vv)}`);
    } else parts.push(`${k}=${shown(v)}`);
  }
  return parts.join(' ');
}

/** The request line and its parameters: `[method path, parameters]`. */
export function describeStep(step: Step): [string, string] {
  switch (step.kind) {
    case 'savepoint':
      return [
        'POST /savepoints/rulesavepoint',
        queryText({ name: step.name, description: step.description }),
      ];
    case 'ruleAdd':
      return ['POST /rules', queryText(ruleQuery(step.rule))];
    case 'ruleModify':
      return ['PUT /rules', queryText(ruleQuery(step.rule))];
    case 'ruleDelete':
      return ['DELETE /rules', queryText({ priority: step.key.priority, match: step.key.match })];
    case 'ruleDeleteAll':
      return ['DELETE /rules/all', ''];
    case 'ruleCounters':
      return ['DELETE /rules/counters', ''];
    case 'groupAdd':
      return ['POST /groups', JSON.stringify(groupBody(step.group))];
    case 'groupModify':
      return ['PUT /groups', JSON.stringify(groupBody(step.group))];
    case 'groupDelete':
      return ['DELETE /groups', `group_id=${step.id}`];
    case 'groupDeleteAll':
      return ['DELETE /groups/all', ''];
  }
}

function send(client: Client, step: Step): Promise<unknown> {
  switch (step.kind) {
    case 'savepoint':
      return client.savepoints.createRules(step.name, step.description);
    case 'ruleAdd':
      return client.rules.add(step.rule);
    case 'ruleModify':
      return client.rules.modify(step.rule);
    case 'ruleDelete':
      return client.rules.remove(step.key);
    case 'ruleDeleteAll':
      return client.rules.removeAll();
    case 'ruleCounters':
      return client.rules.resetCounters();
    case 'groupAdd':
      return client.groups.add(step.group);
    case 'groupModify':
      return client.groups.modify(step.group);
    case 'groupDelete':
      return client.groups.remove(step.id);
    case 'groupDeleteAll':
      return client.groups.removeAll();
  }
}

const answer = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? sanitize(v).trim()
    : v === null || v === undefined || typeof v === 'string'
      ? 'OK'
      : 'OK (saved)';

const message = (e: unknown) => sanitize(e instanceof Error ? e.message : String(e));

/** Sends the plan's steps in order; stops at the first failure (undoing where the plan says how). */
export async function executePlan(client: Client, plan: Plan): Promise<PlanResult> {
  const lines: string[] = [];
  let ok = true;
  for (const [i, step] of plan.steps.entries()) {
    const [request] = describeStep(step);
    try {
      lines.push(`${i + 1}. ${request} → ${answer(await send(client, step))}`);
    } catch (e) {
      ok = false;
      lines.push(`${i + 1}. ${request} → FAILED: ${message(e)}`);
      const rest = plan.steps.length - i - 1;
      if (rest > 0)
        lines.push(
          `   the remaining ${rest} ${rest === 1 ? 'request was' : 'requests were'} not sent`,
        );
      if (plan.rollback && i > plan.rollback.after) {
        const [undo] = describeStep(plan.rollback.step);
        try {
          await send(client, plan.rollback.step);
          lines.push(`   undo: ${undo} → OK (the old rule is back)`);
        } catch (u) {
          lines.push(`   undo: ${undo} → FAILED: ${message(u)} — the old rule is gone`);
        }
      }
      break;
    }
  }
  const result: PlanResult = { ok, lines };
  const [rules, groups] = await Promise.all([
    client.rules.list().catch(() => undefined),
    plan.steps.some((s) => s.kind.startsWith('group'))
      ? client.groups.list().catch(() => undefined)
      : undefined,
  ]);
  if (rules) result.rules = rules;
  if (groups) result.groups = groups;
  if (ok && rules && plan.expect) {
    const { key, flows } = plan.expect;
    const installed = rules.rules.find((r) => sameKey(r, key));
    if (installed) {
      result.installed = installed;
      result.verdict =
        installed.real_flow_ct === flows
          ? `the device uses ${flows} TCAM ${flows === 1 ? 'flow' : 'flows'} for it, as previewed`
          : `the device uses ${installed.real_flow_ct} TCAM flows for it; the preview said ${flows} — the device is the authority`;
    } else result.verdict = 'the rule is not in the device’s rule list';
  }
  if (ok && rules && plan.expectGone) {
    const left = plan.expectGone.filter((g) => rules.rules.some((r) => sameKey(r, g)));
    const n = plan.expectGone.length;
    result.verdict =
      left.length === 0
        ? `${n} ${n === 1 ? 'rule' : 'rules'} deleted by the device, as previewed`
        : `${left.length} of the ${n} rules previewed as deleted are still on the device: ${left.map((r) => `'${r.name}'`).join(', ')}`;
  }
  return result;
}

/** `pbc-before-delete-all-20250101-120000`: names the save-point taken before a change. */
export function savepointName(what: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `pbc-before-${what}-${stamp}`;
}

export function savepointStep(what: string, now: Date): Step {
  return {
    kind: 'savepoint',
    name: savepointName(what, now),
    description: `taken by the pbc console before: ${what}`,
  };
}
