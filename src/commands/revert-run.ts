/**
 * `--revert-after` for one CLI write: the duration parsed before anything is read; the
 * recipe read from the operations the command is about to send (src/ops/revert/plans.ts: a
 * change without an inverse is exit 2, refused before it is asked), armed once confirmed and
 * before the first request goes out (save-point or before state taken, guard started), and
 * settled when the handler ends: started when the change went out, withdrawn when it surely
 * did not.
 */
import type { Client, ClientOptions } from '../api/index.js';
import { type Armed, type ArmOptions, arm, maybeSent, refusal } from '../guard/arm.js';
import { type GuardFlags, type HealthSpec, healthSpec } from '../guard/health-spec.js';
import { formatDuration, parseDuration } from '../model/duration.js';
import { UsageError } from '../model/errors.js';
import { changeRevert } from '../ops/revert/plans.js';
import type { RevertPlan } from '../ops/revert/recipe.js';
import type { Change } from './change.js';
import { confirm, interactive } from './prompt.js';

export interface RevertSpec {
  afterMs: number;
  /** The command's path ("device reboot"), for the refusal. */
  path: string;
  /** The command as given, for the pending list. */
  what: string;
  /** --accept-partial-revert: an incomplete revert is accepted without asking. */
  acceptPartial?: boolean;
  /** `--guard`: the traffic is watched too; without --revert-after, kept at the window's end. */
  health?: { spec: HealthSpec; keepAtEnd: boolean };
}

/** The spec of `--revert-after` (or undefined without it); UsageError when it cannot be. */
export function revertSpec(
  what: string,
  opts: { revertAfter?: string; acceptPartialRevert?: boolean } & GuardFlags &
    Record<string, unknown>,
  args: unknown[],
): RevertSpec | undefined {
  const health = healthSpec(opts);
  if (opts.revertAfter === undefined && !health) return undefined;
  const afterMs =
    opts.revertAfter === undefined ? (health?.forMs ?? 0) : parseDuration(opts.revertAfter);
  return {
    afterMs,
    path: what,
    what: describe(what, opts, args),
    acceptPartial: opts.acceptPartialRevert === true,
    ...(health ? { health: { spec: health, keepAtEnd: opts.revertAfter === undefined } } : {}),
  };
}

const OWN_FLAGS = new Set([
  'revertAfter',
  'acceptPartialRevert',
  'guard',
  'guardFor',
  'guardDropFloor',
  'guardTxFall',
]);

/** `rules add --priority 100 --match in_port=1 --actions output:2`, secrets left out. */
function describe(what: string, opts: Record<string, unknown>, args: unknown[]): string {
  const words = [what, ...args.flat().map(String)];
  for (const [k, v] of Object.entries(opts)) {
    if (OWN_FLAGS.has(k)) continue;
    if (/password|secret/i.test(k) || v === undefined) continue;
    const flag = `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    for (const one of Array.isArray(v) ? v : [v])
      words.push(one === true ? flag : one === false ? `--no-${flag.slice(2)}` : `${flag} ${one}`);
  }
  return words.join(' ');
}

/** How `change` is reverted, from its operations; UsageError when it cannot be (nothing sent). */
export function revertOf(spec: RevertSpec, change: Change): RevertPlan {
  const plan = changeRevert(change);
  const why = refusal(spec.path, plan);
  if (why)
    throw new UsageError(spec.health?.keepAtEnd ? why.replace('--revert-after', '--guard') : why);
  return plan;
}

export function armCli(
  spec: RevertSpec,
  plan: RevertPlan,
  client: Client,
  options: ClientOptions,
  change?: ArmOptions['change'],
): Promise<Armed> {
  const entry = process.argv[1];
  if (!entry) throw new UsageError('--revert-after: cannot tell where pbc runs from');
  return arm({
    client,
    options,
    what: spec.what,
    afterMs: spec.afterMs,
    plan,
    entry,
    incomplete: (why) => acceptIncomplete(spec, why),
    ...(spec.health ? { health: spec.health } : {}),
    ...(change ? { change } : {}),
  });
}

/**
 * A revert the account could not complete: accepted with --accept-partial-revert, asked on
 * a terminal, refused elsewhere (exit 2, nothing sent — --yes does not accept it).
 */
async function acceptIncomplete(spec: RevertSpec, why: string): Promise<boolean> {
  if (spec.acceptPartial) return true;
  if (!interactive()) return false;
  await confirm(
    `Warning: the auto-revert would be incomplete: ${why}.\nSend it all the same (that part is not reverted at expiry)?`,
    'send a change whose auto-revert would be incomplete',
    false,
  );
  return true;
}

/** After the handler: starts the timer, or withdraws it; the line for stderr. */
export async function settle(armed: Armed, spec: RevertSpec, err: unknown): Promise<string> {
  if (err !== undefined && !maybeSent(err)) {
    await armed.withdraw();
    return `auto-revert ${armed.id} withdrawn: the change was not made`;
  }
  const entry = await armed.started();
  const at = new Date(entry?.expiresAt ?? Date.now() + spec.afterMs).toISOString().slice(11, 19);
  const maybe = err !== undefined ? 'the change may have reached the device: ' : '';
  if (spec.health) return maybe + guardedLine(armed.id, spec.health, at);
  return `${maybe}auto-revert ${armed.id} in ${formatDuration(spec.afterMs)} (at ${at} UTC) unless confirmed: pbc confirm ${armed.id}`;
}

/** `guarded change, auto-revert 3fa2c1: watching drops, oversub, quiet for 5m …`. */
function guardedLine(id: string, h: NonNullable<RevertSpec['health']>, at: string): string {
  const watch = `watching ${h.spec.kinds.join(', ')} for ${formatDuration(h.spec.forMs)}`;
  const end = h.keepAtEnd
    ? `kept at ${at} UTC unless a guard trips`
    : `reverts at ${at} UTC unless confirmed`;
  return `guarded change, auto-revert ${id}: ${watch}; reverts at once if a guard trips, ${end} (pbc confirm ${id} keeps it now and ends the watch)`;
}
