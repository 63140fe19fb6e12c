/**
 * A change, from plan to result, in one place: a plan is a list of operations; the
 * confirmation prints each one's `describe()` — the exact request — and `executePlan`
 * sends the same operations in order, stops at the first failure (undoing where the plan
 * says how), then has the poller refresh what the operations affect (the one refresh route
 * after a write) and checks the device's rules against what the plan promised.
 */
import type { Client } from '../api/index.js';
import { type Rule, type RuleKey, sanitize } from '../model/index.js';
import type { Poller } from '../store/poller.js';
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleStore } from '../store/store.js';
import { sameKey } from '../tcam/index.js';
import { journalOf } from './journal.js';
import type { Operation } from './operation.js';
import { ruleOps } from './rules.js';

export interface Plan {
  title: string;
  steps: Operation[];
  /** What the operator should know (consequences, order, what the device decides). */
  notes: string[];
  /** When a step at an index above `after` fails, send `step` to undo (re-add a deleted rule). */
  rollback?: { after: number; step: Operation };
  /** After success: the rule to look for, and the flow count the preview promised. */
  expect?: { key: RuleKey; flows: number };
  /** After success: rules the device should have deleted (group replace / delete). */
  expectGone?: readonly Rule[];
  /** Typing this word is required to confirm ('' = y/Enter is enough). */
  confirmWord: string;
  /** The plan undoes this journal entry: its writes are journaled as undoing it. */
  undoOf?: string;
  /** Journal the steps as one batch (many writes: `:apply FILE`); see Journal.batch. */
  batch?: boolean;
  /** What an auto-revert (R) takes first; default a rule save-point (`pbc apply -f`: more). */
  revert?: import('./revert-plan.js').RevertPlan;
}

export interface PlanResult {
  ok: boolean;
  /** What each step did, in order. */
  lines: string[];
  /** The expected rule as the device now lists it. */
  installed?: Rule;
  /** real_flow_ct against the preview, or rules gone against the impact preview. */
  verdict?: string;
}

/**
 * What a plan is executed with: the client sends, the poller refreshes into the store.
 * Without a poller nothing is refreshed; without a store there is no verdict (the CLI).
 */
export interface Executor {
  client: Client;
  store?: ConsoleStore;
  poller?: Pick<Poller, 'refreshNow'>;
}

const answer = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? sanitize(v).trim()
    : v === null || v === undefined || typeof v === 'string'
      ? 'OK'
      : 'OK (saved)';

const message = (e: unknown) => sanitize(e instanceof Error ? e.message : String(e));

/** Every resource the plan's operations (the undo included) change. */
export function affected(plan: Plan): ResourceKey[] {
  const ops = plan.rollback ? [...plan.steps, plan.rollback.step] : plan.steps;
  return [...new Set(ops.flatMap((op) => op.affects))];
}

/** Sends the plan's steps in order; stops at the first failure (undoing where the plan says how). */
export async function executePlan(x: Executor, plan: Plan): Promise<PlanResult> {
  const journal = plan.undoOf === undefined ? undefined : journalOf(x.client);
  if (journal && plan.undoOf !== undefined) {
    const { undoOf, ...rest } = plan;
    return journal.undoing(undoOf, () => executePlan(x, rest));
  }
  const batchJournal = plan.batch ? journalOf(x.client) : undefined;
  if (batchJournal) return batchJournal.batch(() => executePlan(x, { ...plan, batch: false }));
  const lines: string[] = [];
  let ok = true;
  for (const [i, step] of plan.steps.entries()) {
    const [request] = step.describe();
    try {
      lines.push(`${i + 1}. ${request} → ${answer(await step.send(x.client))}`);
    } catch (e) {
      ok = false;
      lines.push(`${i + 1}. ${request} → FAILED: ${message(e)}`);
      const rest = plan.steps.length - i - 1;
      if (rest > 0)
        lines.push(
          `   the remaining ${rest} ${rest === 1 ? 'request was' : 'requests were'} not sent`,
        );
      if (plan.rollback && i > plan.rollback.after) {
        const [undo] = plan.rollback.step.describe();
        try {
          await plan.rollback.step.send(x.client);
          lines.push(`   undo: ${undo} → OK (the old rule is back)`);
        } catch (u) {
          lines.push(`   undo: ${undo} → FAILED: ${message(u)} — the old rule is gone`);
        }
      }
      break;
    }
  }
  const result: PlanResult = { ok, lines };
  await x.poller?.refreshNow(affected(plan));
  const rules = x.store ? fresh(x.store, 'rules')?.rules : undefined;
  if (ok && rules && plan.expect) {
    const { key, flows } = plan.expect;
    const installed = rules.find((r) => sameKey(r, key));
    if (installed) {
      result.installed = installed;
      result.verdict =
        installed.real_flow_ct === flows
          ? `the device uses ${flows} TCAM ${flows === 1 ? 'flow' : 'flows'} for it, as previewed`
          : `the device uses ${installed.real_flow_ct} TCAM flows for it; the preview said ${flows} — the device is the authority`;
    } else result.verdict = 'the rule is not in the device’s rule list';
  }
  if (ok && rules && plan.expectGone) {
    const left = plan.expectGone.filter((g) => rules.some((r) => sameKey(r, g)));
    const n = plan.expectGone.length;
    result.verdict =
      left.length === 0
        ? `${n} ${n === 1 ? 'rule' : 'rules'} deleted by the device, as previewed`
        : `${left.length} of the ${n} rules previewed as deleted are still on the device: ${left.map((r) => `'${r.name}'`).join(', ')}`;
  }
  return result;
}

/** The resource's data when its last fetch succeeded (undefined when it failed). */
function fresh(store: ConsoleStore, key: 'rules') {
  const r = store.getState().resources[key];
  return r.failures === 0 ? r.data : undefined;
}

/** `pbc-before-delete-all-20250101-120000`: names the save-point taken before a change. */
export function savepointName(what: string, now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}${p(now.getSeconds())}`;
  return `pbc-before-${what}-${stamp}`;
}

/** The rule save-point a change takes first when the operator leaves the box ticked. */
export function savepointStep(what: string, now: Date): Operation {
  return ruleOps.savepoint(savepointName(what, now), `taken by the pbc console before: ${what}`);
}
