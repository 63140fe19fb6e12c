/**
 * `R` in a dialog's confirmation (ports, save-points, users, device…): the same keys as the
 * Rules and Groups confirmations (`confirmKey`, ../confirm.tsx) and the same arming
 * (`withRevert`, src/ops/revert/console.ts) — the save-point or the before state taken, the
 * guard started, then the change sent and the timer started.
 */
import { useCallback, useRef } from 'react';
import { GUARDED_NOTE, REVERTS_UNLESS_CONFIRMED, withRevert } from '../../guard/console.js';
import { revertGapsOf } from '../../guard/levels.js';
import type { Operation } from '../../ops/operation.js';
import type { RevertPlan } from '../../ops/revert/recipe.js';
import { useConsoleIfAny } from '../../store/react.js';
import { GUARD_COMMAND, REVERT_COMMAND } from '../../widgets/confirm-keys.js';
import { confirmKey, newConfirm } from '../confirm.js';
import type { Dialog, RevertOffer, RunResult } from './dialog.js';

type ConfirmDialog = Extract<Dialog, { kind: 'confirm' }>;

/** What `R` chose: the change and its revert time. */
export interface ArmNext {
  offer: RevertOffer;
  ms: number;
  /** Why the revert would be incomplete, as the confirmation showed it ('' for complete). */
  accepted: string;
  /** `G`: a guarded change. */
  guard?: true;
  /** The writes the confirmation showed: their bases are checked before anything is sent. */
  ops?: readonly Operation[];
}

/**
 * `R` and the keys after it (the time, Enter, Esc): the dialog as it is next, and `revertMs`
 * once Enter sends. Undefined for any other key, and for a change with no auto-revert.
 */
export function revertKey(
  d: ConfirmDialog,
  key: string,
  /** The key's command in the keymap's dialog layer (`confirm.revert` for `R`, `confirm.guard` for `G`). */
  command: string | undefined,
): { dialog: ConfirmDialog; revertMs?: number; guard?: true } | undefined {
  if (!d.revert || d.revert.plan.kind === 'none') return undefined;
  if (!d.revertTime && command !== REVERT_COMMAND && command !== GUARD_COMMAND) return undefined;
  const from = { ...newConfirm(null), ...(d.revertTime ? { revert: d.revertTime } : {}) };
  const { state, event, revertMs, guard } = confirmKey(from, key, '', true, true, command);
  if (event === 'confirmRevert' && revertMs !== undefined)
    return { dialog: d, revertMs, ...(guard ? { guard } : {}) };
  const { revertTime: _, ...rest } = d;
  return { dialog: state.revert ? { ...rest, revertTime: state.revert } : rest };
}

/** Runs a dialog's work with the auto-revert `R` chose armed around it. */
export function useRevertRun() {
  const value = useConsoleIfAny();
  const current = useRef(value);
  current.current = value;
  return useCallback(async (next: ArmNext, work: () => Promise<RunResult>): Promise<RunResult> => {
    const x = current.current;
    if (!x) throw new Error('not sent: this console cannot start the revert guard');
    // arming checks the bases first: a conflict sends nothing at all, not even the save-point
    const { value: result } = await withRevert(x, next.offer.what, next.offer.plan, next.ms, work, {
      accepted: next.accepted,
      guard: next.guard,
      ...(next.ops ? { ops: next.ops } : {}),
    });
    const r = typeof result === 'string' ? { message: result } : (result ?? {});
    const note = next.guard ? GUARDED_NOTE : REVERTS_UNLESS_CONFIRMED;
    return { ...r, message: `${r.message ?? 'sent'}${note}` };
  }, []);
}

/**
 * Checks, while a confirmation is open, whether the logged-in account may send every step of
 * its `R` revert (src/ops/revert/levels.ts, the check arming makes); `shown(why)` with the
 * reason when it may not.
 */
export function useRevertGaps() {
  const value = useConsoleIfAny();
  const current = useRef(value);
  current.current = value;
  return useCallback((plan: RevertPlan, shown: (why: string) => void) => {
    const x = current.current;
    if (!x || plan.kind === 'none') return;
    void revertGapsOf(x.client, plan, x.clientOptions?.user).then((why) => {
      if (why) shown(why);
    });
  }, []);
}
