/**
 * The confirm → send → result cycle of a change, shared by the Rules and Groups screens.
 * State is kept in a ref as well as in React state, so keys that arrive faster than
 * renders (a paste, tmux send-keys) each see the previous key's result.
 */
import { GUARDED_NOTE, sendWithRevert } from '../guard/console.js';
import type { Rule } from '../model/index.js';
import { ConflictError } from '../ops/conflict.js';
import { executePlan, type Plan, type PlanResult } from '../ops/index.js';
import { entriesOf, journalOf } from '../ops/journal.js';
import { planSeenThrough, seenRules } from '../ops/plan-base.js';
import { planNoRevert, RULES } from '../ops/revert/plans.js';
import { shownClient } from '../ops/shown-client.js';
import { undoableSince } from '../ops/undo.js';
import { useConsole } from '../store/react.js';
import { useLive } from '../widgets/use-live.js';
import { ChangeDialog, type ConfirmState, confirmKey, newConfirm, type Phase } from './confirm.js';
import { CONFLICT_NOTE, RELOADED_NOTE, refusedLines } from './conflict-view.js';
import { useAsk } from './dialogs/use-ask.js';
import { UNSEEN } from './key-clock.js';

export interface ChangeOptions {
  /** Initial state of the "save a rule save-point first" box; null: no box. */
  saveFirst?: boolean | null;
  /** Builds the plan again when the box is toggled. */
  rebuild?: (saveFirst: boolean) => Plan;
  impact?: readonly string[];
  /** After the result is dismissed. */
  onClose?: (result: PlanResult | undefined) => void;
  /** When the operator went back without sending. */
  onCancel?: (saveFirst: boolean | null) => void;
  /** The rules the operator saw (an editor's, as opened): the base of the plan's rule writes. */
  seen?: readonly Rule[];
  /** `r` on a conflict: take the device's objects as the new base, keeping the edit. */
  onReload?: () => void;
}

interface Open {
  plan: Plan;
  confirm: ConfirmState;
  phase: Phase;
  result?: PlanResult;
  options: ChangeOptions;
  /**
   * Which opening this is (its record in the console's state, store/confirmation.ts): a
   * confirming key must be read after it was drawn.
   */
  id: number;
  /** Why `R`'s revert would be incomplete for this account (its level), once checked. */
  incomplete?: string;
  /** The plan with each write's base (what the operator saw), taken when it opened. */
  based: Promise<Plan>;
  /** The send was refused: the device moved since the base (the three-way view is shown). */
  conflict?: boolean;
}

/**
 * The status line after a change the device accepted: `Add rule: done · the device uses 14
 * TCAM flows for it, as previewed`, or `Replace rule: done (2 requests accepted)`. Short
 * enough for 80 columns.
 */
export function doneLine(title: string, result: PlanResult): string {
  const n = result.lines.length;
  if (result.verdict) return `${title}: done · ${result.verdict}`;
  return `${title}: done (${n} ${n === 1 ? 'request' : 'requests'} accepted)`;
}

export function useChange(refused: string | null, notify: (m: string) => void) {
  const consoleValue = useConsole();
  const { client, store, poller } = consoleValue;
  const [, set, ref] = useLive<Open | null>(null);
  // the token changes when the line of an incomplete revert joins it: keys must follow that too
  const token = (o: Open) => `${o.id}:${o.incomplete ?? ''}`;
  // the one confirmation hook: records the question, its keys, its answer
  const asked = useAsk(() => (ref.current?.phase === 'confirm' ? token(ref.current) : null));

  /** Whether this account may send every step of `R`'s revert of the confirmation `id`. */
  const checkRevert = (plan: Plan, id: number) =>
    asked.checkRevert(plan.revert ?? RULES, (why) => {
      const o = ref.current;
      if (o?.id === id && o.phase === 'confirm') set({ ...o, incomplete: why });
    });
  const opened = (o: Omit<Open, 'based'>) => {
    const seen = o.options.seen
      ? seenRules(shownClient(client, store), o.options.seen)
      : shownClient(client, store);
    const based = planSeenThrough(o.plan, seen);
    based.catch(() => undefined); // a failed read shows when it is sent
    set({ ...o, based });
    if (planNoRevert(o.plan) === undefined) checkRevert(o.plan, o.id);
  };
  const open = (plan: Plan, options: ChangeOptions = {}) =>
    opened({
      plan,
      confirm: newConfirm(options.saveFirst ?? null),
      phase: 'confirm',
      options,
      id: asked.show(plan.title, plan.steps),
    });

  // this console's journal of the device: after a success, whether `u` undoes it
  const journaled = () => {
    const journal = journalOf(client);
    return journal ? entriesOf(journal.file, { device: consoleValue.session.url }) : [];
  };

  const send = (o: Open, revertMs?: number, guard?: true) => {
    set({ ...o, phase: 'sending' });
    const before = new Set(journaled().map((e) => e.id));
    // the executor sends, then has the poller refresh what the change affects
    const sent = o.based.then(async (plan) => {
      if (revertMs === undefined) return executePlan({ client, store, poller }, plan);
      // arming checks the bases first: a conflict sends nothing at all, not even the save-point
      return sendWithRevert(consoleValue, plan, revertMs, undefined, o.incomplete, guard);
    });
    sent.then(
      (result) => {
        if (result.ok) {
          // a success reports in the status line: no box that needs another Enter
          set(null);
          o.options.onClose?.(result);
          // `u undo` where the change has an inverse (an undo itself is not offered again)
          const undo = o.plan.undoOf === undefined && undoableSince(journaled(), before);
          notify(
            `${doneLine(o.plan.title, result)}${undo ? ' · u undo' : ''}${revertMs === undefined ? '' : guard ? GUARDED_NOTE : ' — reverts by itself unless confirmed (C)'}`,
          );
          return;
        }
        // a failure stays in a box, with what each request did
        notify(`${o.plan.title}: failed — nothing more was sent`);
        if (ref.current) set({ ...ref.current, phase: 'done', result });
      },
      (e: unknown) => {
        if (!ref.current) return;
        const conflict = e instanceof ConflictError && e.reason === 'base';
        const lines = refusedLines(e, Boolean(o.options.onReload));
        set({ ...ref.current, phase: 'done', result: { ok: false, lines }, conflict });
        if (conflict) notify(`${o.plan.title}: ${CONFLICT_NOTE}`);
      },
    );
  };

  /** Keys while a change is open; always consumed. */
  const key = (k: string): boolean => {
    const o = ref.current;
    if (!o) return false;
    if (o.phase === 'sending') return true;
    if (o.phase === 'done') {
      if (o.conflict && k === 'r' && o.options.onReload) {
        set(null);
        o.options.onReload();
        notify(RELOADED_NOTE);
      } else if (k === 'enter' || k === 'escape') {
        set(null);
        o.options.onClose?.(o.result);
      }
      return true;
    }
    const { state, event, revertMs, guard } = confirmKey(
      o.confirm,
      k,
      o.plan.confirmWord,
      refused === null,
      planNoRevert(o.plan) === undefined,
      asked.command(k),
    );
    if (event === 'cancel') {
      asked.answer(false);
      set(null);
      o.options.onCancel?.(o.confirm.saveFirst);
      notify('nothing was sent');
    } else if (event === 'toggleSave' && o.options.rebuild && state.saveFirst !== null) {
      // another plan is another confirmation: what confirms it is read after it is drawn
      const plan = o.options.rebuild(state.saveFirst);
      asked.answer(false);
      const { incomplete: _, based: _b, ...rest } = o;
      opened({ ...rest, confirm: state, plan, id: asked.show(plan.title, plan.steps) });
    } else if (event === 'confirm' || event === 'confirmRevert') {
      // keys read together with the one that opened it (typed ahead, a paste) never confirm
      if (asked.seen(token(o))) {
        asked.answer(true);
        if (event === 'confirmRevert') send({ ...o, confirm: state }, revertMs, guard);
        else send({ ...o, confirm: state });
      } else notify(UNSEEN);
    } else set({ ...o, confirm: state });
    return true;
  };

  const view = (width: number, height: number) => {
    const o = ref.current;
    if (!o) return null;
    return (
      <ChangeDialog
        plan={o.plan}
        state={o.confirm}
        phase={o.phase}
        result={o.result}
        refused={refused}
        revertable={planNoRevert(o.plan) === undefined}
        noRevert={planNoRevert(o.plan)}
        incomplete={o.incomplete}
        {...(o.options.impact ? { impact: o.options.impact } : {})}
        width={width}
        height={height}
      />
    );
  };

  /** Runs `run` when this session may write; otherwise says why `what` cannot be done. */
  const write = (what: string, run: () => void) =>
    refused ? notify(`${what}: ${refused}`) : run();

  return {
    /** Read at key time (not render time), so a key right after `open` sees it. */
    get isOpen() {
      return ref.current !== null;
    },
    open,
    key,
    view,
    write,
  };
}
