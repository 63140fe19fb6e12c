/**
 * The one executor: every write pbc sends (the console, the CLI, `apply -f`, undo, the revert
 * guard) goes through `run` — (plan → confirm →) send each operation inside its write context
 * (so the journal, the transport's write hook, takes the operation's kind and state reader) →
 * refresh what they affect through the injected poller. `executePlan` is a plan's run: the
 * confirmation prints each step's `describe()` — the exact request — and it sends the same
 * operations in order, stops at the first failure (undoing where the plan says how), then
 * checks the device's rules against what the plan promised. `perform`/`performEach`
 * (perform.ts), `applyPlan` (desired/apply.ts) and the guard's sends are thin wrappers.
 *
 * One read per write: with a store, the state a write touches is read from what the console
 * already holds (the rule table, 17 MB on a full device), and after it from the poller's
 * refresh — which the console makes after every write anyway — not by extra reads of its own.
 */
import { type Client, inWriteContext, type StatePhase, type WriteContext } from '../api/index.js';
import { type Rule, type RuleKey, sanitize } from '../model/index.js';
import type { Poller } from '../store/poller.js';
import type { ResourceKey } from '../store/resources.js';
import type { ConsoleStore } from '../store/store.js';
import { sameKey } from '../tcam/index.js';
import { checkBases } from './base-check.js';
import { journalOf } from './journal.js';
import { checkLock } from './lock/check.js';
import type { Operation, RecordedWrite } from './operation.js';
import { ruleOps } from './rules.js';
import { baseOf } from './seen-at-ask.js';
import { recordedOp } from './tables.js';

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
  /** Tool ports a guarded change (G, --guard) watches too: the tools of an intents file. */
  toolPorts?: readonly number[];
  /** Sees each step's answer as it arrives (the CLI's progress, `pbc apply`'s report). */
  onStep?: (index: number, answer: StepAnswer) => void;
}

/** What the device answered one step: its result, or the error it failed with. */
export type StepAnswer = { result: unknown } | { error: unknown };

export interface PlanResult {
  ok: boolean;
  /** What each step did, in order. */
  lines: string[];
  /** The device's answer to each step sent without failing, in order. */
  answers?: unknown[];
  /** The error of the step that failed, as the client threw it. */
  error?: unknown;
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
  poller?: Pick<Poller, 'refreshNow'> & Partial<Pick<Poller, 'writing'>>;
  /** Asked with the plan before anything is sent (a plan run): false sends nothing. */
  confirm?: (plan: Plan) => Promise<boolean>;
  /** Send even when the device no longer equals a write's base (`--force`; journaled). */
  force?: boolean;
}

/** Sends one operation of a run (in its write context); answers the device's answer. */
export type Send = <R>(op: Operation<R>) => Promise<R>;

export interface RunOptions {
  /** Also refreshed at the end (a plan: what its unsent steps would have changed). */
  refresh?: readonly ResourceKey[];
  /** false: nothing is refreshed when `work` throws (one write the device refused). */
  refreshOnFailure?: boolean;
  /** The lock's own write (take, renew, steal, release): not refused by the lock check. */
  lockOp?: boolean;
  /**
   * Checked together, before `work` sends anything (a plan's steps: one read for all).
   * `shared` of them take what the check read as their journal before-state.
   */
  check?: { ops: readonly Operation[]; shared: readonly Operation[] };
}

/**
 * THE executor: `work` sends operations through `send`, each inside its write context (the
 * journal records its kind and reads its state through it); what they affect is refreshed
 * once at the end (also when `work` throws), less what was refreshed since the last write.
 */
export async function run<T>(
  x: Executor,
  work: (send: Send) => Promise<T>,
  options: RunOptions = {},
): Promise<T> {
  // another operator's lock refuses the run before anything is sent (ops/lock/check.ts)
  if (!options.lockOp)
    await checkLock({ ...x, send: (op) => run(x, (s) => s(op), { lockOp: true }) });
  const state = new RunState(x, options.refresh);
  let value: T;
  try {
    if (options.check) await state.check(options.check.ops, options.check.shared);
    value = await work((op) => state.send(op));
  } catch (e) {
    if (options.refreshOnFailure !== false) await state.refreshLeft();
    throw e;
  }
  await state.refreshLeft();
  return value;
}

/** What one run has sent and refreshed: where a write's state is read from. */
class RunState {
  /** Resources a write of this run changed and the poller has not fetched since. */
  private readonly stale = new Set<ResourceKey>();
  /** Resources fetched since the last write that changed them. */
  private readonly fetched = new Set<ResourceKey>();
  /** What the run refreshes at the end (less what was fetched since). */
  private readonly affected: Set<ResourceKey>;
  /** Operations whose base this run has checked (each once, right before it is sent). */
  private readonly checked = new Set<Operation>();
  /** What the check read, for the journal's before-state (one read, not two). */
  private readonly before = new Map<Operation, unknown>();
  private readonly forced = new Set<Operation>();

  constructor(
    private readonly x: Executor,
    also: readonly ResourceKey[] = [],
  ) {
    this.affected = new Set(also);
  }

  /**
   * The base check of `ops`, right before the first of them is sent: one read of the device
   * (base-check.ts); a ConflictError sends nothing. (The lock is checked once per run, in `run`.)
   */
  async check(ops: readonly Operation[], shared: readonly Operation[]): Promise<void> {
    const { now, forced } = await checkBases(this.x.client, ops, this.x.force);
    for (const op of ops) this.checked.add(op);
    for (const op of forced) this.forced.add(op);
    for (const op of shared) if (now.has(op)) this.before.set(op, now.get(op));
  }

  async send<R>(op: Operation<R>): Promise<R> {
    if (!this.checked.has(op)) await this.check([op], [op]);
    // the store's rule table is the state before this write unless a write of this run changed it
    const heldBefore = !this.stale.has('rules');
    for (const k of op.affects) {
      this.stale.add(k);
      this.fetched.delete(k);
      this.affected.add(k);
    }
    const context: WriteContext<Client> = {
      kind: op.kind,
      request: op.request,
      ...(op.read ? { read: this.reader(op, heldBefore) } : {}),
      ...(op.readAfter === false ? { readAfter: false } : {}),
      base: (await baseOf(op)).from,
      ...(this.forced.has(op) ? { forced: true } : {}),
    };
    // the poller tells this console's writes from others' (changes from outside)
    const ended = this.x.poller?.writing?.(op.affects);
    return inWriteContext(context, () => op.send(this.x.client)).finally(ended);
  }

  /**
   * The operation's state read through what the console holds: before, the store's rule
   * table while no write of this run has changed it; after, the store once the poller has
   * fetched what the write affects (the refresh the console makes after a write anyway).
   */
  private reader(op: Operation, heldBefore: boolean) {
    const read = op.read!;
    return async (c: Client, phase: StatePhase) => {
      if (phase === 'before' && this.before.has(op)) return this.taken(op);
      const { store, poller } = this.x;
      if (!store) return read(c, phase);
      if (phase === 'before') return read(heldBefore ? known(c, store) : c, phase);
      if (poller) await this.refresh(op.affects);
      return read(this.stale.has('rules') ? c : known(c, store), phase);
    };
  }

  /** The check's read of `op`, given to the journal once. */
  private taken(op: Operation): unknown {
    const v = this.before.get(op);
    this.before.delete(op);
    return v;
  }

  private async refresh(keys: readonly ResourceKey[]): Promise<void> {
    const due = keys.filter((k) => !this.fetched.has(k));
    if (due.length === 0 || !this.x.poller) return;
    for (const k of due) {
      this.stale.delete(k);
      this.fetched.add(k);
    }
    await this.x.poller.refreshNow(due);
  }

  refreshLeft(): Promise<void> {
    return this.refresh([...this.affected]);
  }
}

/** `c` with its rule table answered from the store while the store's copy is fresh. */
export function known(c: Client, store: ConsoleStore): Client {
  const held = fresh(store, 'rules');
  if (!held) return c;
  return { ...c, rules: { ...c.rules, list: async () => held } };
}

const answer = (v: unknown) =>
  typeof v === 'string' && v.trim() !== ''
    ? sanitize(v).trim()
    : v === null || v === undefined || typeof v === 'string'
      ? 'OK'
      : 'OK (saved)';

const message = (e: unknown) => sanitize(e instanceof Error ? e.message : String(e));

/** One write recorded as data (an auto-revert's, from the pending file) sent by the executor. */
export function sendRecorded(x: Executor, write: RecordedWrite): Promise<unknown> {
  return run(x, (send) => send(recordedOp(write)));
}

/** Every resource the plan's operations (the undo included) change. */
export function affected(plan: Plan): ResourceKey[] {
  const ops = plan.rollback ? [...plan.steps, plan.rollback.step] : plan.steps;
  return [...new Set(ops.flatMap((op) => op.affects))];
}

/** Sends the plan's steps in order; stops at the first failure (undoing where the plan says how). */
export async function executePlan(x: Executor, plan: Plan, batched = false): Promise<PlanResult> {
  const journal = plan.undoOf === undefined ? undefined : journalOf(x.client);
  if (journal && plan.undoOf !== undefined) {
    const { undoOf, ...rest } = plan;
    return journal.undoing(undoOf, () => executePlan(x, rest));
  }
  const batchJournal = plan.batch ? journalOf(x.client) : undefined;
  if (batchJournal)
    return batchJournal.batch(() => executePlan(x, { ...plan, batch: false }, true));
  if (x.confirm && !(await x.confirm(plan)))
    return { ok: false, lines: ['not sent: the change was not confirmed'] };
  // one base check for every step, after the confirmation; in a batch every step's journal
  // before-state is the state the batch began with (the check's read), else the first's only
  const check = { ops: plan.steps, shared: batched ? plan.steps : plan.steps.slice(0, 1) };
  const result = await run(x, (send) => sendSteps(send, plan), {
    refresh: affected(plan),
    check,
  });
  const rules = x.store ? fresh(x.store, 'rules')?.rules : undefined;
  if (result.ok && rules) verdictOf(plan, rules, result);
  return result;
}

/** The plan's steps in order, stopped at the first failure (undone where the plan says how). */
async function sendSteps(send: Send, plan: Plan): Promise<PlanResult> {
  const lines: string[] = [];
  const answers: unknown[] = [];
  let ok = true;
  let error: unknown;
  for (const [i, step] of plan.steps.entries()) {
    const [request] = step.describe();
    try {
      const result = await send(step);
      answers.push(result);
      plan.onStep?.(i, { result });
      lines.push(`${i + 1}. ${request} → ${answer(result)}`);
    } catch (e) {
      ok = false;
      error = e;
      plan.onStep?.(i, { error: e });
      lines.push(`${i + 1}. ${request} → FAILED: ${message(e)}`);
      const rest = plan.steps.length - i - 1;
      if (rest > 0)
        lines.push(
          `   the remaining ${rest} ${rest === 1 ? 'request was' : 'requests were'} not sent`,
        );
      if (plan.rollback && i > plan.rollback.after) {
        const [undo] = plan.rollback.step.describe();
        try {
          await send(plan.rollback.step);
          lines.push(`   undo: ${undo} → OK (the old rule is back)`);
        } catch (u) {
          lines.push(`   undo: ${undo} → FAILED: ${message(u)} — the old rule is gone`);
        }
      }
      break;
    }
  }
  return ok ? { ok, lines, answers } : { ok, lines, answers, error };
}

/** What the device's rules say of the plan's promise: the flows used, the rules gone. */
function verdictOf(plan: Plan, rules: readonly Rule[], result: PlanResult): void {
  if (plan.expect) {
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
  if (plan.expectGone) {
    const left = plan.expectGone.filter((g) => rules.some((r) => sameKey(r, g)));
    const n = plan.expectGone.length;
    result.verdict =
      left.length === 0
        ? `${n} ${n === 1 ? 'rule' : 'rules'} deleted by the device, as previewed`
        : `${left.length} of the ${n} rules previewed as deleted are still on the device: ${left.map((r) => `'${r.name}'`).join(', ')}`;
  }
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
