/**
 * A screen's dialog: what is open, its keys, and `run` for a request with a busy note and
 * a failure view. The open dialog lives in a ref as well as in state, so keys that arrive
 * faster than React renders (fast typing, a paste) all see the latest form.
 */
import { useCallback, useRef } from 'react';
import { ConflictError } from '../../ops/conflict.js';
import { noteSeen } from '../../ops/seen-at-ask.js';
import { shownClient } from '../../ops/shown-client.js';
import { useConsoleIfAny } from '../../store/react.js';
import {
  createForm,
  type FieldSpec,
  formKey,
  submittedValues,
  withError,
} from '../../widgets/forms/form-state.js';
import { NAV_KEYS } from '../../widgets/list-state.js';
import { useLive } from '../../widgets/use-live.js';
import { UNSEEN } from '../key-clock.js';
import {
  type Ask,
  askDialog,
  conflictView,
  type Dialog,
  failureLines,
  type Line,
  lineText,
  type RunResult,
} from './dialog.js';
import { revertOf } from './sends.js';
import { useAsk } from './use-ask.js';
import { type ArmNext, revertKey, useRevertRun } from './use-revert.js';

type FormDialog = Extract<Dialog, { kind: 'form' }>;
type ConfirmDialog = Extract<Dialog, { kind: 'confirm' }>;

/** A confirmation as it opens: `R` is the revert of what it sends unless it says otherwise. */
function withOffer(d: ConfirmDialog): ConfirmDialog {
  if (d.revert || d.ops.length === 0) return d;
  return { ...d, revert: revertOf(...d.ops) };
}

export type { RunResult } from './dialog.js';

export interface DialogControl {
  /** The dialog open as of this render. */
  dialog: Dialog | null;
  /** Whether a dialog is open now (read at key time, ahead of React's render). */
  readonly isOpen: boolean;
  scroll: number;
  open(d: Dialog): void;
  close(): void;
  /** Opens a form dialog. */
  form(
    title: string,
    fields: FieldSpec[],
    onSubmit: Extract<Dialog, { kind: 'form' }>['onSubmit'],
    lines?: Line[],
  ): void;
  /**
   * The one confirmation of a write: shows what it does and what it sends (each operation's
   * describe()), `y` runs `yes`, `R` the same with auto-revert where the operations can be reverted.
   */
  ask(question: Ask): void;
  /** Shows a busy note, runs `work`, then notifies its message or opens its next dialog; failures open a view. */
  run(title: string, work: () => Promise<RunResult>, failureNotes?: Line[]): Promise<void>;
  /** The view tells how far its lines can scroll (set while drawing). */
  maxScroll: { current: number };
  /** Routes a key to the open dialog; false when none is open. `page` = visible lines. */
  handleKey(key: string, page: number): boolean;
}

export function useDialog(notify: (message: string) => void): DialogControl {
  const [, setDialog, ref] = useLive<Dialog | null>(null);
  const [, setScroll, scrollRef] = useLive(0);
  const maxScroll = useRef(1_000_000);
  // the one confirmation hook: records the question, its keys, its answer
  const asked = useAsk(() => (ref.current?.kind === 'confirm' ? ref.current : null));
  /**
   * The form whose Apply led to the open confirmation or the request now running: when the
   * device refuses, the form comes back as it was typed, with the device's error at the field.
   */
  const origin = useRef<FormDialog | null>(null);
  /** `R` chose: the next `run` (the choice's) is sent with this auto-revert. */
  const armNext = useRef<ArmNext | null>(null);
  const withRevert = useRevertRun();
  const consoleValue = useConsoleIfAny();

  const open = useCallback(
    (next: Dialog) => {
      const d = next.kind === 'confirm' ? withOffer(next) : next;
      if (d.kind !== 'confirm') asked.drop();
      const opened = d.kind === 'confirm' ? asked.show(d.title, d.ops) : null;
      setDialog(d);
      setScroll(0);
      // what the operator is shown now is the base its writes are checked against (issue 31)
      if (d.kind === 'confirm' && consoleValue)
        noteSeen(d.ops, shownClient(consoleValue.client, consoleValue.store));
      if (d.kind === 'confirm' && d.revert && opened !== null)
        asked.checkRevert(d.revert.plan, (why) => {
          // still this confirmation (R's time may be open): the line joins it
          if (asked.open !== opened || ref.current?.kind !== 'confirm') return;
          setDialog({ ...ref.current, incomplete: why });
        });
    },
    [setDialog, setScroll, ref, asked, consoleValue],
  );
  const close = useCallback(() => {
    const was = ref.current;
    asked.drop();
    setDialog(null);
    if (was?.kind === 'view') was.onClose?.();
  }, [setDialog, ref, asked]);

  const form: DialogControl['form'] = useCallback(
    (title, fields, onSubmit, lines) =>
      open({
        kind: 'form',
        title,
        form: createForm(fields),
        onSubmit,
        ...(lines ? { lines } : {}),
      }),
    [open],
  );

  const ask: DialogControl['ask'] = useCallback((q) => open(askDialog(q)), [open]);

  const run: DialogControl['run'] = useCallback(
    async (title, work, failureNotes = []) => {
      const from = origin.current;
      origin.current = null;
      const revert = armNext.current;
      armNext.current = null;
      open({ kind: 'busy', title: `${title}…` });
      try {
        const result = revert ? await withRevert(revert, work) : await work();
        const r = typeof result === 'string' ? { message: result } : (result ?? {});
        // the work may have opened a dialog of its own (a countdown, a follow-up question)
        if (r.next) open(r.next);
        else if (ref.current?.kind === 'busy') close();
        if (r.message) notify(r.message);
      } catch (e) {
        // a run with notes may have changed something before failing (UAC on, then the login
        // refused): its failure view explains what; the form again would hide it
        if (from && e instanceof ConflictError && e.reason === 'base') {
          // base / theirs / yours, then the form again as typed (never lose typed work)
          open(conflictView(title, e, () => open(from)));
          notify(`${title}: not sent — the device changed since the form was opened`);
          return;
        }
        if (from && failureNotes.length === 0 && ref.current?.kind === 'busy') {
          // never lose typed work: the form again, as typed, the device's words at the field
          const message = failureLines(e)[0]!;
          const text = lineText(message);
          open({
            ...from,
            form: withError(from.form, /^refused\b/.test(text) ? text : `refused: ${text}`),
          });
          notify(`${title} failed: the form is open again with what was typed`);
          return;
        }
        open({ kind: 'view', title: `${title} — failed`, lines: failureLines(e, failureNotes) });
        notify(`${title} failed`);
      }
    },
    [open, close, notify, withRevert, ref],
  );

  const scrollBy = useCallback(
    (key: string, page: number) => {
      const move = NAV_KEYS[key];
      const step =
        move === 'up'
          ? -1
          : move === 'down'
            ? 1
            : move === 'pageUp'
              ? -page
              : move === 'pageDown'
                ? page
                : move === 'home'
                  ? -Number.MAX_SAFE_INTEGER
                  : Number.MAX_SAFE_INTEGER;
      const next = Math.max(0, Math.min(scrollRef.current + step, maxScroll.current));
      setScroll(next);
    },
    [setScroll, scrollRef],
  );

  const handleKey = useCallback(
    (key: string, page: number): boolean => {
      const d = ref.current;
      if (!d) return false;
      switch (d.kind) {
        case 'busy':
          if (key === 'escape' && d.onCancel) d.onCancel();
          return true;
        case 'form': {
          const { state, outcome } = formKey(d.form, key);
          if (outcome === 'cancel') {
            close();
            notify(`${d.title}: cancelled, nothing was changed`);
            return true;
          }
          if (outcome === 'submit') {
            origin.current = { ...d, form: state };
            const message = d.onSubmit(submittedValues(state));
            // kept only while its confirmation is open (a run started from it took it already)
            if (ref.current?.kind !== 'confirm') origin.current = null;
            if (typeof message === 'string' && message !== '' && ref.current === d) {
              setDialog({ ...d, form: withError(state, message) });
            } else if (ref.current === d) close();
            return true;
          }
          setDialog({ ...d, form: state });
          return true;
        }
        case 'confirm': {
          // R, then the revert time: Enter sends the first choice with auto-revert
          const r = revertKey(d, key, asked.command(key));
          if (r && r.revertMs === undefined) {
            setDialog(r.dialog);
            return true;
          }
          if (!r && NAV_KEYS[key] !== undefined) {
            scrollBy(key, page);
            return true;
          }
          const choice = r ? d.choices[0] : d.choices.find((c) => c.key === key);
          // keys read together with the one that opened it (typed ahead, a paste) never choose
          if (choice && !asked.seen(d)) {
            notify(UNSEEN);
            return true;
          }
          const from = origin.current;
          origin.current = null;
          asked.answer(choice !== undefined);
          close();
          if (choice) {
            origin.current = from;
            armNext.current =
              r?.revertMs !== undefined && d.revert
                ? {
                    offer: d.revert,
                    ops: d.ops,
                    ms: r.revertMs,
                    accepted: d.incomplete ?? '',
                    ...(r.guard ? { guard: r.guard } : {}),
                  }
                : null;
            choice.run();
            origin.current = null;
            armNext.current = null;
          } else notify(d.cancelled ?? `${d.title}: cancelled, nothing was changed`);
          return true;
        }
        case 'view':
          if (d.keys?.(key)) return true;
          if (NAV_KEYS[key] !== undefined) {
            scrollBy(key, page);
            return true;
          }
          if (key === 'escape' || key === 'enter' || key === 'q') close();
          return true;
      }
    },
    [asked, close, notify, setDialog, ref, scrollBy],
  );

  return {
    dialog: ref.current,
    get isOpen() {
      return ref.current !== null;
    },
    scroll: Math.min(scrollRef.current, maxScroll.current),
    maxScroll,
    open,
    close,
    form,
    ask,
    run,
    handleKey,
  };
}
