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

import {
  type ApiRequest,
  activateSavePointRequest,
  type Client,
  deleteSavePointRequest,
  type SavePointKind,
} from '../../api/index.js';
import { run } from '../execute.js';
import type { RevertPlan } from '../revert-plan.js';
import { savepointOps } from '../savepoints.js';

export type { RevertPlan } from '../revert-plan.js';

export interface Recipe {
  revert: ApiRequest[];
  cleanup: ApiRequest[];
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
): Promise<{ requests: ApiRequest[]; kinds: SavePointKind[] }> {
  const parts = flatten(plan);
  const requests: ApiRequest[] = [];
  for (const part of parts)
    if (part.kind === 'requests') requests.push(...(await part.capture(client)));
  return { requests, kinds: parts.flatMap((p) => (p.kind === 'savepoint' ? [p.of] : [])) };
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
  const { requests, kinds } = await revertSteps(client, plan);
  const all: Recipe = { revert: requests, cleanup: [] };
  await check?.(all.revert, kinds);
  for (const kind of kinds) {
    const name = revertSavepointName(id);
    const description = `pbc auto-revert ${id}: the state before ${what}`.slice(0, 1000);
    await run({ client }, (send) => send(savepointOps.create(kind, name, description)));
    const remove = deleteSavePointRequest(kind, name);
    all.revert.push(activateSavePointRequest(kind, name), remove);
    all.cleanup.push(remove);
    all.savepoint ??= { kind, name };
  }
  return all;
}
