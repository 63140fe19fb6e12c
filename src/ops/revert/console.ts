/**
 * The console's apply-with-auto-revert (`R` in the confirmation): arms the revert (the
 * `pbc-revert-<id>` rule save-point, the guard started with the session's credentials on its
 * stdin), executes the plan, then starts the timer. The guard reverts even when the console
 * is killed; `C` (or `pbc confirm`) keeps the change.
 */
import type { Client, ClientOptions } from '../../api/index.js';
import { sanitize } from '../../model/sanitize.js';
import { type Executor, executePlan, type Plan, type PlanResult } from '../execute.js';
import { arm, confirmRevert, pendingOn } from './arm.js';

export interface RevertExecutor extends Executor {
  /** The session's client options, credentials included (for the guard). */
  clientOptions?: ClientOptions;
}

export async function sendWithRevert(
  x: RevertExecutor,
  plan: Plan,
  afterMs: number,
  entry: string | undefined = process.argv[1],
): Promise<PlanResult> {
  if (!x.clientOptions || !entry)
    return { ok: false, lines: ['not sent: this console cannot start the revert guard'] };
  const what = [plan.title, ...plan.steps.map((s) => s.describe().join(' '))].join(': ');
  let armed: Awaited<ReturnType<typeof arm>>;
  try {
    armed = await arm({
      client: x.client,
      options: x.clientOptions,
      what,
      afterMs,
      plan: plan.revert ?? { kind: 'savepoint', of: 'rules' },
      entry,
    });
  } catch (e) {
    return { ok: false, lines: [`not sent: ${sanitize((e as Error).message)}`] };
  }
  const result = await executePlan(x, plan);
  // Sent or partly sent: the revert restores the state before the plan either way.
  const started = armed.started();
  const at = new Date(started?.expiresAt ?? Date.now() + afterMs).toISOString().slice(11, 19);
  return {
    ...result,
    lines: [
      ...result.lines,
      `auto-revert ${armed.id}: reverts at ${at} UTC unless confirmed (C, or pbc confirm ${armed.id})`,
    ],
  };
}

/** `C`: keeps every change waiting for its auto-revert on `url`; the line for the status bar. */
export async function confirmAllOn(client: Client, url: string): Promise<string> {
  const waiting = pendingOn(url).filter((r) => r.state === 'pending');
  if (waiting.length === 0) return 'no change on this device waits for an auto-revert';
  const kept: string[] = [];
  const problems: string[] = [];
  for (const r of waiting) {
    try {
      const { cleanupFailed } = await confirmRevert(client, r.id);
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
