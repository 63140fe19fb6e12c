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
  createSavePointRequest,
  deleteSavePointRequest,
  type SavePointKind,
  sendRequest,
} from '../../api/index.js';

export type RevertPlan =
  | { kind: 'savepoint'; of: SavePointKind }
  | { kind: 'requests'; capture: (client: Client) => Promise<ApiRequest[]> }
  | { kind: 'several'; parts: Exclude<RevertPlan, { kind: 'none' }>[] }
  | { kind: 'none'; why: string };

export interface Recipe {
  revert: ApiRequest[];
  cleanup: ApiRequest[];
  savepoint?: { kind: SavePointKind; name: string };
}

export const revertSavepointName = (id: string) => `pbc-revert-${id}`;

/** Takes what reverting needs (sends the save-point's POST for a save-point plan). */
export async function takeRecipe(
  client: Client,
  plan: Exclude<RevertPlan, { kind: 'none' }>,
  id: string,
  what: string,
): Promise<Recipe> {
  if (plan.kind === 'requests') return { revert: await plan.capture(client), cleanup: [] };
  if (plan.kind === 'several') {
    const all: Recipe = { revert: [], cleanup: [] };
    for (const part of plan.parts) {
      const r = await takeRecipe(client, part, id, what);
      all.revert.push(...r.revert);
      all.cleanup.push(...r.cleanup);
      if (r.savepoint && !all.savepoint) all.savepoint = r.savepoint;
    }
    return all;
  }
  const name = revertSavepointName(id);
  const description = `pbc auto-revert ${id}: the state before ${what}`.slice(0, 1000);
  await sendRequest(client.transport, createSavePointRequest(plan.of, name, description));
  const remove = deleteSavePointRequest(plan.of, name);
  return {
    revert: [activateSavePointRequest(plan.of, name), remove],
    cleanup: [remove],
    savepoint: { kind: plan.of, name },
  };
}
