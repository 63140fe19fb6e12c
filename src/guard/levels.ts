/**
 * Whether the account a change is sent with may also send its revert: each revert request's
 * minimum level (the spec's Endpoints tables: WRITE for rules, groups, rule save-points,
 * port settings and the group hash; SUPER for the boot save-point, port save-points, device
 * identity and services, users and UAC), checked against the account's level when the
 * revert is armed — so a revert the account cannot complete is known before anything is
 * sent, never discovered at expiry.
 */
import type { ApiRequest, Client, SavePointKind } from '../api/index.js';
import { levelName, SUPER, WRITE } from '../model/index.js';
import { type RevertPlan, revertSteps } from '../ops/revert/recipe.js';

const SUPER_PATHS = [
  '/savepoints/defaultrulesavepoint',
  '/savepoints/activeportsavepoint',
  '/savepoints/portsavepoint',
  '/savepoints/modportsavepoint',
  '/device/customident',
  '/device/ipconfig',
  '/device/name',
  '/device/nameresolution',
  '/device/permanentrulesmode',
  '/device/reboot',
  '/device/rulestoragemode',
  '/device/controller',
  '/device/telnet',
  '/device/https',
  '/users',
  '/users/radius',
  '/users/uac',
  '/weblog',
];

/** The minimum level of a write request. */
export const levelOf = (r: ApiRequest): number => (SUPER_PATHS.includes(r.path) ? SUPER : WRITE);

/** The level the account acts with: SUPER while UAC is off; null when it cannot be told (RADIUS). */
export async function accountLevel(c: Client, user: string | undefined): Promise<number | null> {
  if (!(await c.users.uac())) return SUPER;
  if (!user) return null;
  return (await c.users.list()).find((u) => u.username === user)?.accesslevel ?? null;
}

/** What a request sets back, for the operator. */
function what(r: ApiRequest): string {
  if (r.path === '/savepoints/defaultrulesavepoint') return 'setting the boot save-point back';
  if (r.path === '/savepoints/activeportsavepoint') return 'activating the port save-point';
  if (r.path === '/savepoints/portsavepoint') return 'deleting the port save-point';
  return 'setting it back';
}

/**
 * Why the revert would be incomplete for an account of `level` (`user`): one reason per
 * request it may not send; empty when it may send them all (or its level is unknown).
 */
export function revertGaps(
  requests: readonly ApiRequest[],
  savepoints: readonly SavePointKind[],
  level: number | null,
  user: string | undefined,
): string[] {
  if (level === null) return [];
  const who = user ? `'${user}' has ${levelName(level)}` : `this account has ${levelName(level)}`;
  const all = [
    ...requests,
    ...savepoints.map((k) => ({
      method: 'PUT' as const,
      path: k === 'ports' ? '/savepoints/activeportsavepoint' : '/savepoints/activerulesavepoint',
    })),
  ];
  const out = new Set<string>();
  for (const r of all)
    if (levelOf(r) > level)
      out.add(`${what(r)} (${r.method} ${r.path}) needs ${levelName(levelOf(r))}; ${who}`);
  return [...out];
}

/**
 * The same check before arming, for a confirmation that offers `R`: why the revert of `plan`
 * would be incomplete for the account `user` of `c` (reads only), joined as arming states it
 * (`arm`'s `incomplete(why)`); empty when complete, unknown, or it cannot be read now.
 */
export async function revertGapsOf(
  c: Client,
  plan: RevertPlan,
  user: string | undefined,
): Promise<string> {
  if (plan.kind === 'none') return '';
  try {
    const level = await accountLevel(c, user);
    if (level === null) return '';
    const { ops, kinds } = await revertSteps(c, plan);
    return revertGaps(
      ops.map((op) => op.request),
      kinds,
      level,
      user,
    ).join('; ');
  } catch {
    return '';
  }
}

/** The confirmation's line above `R` when the revert would be incomplete. */
export const incompleteRevertLine = (why: string): string =>
  `R: the revert would be incomplete — ${why}; R arms it anyway, undoing only the rest`;
