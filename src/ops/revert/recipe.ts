/**
 * What pbc needs to revert a change, taken before the change is sent:
 * - rules and groups (and anything that replaces them, such as activating a rule
 *   save-point): a rule save-point `pbc-revert-<id>`; reverting activates it and deletes it;
 *   a confirmation deletes it;
 * - port settings: a port save-point `pbc-revert-<id>`, the same way;
 * - other writes: the requests that set back what the change touches, computed from the
 *   before state by the command (`requests`);
 * - several at once (`pbc apply` of a configuration file: a rule save-point for the rules
 *   and groups plus the before state of ports, group hash and boot save-point): `several`,
 *   whose parts are taken in order and reverted in order — the before-state requests first
 *   (ports: the rules may depend on them), the one save-point last (a part that fails then
 *   leaves no save-point behind);
 * - kinds with no inverse (reboot, log clear, a password change, …): refused with the reason.
 */

import type { ApiRequest, Client, SavePointKind } from '../../api/index.js';
import { run } from '../execute.js';
import { type Operation, type RecordedWrite, recorded } from '../operation.js';
import type { RevertPlan } from '../revert-plan.js';
import { savepointOps } from '../savepoints.js';

export type { RevertPlan } from '../revert-plan.js';

/** What the pending file keeps: each write with its operation's kind (never a bare request). */
export interface Recipe {
  revert: RecordedWrite[];
  cleanup: RecordedWrite[];
  savepoint?: { kind: SavePointKind; name: string };
}

export const revertSavepointName = (id: string) => `pbc-revert-${id}`;

type Part = Exclude<RevertPlan, { kind: 'none' | 'several' }>;

function flatten(plan: Exclude<RevertPlan, { kind: 'none' }>): Part[] {
  return plan.kind === 'several' ? plan.parts.flatMap(flatten) : [plan];
}

/**
 * What the revert of `plan` would send, read now (reads only, nothing sent): its before-state
 * requests and the kinds of save-point it would take and activate.
 */
export async function revertSteps(
  client: Client,
  plan: Exclude<RevertPlan, { kind: 'none' }>,
): Promise<{ ops: Operation[]; kinds: SavePointKind[] }> {
  const parts = flatten(plan);
  const ops: Operation[] = [];
  for (const part of parts) if (part.kind === 'requests') ops.push(...(await part.capture(client)));
  return { ops, kinds: parts.flatMap((p) => (p.kind === 'savepoint' ? [p.of] : [])) };
}

/**
 * Takes what reverting needs: first the before-state requests (reads only), then
 * `check(requests, save-point kinds)` — which may refuse, nothing sent yet — then the
 * save-points (their POST).
 */
export async function takeRecipe(
  client: Client,
  plan: Exclude<RevertPlan, { kind: 'none' }>,
  id: string,
  what: string,
  check?: (revert: ApiRequest[], savepoints: SavePointKind[]) => Promise<void>,
): Promise<Recipe> {
  const { ops, kinds } = await revertSteps(client, plan);
  const all: Recipe = { revert: ops.map(recorded), cleanup: [] };
  await check?.(
    ops.map((op) => op.request),
    kinds,
  );
  for (const kind of kinds) {
    const name = revertSavepointName(id);
    const description = `pbc auto-revert ${id}: the state before ${what}`.slice(0, 1000);
    await run({ client }, (send) => send(savepointOps.create(kind, name, description)));
    const remove = recorded(savepointOps.remove(kind, name));
    all.revert.push(recorded(savepointOps.activate(kind, name)), remove);
    all.cleanup.push(remove);
    all.savepoint ??= { kind, name };
  }
  return all;
}
