/**
 * The console's apply-with-auto-revert (`R` in the confirmation): arms the revert (the
 * `pbc-revert-<id>` rule save-point, the guard started with the session's credentials on its
 * stdin), executes the plan, then starts the timer. The guard reverts even when the console
 * is killed; `C` (or `pbc confirm`) keeps the change.
 */
import type { Client, ClientOptions } from '../api/index.js';
import { sanitize } from '../model/sanitize.js';
import { ConflictError } from '../ops/conflict.js';
import { type Executor, executePlan, type Plan, type PlanResult } from '../ops/execute.js';
import type { Operation } from '../ops/operation.js';
import type { RevertPlan } from '../ops/revert/recipe.js';
import { arm, confirmRevert, maybeSent, pendingOn } from './arm.js';
import { HEALTH_DEFAULTS, intervalFromEnv, watchToolPorts } from './health-spec.js';

export interface RevertExecutor extends Executor {
  /** The session's client options, credentials included (for the guard). */
  clientOptions?: ClientOptions;
}

/** The note a change sent with auto-revert adds to its status line. */
export const REVERTS_UNLESS_CONFIRMED = ' — reverts by itself unless confirmed (C)';

/**
 * Arms the revert of `plan` (reserving the device, taking the recipe, starting the guard),
 * runs `send`, then starts the timer. When the device surely refused the change (4xx) the
 * revert is withdrawn; without an answer it stays armed (reverting to the state before is
 * right either way). Arming that fails throws `not sent: …` and nothing is sent.
 */
/** How a change is armed beside its revert plan and time (withRevert). */
export interface RevertArming {
  /** The pbc script the guard runs from. */
  entry?: string | undefined;
  /**
   * Why the revert would be incomplete, as the operator's confirmation showed it: arming
   * goes on only when its own check finds exactly that; otherwise it refuses, nothing sent.
   */
  accepted?: string;
  /** `G`: a guarded change — the traffic watched for `afterMs`, kept at its end unless a guard trips. */
  guard?: boolean | undefined;
  /** Tool ports the guard watches too (the Tools screen's intents). */
  toolPorts?: readonly number[] | undefined;
  /** The writes `send` sends: their bases are checked before the revert sends anything. */
  ops?: readonly Operation[];
}

export async function withRevert<T>(
  x: RevertExecutor,
  what: string,
  plan: RevertPlan,
  afterMs: number,
  send: () => Promise<T>,
  { entry = process.argv[1], accepted = '', guard, toolPorts = [], ops }: RevertArming = {},
): Promise<{ value: T; line: string }> {
  if (!x.clientOptions || !entry)
    throw new Error('not sent: this console cannot start the revert guard');
  let armed: Awaited<ReturnType<typeof arm>>;
  try {
    armed = await arm({
      client: x.client,
      options: x.clientOptions,
      what,
      afterMs,
      plan,
      entry,
      incomplete: async (why) => accepted !== '' && why === accepted,
      ...(guard ? { health: consoleHealth(afterMs, toolPorts) } : {}),
      ...(ops ? { change: { ops } } : {}),
    });
  } catch (e) {
    if (e instanceof ConflictError) throw e; // its three-way lines are shown as they are
    throw new Error(`not sent: ${sanitize((e as Error).message)}`);
  }
  let value: T;
  try {
    value = await send();
  } catch (e) {
    if (maybeSent(e)) await armed.started();
    else await armed.withdraw();
    throw e;
  }
  const started = await armed.started();
  const at = new Date(started?.expiresAt ?? Date.now() + afterMs).toISOString().slice(11, 19);
  return {
    value,
    line: guard
      ? `guarded change ${armed.id}: the traffic is watched until ${at} UTC, reverted at once if a guard trips (C keeps it now)`
      : `auto-revert ${armed.id}: reverts at ${at} UTC unless confirmed (C, or pbc confirm ${armed.id})`,
  };
}

/** The console's guard: every guard, the defaults, for the window `G` chose; kept at its end. */
function consoleHealth(forMs: number, toolPorts: readonly number[]) {
  const health = {
    spec: { ...HEALTH_DEFAULTS, forMs, intervalMs: intervalFromEnv() },
    keepAtEnd: true,
  };
  if (toolPorts.length > 0) watchToolPorts(health, [...toolPorts]);
  return health;
}

/** What a change sent with `G` adds to its status line. */
export const GUARDED_NOTE = ' — guarded: reverts by itself if a guard trips (C keeps it now)';

/** A rule or group change (a plan) sent with auto-revert: a rule save-point is taken first. */
export async function sendWithRevert(
  x: RevertExecutor,
  plan: Plan,
  afterMs: number,
  entry: string | undefined = process.argv[1],
  accepted = '',
  guard?: boolean,
): Promise<PlanResult> {
  const what = [plan.title, ...plan.steps.map((s) => s.describe().join(' '))].join(': ');
  try {
    // Sent or partly sent (executePlan answers, never throws): the revert restores the
    // state before the plan either way.
    const { value, line } = await withRevert(
      x,
      what,
      plan.revert ?? { kind: 'savepoint', of: 'rules' },
      afterMs,
      () => executePlan(x, plan),
      { entry, accepted, guard, toolPorts: plan.toolPorts, ops: plan.steps },
    );
    return { ...value, lines: [...value.lines, line] };
  } catch (e) {
    if (e instanceof ConflictError) throw e; // the confirmation shows base / theirs / yours
    return { ok: false, lines: [(e as Error).message] };
  }
}

/** `C`: keeps every change waiting for its auto-revert on `url`; the line for the status bar. */
export async function confirmAllOn(client: Client, url: string): Promise<string> {
  const waiting = pendingOn(url).filter((r) => r.state === 'pending');
  if (waiting.length === 0) return 'no change on this device waits for an auto-revert';
  const kept: string[] = [];
  const problems: string[] = [];
  for (const r of waiting) {
    try {
      const { cleanupFailed } = await confirmRevert(client, r.id, url);
      kept.push(r.id);
      if (cleanupFailed) problems.push(`save-point ${r.savepoint?.name} left: ${cleanupFailed}`);
    } catch (e) {
      problems.push((e as Error).message);
    }
  }
  return sanitize(
    [kept.length ? `confirmed ${kept.join(', ')}: the change stays` : '', ...problems]
      .filter(Boolean)
      .join(' · '),
  );
}
